import Foundation
@testable import LayoutDebugSupport
import XCTest

/// `LoopText` on every pasted form of `Tests/Fixtures/loops` (`SOURCES.md` says where each was
/// seen). Every expected value was read off the fixture's own lines by hand: the pass from the
/// reason's words, the window from its description (and each `0xN (N)` checked by arithmetic:
/// 0x28f = 2·256 + 8·16 + 15 = 655; 0x72 = 7·16 + 2 = 114; 0x139e = 4096 + 3·256 + 9·16 + 14 =
/// 5022; 0x74e2 = 7·4096 + 4·256 + 14·16 + 2 = 29922; 0x5696 = 5·4096 + 6·256 + 9·16 + 6 = 22166;
/// 0x2b84 = 2·4096 + 11·256 + 8·16 + 4 = 11140; 0x116 = 256 + 16 + 6 = 278), line numbers by
/// counting the file's lines, and the app's frames as the frames whose image is not Apple's.
final class LoopTextTests: XCTestCase {
    // MARK: - Fixtures

    /// `<repo>/Tests/Fixtures/loops`, three levels up from this file.
    private static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/loops")

    private func reading(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> LoopReading {
        let text = try String(contentsOf: Self.directory.appendingPathComponent(name), encoding: .utf8)
        return LoopText.read(text)
    }

    /// The one loop of fixture `name`.
    private func loop(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> PastedLoop {
        let loops = try reading(name, file: file, line: line).loops
        XCTAssertEqual(loops.count, 1, "\(name): \(loops.count) loops", file: file, line: line)
        return try XCTUnwrap(loops.first, file: file, line: line)
    }

    /// Apple's images in these fixtures: a stand-in for layout-explain's generated list, which
    /// `Tests/python/test_layout_explain_loops.py` checks through the real command.
    private static func isApple(_ frame: LoopFrame) -> Bool {
        let apple: Set = ["AppKit", "com.apple.AppKit", "CoreFoundation", "libobjc.A.dylib", "SwiftUI", "SwiftUICore",
                          "QuartzCore", "libdyld.dylib", "dyld", "libsystem_kernel.dylib", "libsystem_pthread.dylib",
                          "Foundation", "UIKit", "CoreAutoLayout", "libsqlite3.dylib"]
        return apple.contains(frame.image ?? "")
    }

    private func explained(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> LoopExplanation {
        LoopExplanation(try loop(name, file: file, line: line), isFramework: Self.isApple)
    }

    // MARK: - Crash reports

    func test_a_10_15_crash_report_gives_the_pass_the_headers_os_and_no_window() throws {
        let loop = try loop("crash-10.15-update-constraints.txt")
        XCTAssertEqual(loop.form, .crashReport)
        XCTAssertEqual(loop.pass, .updateConstraints)
        XCTAssertEqual(loop.osVersion, "Mac OS X 10.15 (19A471t)")
        XCTAssertNil(loop.window)
        XCTAssertTrue(loop.reasonWithoutDescription)
        XCTAssertEqual(loop.problems, [])
        // The exception's backtrace (17 frames), not the crashed thread's or thread 1's.
        XCTAssertEqual(loop.stack.count, 17)
        let explanation = LoopExplanation(loop, isFramework: Self.isApple)
        XCTAssertEqual(explanation.appFrames.map(\.symbol), ["-[PlaylistViewController updateConstraints]"])
        XCTAssertEqual(explanation.appFrames.map(\.index), [8])
        XCTAssertFalse(explanation.swiftUIHosting)
        XCTAssertEqual(explanation.signature,
                       "Update Constraints in Window | unknown window | -[PlaylistViewController updateConstraints]")
    }

    func test_a_macOS_11_report_gives_the_windows_class_number_frame_title_and_language() throws {
        let loop = try loop("crash-11-window-description.txt")
        XCTAssertEqual(loop.window, LoopWindow(className: "NSWindow", address: 0x126f5db70, number: 655,
                                               frame: [649, 99, 1047, 787], title: "Reddit", language: "en"))
        XCTAssertEqual(loop.osVersion, "macOS 11.2.1 (20D75)")
        XCTAssertEqual(loop.stack.first?.symbol, "__exceptionPreprocess")
        XCTAssertEqual(loop.stack.last?.symbol, "__62-[NSWindow(NSConstraintBasedLayout) updateConstraintsIfNeeded]_block_invoke")
    }

    func test_a_translated_report_finds_the_hosting_view_in_a_swiftui_window() throws {
        let explanation = try explained("crash-12-swiftui-translated.txt")
        XCTAssertEqual(explanation.form, .crashReport)
        XCTAssertEqual(explanation.window?.className, "SwiftUI.SwiftUIWindow")
        XCTAssertEqual(explanation.window?.number, 114)
        XCTAssertEqual(explanation.window?.frame, [68, 216, 940, 692])
        XCTAssertTrue(explanation.swiftUIHosting)
        XCTAssertEqual(explanation.hostingFrames.first,
                       "#12 SwiftUI $s7SwiftUI13NSHostingViewC17updateConstraintsyyF6$deferL_yyAA0D0RzlF")
        XCTAssertEqual(explanation.os.version, "macOS 12.1 (21C52)")
        XCTAssertEqual(explanation.appFrames, [])
    }

    func test_an_ips_report_is_read_from_its_asi_its_text_backtrace_and_its_header() throws {
        let loop = try loop("ips-13-asi.ips")
        XCTAssertEqual(loop.form, .ips)
        XCTAssertEqual(loop.pass, .updateConstraints)
        XCTAssertEqual(loop.window?.number, 5022)
        XCTAssertEqual(loop.window?.title, "UTM")
        XCTAssertEqual(loop.osVersion, "macOS 13.0.1 (22A400)")
        // asiBacktraces holds the exception's stack: 13 frames, AppKit's throw site at 3.
        XCTAssertEqual(loop.stack.count, 13)
        XCTAssertEqual(loop.stack[3].symbol, "-[NSWindow(NSDisplayCycle) _postWindowNeedsUpdateConstraintsUnlessPostingDisabled]")
        XCTAssertEqual(loop.problems, [])
    }

    func test_an_ips_frame_object_is_named_by_its_used_image() throws {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("ips-13-asi.ips"), encoding: .utf8)
        var region = LoopRegion(startLine: 1)
        for (index, line) in text.split(separator: "\n").enumerated() {
            region.consume(line, raw: line, number: index + 1, isDisplayCycle: false)
        }
        let stacks = region.ipsFindings().stacks
        let last = try XCTUnwrap(stacks.first { $0.title == "Last Exception Backtrace" })
        // imageIndex 5 has no name, only a path ending in SwiftUI; 8 is AppKit.
        XCTAssertEqual(last.frames[2].image, "SwiftUI")
        XCTAssertEqual(last.frames[2].symbol, "NSHostingView.updateWindowContentSizeExtremaIfNecessary()")
        XCTAssertEqual(last.frames[7].image, "AppKit")
    }

    // MARK: - Console, logs, handlers

    func test_the_console_layout_twin_gives_the_layout_pass_and_the_exception() throws {
        let explanation = try explained("console-26-layout-window.txt")
        XCTAssertEqual(explanation.form, .console)
        XCTAssertEqual(explanation.pass, .layout)
        XCTAssertEqual(explanation.exception, "NSGenericException")
        XCTAssertEqual(explanation.window?.number, 29922)
        XCTAssertEqual(explanation.window?.frame, [335, 232, 800, 600])
        XCTAssertNil(explanation.window?.title)
        XCTAssertEqual(explanation.os.since, "macOS 11")
        XCTAssertEqual(explanation.problems, [])
    }

    func test_the_non_fatal_form_is_one_loop_of_macOS_14_and_its_cut_stack_says_so() throws {
        let loop = try loop("nonfatal-14-future-marking.txt")
        XCTAssertEqual(loop.form, .nonFatal)
        XCTAssertEqual(loop.firstLine, 2)
        XCTAssertEqual(loop.window?.className, "SPWindow")
        XCTAssertEqual(loop.window?.number, 22166)
        XCTAssertEqual(loop.window?.frame, [-57, 1102, 921, 742])
        XCTAssertEqual(loop.window?.language, "en")
        XCTAssertEqual(LoopEra(loop).since, "macOS 14")
        // The pasted stack stops after objc_exception_throw, before any AppKit frame.
        XCTAssertEqual(loop.problems, [.truncated])
    }

    func test_the_display_cycle_log_gives_the_limit_and_the_count() throws {
        let loop = try loop("displaycycle-26-log.txt")
        XCTAssertEqual(loop.form, .displayCycleLog)
        XCTAssertEqual(loop.pass, .updateConstraints)
        XCTAssertEqual(loop.limit, 198)
        XCTAssertEqual(loop.count, 204)
        XCTAssertEqual(loop.stack.map(\.index), [0, 1, 2, 29, 30, 31, 32])
        XCTAssertEqual(LoopEra(loop).evidence, "not told by this text")
    }

    func test_an_apps_own_handler_gives_name_reason_window_and_call_stack() throws {
        let explanation = try explained("handler-hermespet.txt")
        XCTAssertEqual(explanation.form, .exceptionHandler)
        XCTAssertEqual(explanation.exception, "NSGenericException")
        XCTAssertEqual(explanation.window?.language, "zh-Hans")
        XCTAssertEqual(explanation.window?.number, 11140)
        XCTAssertTrue(explanation.swiftUIHosting)
        XCTAssertEqual(explanation.hostingFrames.count, 2)
    }

    func test_a_symbolicated_list_and_an_abridged_description_are_read() throws {
        let explanation = try explained("symbolicated-list-typewhisper.txt")
        XCTAssertEqual(explanation.form, .stack)
        XCTAssertEqual(explanation.window, .init(className: "TypeWhisper.NotchIndicatorPanel", address: nil, number: nil,
                                                 frame: [685, -1883, 1460, 2990], title: nil, language: nil))
        XCTAssertEqual(explanation.hostingFrames, ["#6 SwiftUI NSHostingView.setNeedsUpdate()",
                                                   "#7 SwiftUI NSHostingView.requestUpdate(after:)"])
    }

    func test_a_window_frame_change_under_the_layout_pass_is_named_with_both_frames() throws {
        let explanation = try explained("diagnostic-json-frame-change.txt")
        XCTAssertEqual(explanation.exception, "NSGenericException")
        XCTAssertEqual(explanation.windowFrameChange, .init(
            setter: "#16 AppKit -[NSWindow _setFrameCommon:display:fromServer:]",
            pass: "#19 AppKit -[NSWindow(NSConstraintBasedLayoutInternal) layoutIfNeeded]", passName: "Layout Window"))
        XCTAssertEqual(explanation.appFrames.map(\.index), [17, 18])
        XCTAssertEqual(explanation.signature, "Update Constraints in Window | NSWindow | "
            + "MyApp.LauncherPanel.fitToContent() < MyApp.LauncherPanel.windowDidLayout()")
    }

    // MARK: - UIKit

    func test_uikits_feedback_loop_names_the_top_level_view() throws {
        let loop = try loop("uikit-feedback-loop.txt")
        XCTAssertEqual(loop.form, .uikitFeedbackLoop)
        XCTAssertEqual(loop.exceptionName, "NSGenericException")
        XCTAssertEqual(loop.view, "<UIView: 0x7f95d20056e0; frame = (0 0; 375 812); wants auto layout; hosts layout engine; tAMIC = YES; >")
        XCTAssertEqual(LoopExplanation(loop, isFramework: Self.isApple).signature, "-layoutSubviews | UIView | no frame of the app's")
    }

    /// The dump's lines as UIKitCore's format strings make them (`_UIViewLayoutFeedbackLoopDebugger`
    /// in EthanArbuckle/iPhone18-3_26.1_23B85_Restore: `Degenerate layout!`, ` Layout feedback loop
    /// detected`, ` in subtree of %@. `, `Views caught in loop: %@`); the views are made up. No
    /// real dump was found: the array is read as whatever `<…>` descriptions follow.
    func test_uikits_dump_gives_the_subtree_on_the_next_line_and_the_views_caught() throws {
        let loops = LoopText.read("""
            2022-02-17 17:41:44.604315-0800 Demo[87556:2029780] [LayoutLoop] Degenerate layout!
             Layout feedback loop detected in subtree of <UIView: 0x7fc47f407f90; frame = (0 0; 375 667); >. 
            Views caught in loop: (
                "<UIView: 0x7fc47f407f90; frame = (0 0; 375 667); >",
                "<Demo.BadgeView: 0x7fc47f50a2b0; frame = (16 20; 80 20); >"
            )

            Top-level view = <UIView: 0x7fc47f407f90; frame = (0 0; 375 667); >
            """).loops
        XCTAssertEqual(loops.count, 1)
        XCTAssertEqual(loops.first?.view, "<UIView: 0x7fc47f407f90; frame = (0 0; 375 667); >")
        XCTAssertEqual(loops.first?.viewsInLoop, ["<UIView: 0x7fc47f407f90; frame = (0 0; 375 667); >",
                                                  "<Demo.BadgeView: 0x7fc47f50a2b0; frame = (16 20; 80 20); >"])
    }

    /// The dump, then the exception UIKit raises for it (`Degenerate layout! … in subtree of %@.`
    /// as its reason), as ReferenceKit's debugger prints them: one loop, with the dump's views
    /// and the exception's name and stack. An exception about another subtree is a loop of its own.
    func test_uikits_dump_and_the_exception_it_raises_are_one_loop() {
        let dump = """
            2026-11-29 22:14:05.073191+0000 Demo[422:422] [LayoutLoop] Degenerate layout! Layout feedback loop detected in subtree of <UIView: 0x55fae5f1f4e0; frame = (0 0; 425 667); autoresize = W+H>. 
            Top-level view = <UIView: 0x55fae5f1f4e0; frame = (0 0; 425 667); autoresize = W+H>

            Views caught in loop: (
                <UIView: 0x55fae5f1f4e0; frame = (0 0; 425 667); autoresize = W+H>,
                <Demo.GrowingBadge: 0x55fae5f1f360; frame = (20 100; 100 40)>
            )

            """
        func exception(_ view: String) -> String {
            """
            *** Terminating app due to uncaught exception 'NSGenericException', reason: 'Degenerate layout! Layout feedback loop detected in subtree of <UIView: \(view); frame = (0 0; 425 667); autoresize = W+H>. More info may be available in the log for com.apple.UIKit.LayoutLoop'
            *** First throw call stack:
            (
            \t0   libobjc.A.dylib                     0x000000018005c12c objc_exception_throw + 72
            \t1   Demo                                0x0000000102a4f1c4 $s4Demo12GrowingBadgeC14layoutSubviewsyyF + 212
            \t2   UIKitCore                           0x0000000185a1b2c8 -[UIView(CALayerDelegate) layoutSublayersOfLayer:] + 1528
            )
            libc++abi: terminating due to uncaught exception of type NSException
            """
        }
        let joined = LoopText.read(dump + exception("0x55fae5f1f4e0")).loops
        XCTAssertEqual(joined.count, 1)
        XCTAssertEqual(joined.first?.exceptionName, "NSGenericException")
        XCTAssertEqual(joined.first?.viewsInLoop.count, 2)
        XCTAssertEqual(joined.first?.firstLine, 1)
        // Lines 1–7 are the dump (its array ends at `)`, no blank line after it), 8 the exception,
        // 9–10 the stack's title and `(`, 11–13 its frames.
        XCTAssertEqual(joined.first?.lastLine, 13, "through the stack's last frame")
        XCTAssertEqual(joined.first?.stack.map(\.symbol), ["objc_exception_throw", "$s4Demo12GrowingBadgeC14layoutSubviewsyyF",
                                                          "-[UIView(CALayerDelegate) layoutSublayersOfLayer:]"])
        XCTAssertEqual(joined.first?.problems, [], "whole: its stack reaches UIKit")
        let apart = LoopText.read(dump + exception("0x55fae5f1f999")).loops
        XCTAssertEqual(apart.count, 2, "another subtree's exception is another loop")
    }

    /// The Display Window twin, as gasmask#172 (macOS 10.15/11 beta) titles its crash.
    func test_the_display_window_twin_gives_the_display_pass() {
        let loops = LoopText.read("""
            Application Specific Information:
            Crashing on exception: The window has been marked as needing another Display Window pass, but it has already had more Display Window passes than there are views in the window.
            """).loops
        XCTAssertEqual(loops.map(\.pass), [.display])
        XCTAssertEqual(loops.first?.problems, [])
    }

    func test_layout_still_required_names_the_class_and_iOS_7_or_earlier() throws {
        let loop = try loop("uikit-layout-still-required.txt")
        XCTAssertEqual(loop.form, .uikitLayoutStillRequired)
        XCTAssertEqual(loop.view, "MGScrollView")
        XCTAssertEqual(loop.exceptionName, "NSInternalInconsistencyException")
        XCTAssertEqual(LoopEra(loop).until, "iOS 7")
        XCTAssertEqual(loop.stack.count, 7)
    }

    // MARK: - Hangs

    func test_a_hang_sample_inside_the_pass_counts_its_samples() throws {
        let explanation = try explained("hang-sample-update-constraints.txt")
        XCTAssertEqual(explanation.form, .hangSample)
        XCTAssertEqual(explanation.pass, .updateConstraints)
        XCTAssertEqual(explanation.samplesInPass, 2529)
        XCTAssertEqual(explanation.samples, 2529)
        // `main` is every app's: not listed.
        XCTAssertEqual(explanation.appFrames.map(\.symbol), ["-[BoardView updateConstraints]"])
        XCTAssertNil(explanation.windowFrameChange)
    }

    // MARK: - Bad input

    func test_a_report_cut_inside_its_reason_is_truncated_and_still_names_the_pass() throws {
        let loop = try loop("bad-truncated-crash.txt")
        XCTAssertEqual(loop.pass, .updateConstraints)  // "more Upd" — the one pass starting so
        XCTAssertEqual(loop.problems, [.truncated])
        XCTAssertEqual(loop.osVersion, "macOS 12.1 (21C52)")
    }

    func test_a_stack_with_no_appkit_frame_is_not_a_loop() throws {
        let reading = try reading("bad-no-appkit-frames.txt")
        XCTAssertEqual(reading.loops.count, 0)
        XCTAssertEqual(reading.notALoop, .stackWithoutPlatformFrames)
    }

    func test_a_hang_sample_outside_any_pass_is_not_a_loop() throws {
        let reading = try reading("bad-hang-sample-no-loop.txt")
        XCTAssertEqual(reading.loops.count, 0)
        XCTAssertEqual(reading.notALoop, .hangWithoutPass)
    }

    func test_unsymbolicated_app_frames_are_listed_without_a_symbol_and_said() throws {
        let loop = try loop("bad-unsymbolicated.txt")
        XCTAssertEqual(loop.problems, [.unsymbolicated])
        let explanation = LoopExplanation(loop, isFramework: Self.isApple)
        XCTAssertEqual(explanation.appFrames, [.init(index: 6, image: "MyApp", symbol: nil),
                                               .init(index: 7, image: "MyApp", symbol: nil)])
    }

    func test_a_stack_of_addresses_alone_is_not_a_loop_and_says_to_symbolicate() {
        let reading = LoopText.read("""
            Thread 0 Crashed:
            0   MyApp                               0x0000000100099cb4 0x100094000 + 23732
            1   MyApp                               0x000000010009b250 0x100094000 + 29264
            """)
        XCTAssertEqual(reading.notALoop, .unsymbolicatedStack)
    }

    func test_a_reason_pasted_with_another_threads_stack_says_the_stack_is_not_the_loops() {
        let reading = LoopText.read("""
            Crashing on exception: The window has been marked as needing another Layout Window pass, but it has already had more Layout Window passes than there are views in the window.

            Thread 1:
            0   MyApp                               0x000000010f2b1000 -[DownloadWorker run] + 40
            1   libsystem_pthread.dylib             0x00007fff6c4b1109 thread_start + 13
            """)
        XCTAssertEqual(reading.loops.first?.pass, .layout)
        XCTAssertEqual(reading.loops.first?.problems, [.noPlatformFrames])
    }

    func test_a_window_number_is_kept_only_when_its_two_spellings_agree() {
        let agree = LoopWindow.read(in: "<NSWindow: 0x1> 0x76 (118) {{2262, 110}, {1143, 801}} fr")
        XCTAssertEqual(agree?.number, 118)
        XCTAssertEqual(agree?.language, "fr")
        let differ = LoopWindow.read(in: "<NSWindow: 0x1> 0x76 (119) {{2262, 110}, {1143, 801}} fr")
        XCTAssertNil(differ?.number)
        XCTAssertEqual(differ?.frame, [2262, 110, 1143, 801])
    }

    // MARK: - Several loops, big texts

    func test_two_crashes_in_one_console_are_two_loops_and_the_summary_counts_them_once() throws {
        let one = try String(contentsOf: Self.directory.appendingPathComponent("console-26-layout-window.txt"), encoding: .utf8)
        let loops = LoopText.read("some app output\n" + one + one).loops
        // The fixture is 17 lines: the second copy starts at 1 + 17 + 1.
        XCTAssertEqual(loops.map(\.firstLine), [2, 19])
        var summary = LoopSummary()
        for loop in loops { summary.add(LoopExplanation(loop, isFramework: Self.isApple)) }
        XCTAssertEqual(summary.sorted, [.init(signature: "Layout Window | NSWindow | no frame of the app's", count: 2,
                                              withSwiftUIHosting: 0)])
        XCTAssertEqual(summary.text, "layout loops: 2, 1 distinct\n  2× Layout Window | NSWindow | no frame of the app's\n")
    }

    func test_a_text_over_16_MB_is_read_around_the_loops_words_with_its_own_line_numbers() throws {
        let loop = try String(contentsOf: Self.directory.appendingPathComponent("console-26-layout-window.txt"), encoding: .utf8)
        let line = Array(("2026-01-01 00:00:00.000 MyApp[1:2]" + String(repeating: " an ordinary line", count: 57) + "\n").utf8)
        var filler: [UInt8] = []
        filler.reserveCapacity(line.count * 17_000)
        for _ in 0..<17_000 { filler.append(contentsOf: line) }  // 1004 bytes a line: 17 MB before the loop
        XCTAssertGreaterThan(filler.count, 16 << 20)
        let bytes = filler + Array(loop.utf8) + filler
        let reading = bytes.withUnsafeBufferPointer { LoopText.read(bytes: $0, always: false) }
        XCTAssertEqual(reading?.loops.map(\.firstLine), [17_001])
        XCTAssertEqual(reading?.loops.first?.pass, .layout)
        XCTAssertNil(filler.withUnsafeBufferPointer { LoopText.read(bytes: $0, always: false) })
    }
}
