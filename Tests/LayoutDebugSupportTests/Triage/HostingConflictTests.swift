@testable import LayoutDebugSupport
import XCTest

/// SwiftUI's hosting views in pasted logs (`Tests/Fixtures/hosting`, whose
/// README cites each form): named short, owned as SwiftUI's hosting view in
/// the app, hinted with the lever, and fix 1 on the app's side.
final class HostingConflictTests: XCTestCase {
    /// The one conflict of `Tests/Fixtures/hosting/<name>`, with `appModules` dropped as `--app-module` does.
    private func conflict(_ name: String, appModules: Set<String> = [],
                          file: StaticString = #filePath, line: UInt = #line) throws -> ConflictSnapshot {
        let url = ParsingCorpus.directory.deletingLastPathComponent().appendingPathComponent("hosting/" + name)
        let log = try String(contentsOf: url, encoding: .utf8)
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first, "no conflict in \(name)", file: file, line: line)
        XCTAssertEqual(conflict.unparsedLines, [], file: file, line: line)
        return conflict.renamingClasses { AppModuleNames.shortened($0, modules: appModules) }
    }

    // MARK: - Names

    /// Each name demangled by hand from Swift's old mangling: `G` a generic, `C7SwiftUI14_UIHostingView`
    /// the class, `V4Feed8CardView` its argument, `S_` the first substitution (SwiftUI), `_` the end.
    func test_hostingViewNames_readShort_fromEveryPrintedForm() {
        let cases = [
            "_TtGC7SwiftUI14_UIHostingViewV4Feed8CardView_": "_UIHostingView<Feed.CardView>",
            "_TtGC7SwiftUI14_UIHostingViewGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__":
                "_UIHostingView<ModifiedContent<AnyView, RootModifier>>",
            "_TtGC7SwiftUI14_UIHostingViewV18KeyboardSwiftUIBug11ContentView_": "_UIHostingView<KeyboardSwiftUIBug.ContentView>",
            "_TtGC7SwiftUI13NSHostingViewVS_7AnyView_": "NSHostingView<AnyView>",
            "NSKVONotifying__TtGC7SwiftUI13NSHostingViewV5Notes11SidebarView_": "NSHostingView<Notes.SidebarView>",
            "SwiftUI._UIHostingView<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>":
                "_UIHostingView<ModifiedContent<AnyView, RootModifier>>",
            "SwiftUI.NSHostingView<Charts.Chart<SwiftUI.AnyView>>": "NSHostingView<Charts.Chart<AnyView>>",
        ]
        XCTAssertEqual(HostingViewNames.readable("SwiftUI.UIHostingController<Feed.CardView>"), "UIHostingController<Feed.CardView>")
        XCTAssertNil(HostingViewNames.kind(of: "UIHostingController<Feed.CardView>"), "a controller is no hosting view")
        for (printed, short) in cases {
            XCTAssertEqual(HostingViewNames.readable(printed), short, printed)
            XCTAssertTrue(HostingViewNames.isHostingView(printed), printed)
        }
        XCTAssertEqual(HostingViewNames.kind(of: "_TtGC7SwiftUI14_UIHostingViewV4Feed8CardView_"), .uiKit)
        XCTAssertEqual(HostingViewNames.kind(of: "NSHostingView<AnyView>"), .appKit)
        XCTAssertEqual(HostingViewNames.content(of: "_UIHostingView<Feed.CardView>"), "Feed.CardView")
    }

    /// SwiftUI's other classes keep their names: only the hosting view is named short.
    func test_otherSwiftUIClasses_keepTheirNames() {
        for name in ["SwiftUI.PlatformViewHost<SwiftUI.AnyView>", "SwiftUI.HostingScrollView", "Feed.CardView",
                     "NSKVONotifying_UIView", "UIView"] {
            XCTAssertEqual(HostingViewNames.readable(name), name)
            XCTAssertNil(HostingViewNames.kind(of: name), name)
        }
    }

    /// With the app's module dropped, a hosting view of the app's content is `_UIHostingView<CardView>`.
    func test_cellLog_namesTheHostingViewShort() throws {
        let conflict = try conflict("cell.txt", appModules: ["Feed"])
        XCTAssertEqual(conflict.mutuallyExclusive[0].firstItem?.className, "_UIHostingView<CardView>")
    }

    // MARK: - Owner

    func test_cellLog_isOwnedAsSwiftUIsHostingViewInYourCell() throws {
        let triage = ConflictTriage.classify(try conflict("cell.txt", appModules: ["Feed"]))
        XCTAssertEqual(triage.line, "Owner: yours (SwiftUI's hosting view in your cell: <_UIHostingView<CardView>:0x7f8b1c00a200>)")
    }

    /// Live, the app's view controller is known, and the owner line names it.
    func test_liveConflict_namesTheViewController() throws {
        var conflict = try conflict("cell.txt", appModules: ["Feed"])
        conflict.viewController = "FeedViewController"
        XCTAssertEqual(ConflictTriage.classify(conflict).evidence,
                       "SwiftUI's hosting view in your FeedViewController: <_UIHostingView<CardView>:0x7f8b1c00a200>")
    }

    func test_keyboardLog_namesTheAppViewItIsPinnedIn() throws {
        let triage = ConflictTriage.classify(try conflict("keyboard.txt", appModules: ["Feed"]))
        XCTAssertEqual(triage.evidence, "SwiftUI's hosting view in your <ComposeView:0x7f8b1c20a800>: "
                       + "<_UIHostingView<ModifiedContent<AnyView, RootModifier>>:0x7f8b1c20b400>")
    }

    /// The app made the NSHostingView and sets its sizingOptions: the conflict is the app's, not AppKit's.
    func test_windowLog_isYours_inYourWindow() throws {
        let conflict = try conflict("window.txt")
        XCTAssertEqual(ConflictTriage.owner(of: conflict), .yours)
        XCTAssertEqual(ConflictTriage.classify(conflict).evidence,
                       "SwiftUI's hosting view in your window: <NSHostingView<Notes.SidebarView>:0x7fa3b9e0c200>")
    }

    // MARK: - Hints

    func test_keyboardLog_hintNamesTheLevers_andTheContentsIdealHeight() throws {
        let hints = ConflictReportRenderer.hints(try conflict("keyboard.txt"))
        XCTAssertEqual(hints.count, 1, "one hint for the one hosting view: \(hints)")
        let hint = try XCTUnwrap(hints.first)
        XCTAssertTrue(hint.hasPrefix("<_UIHostingView<ModifiedContent<AnyView, RootModifier>>:0x7f8b1c20b400> is SwiftUI's: "
                                     + "a UIHostingController's view"), hint)
        XCTAssertTrue(hint.contains("(its content's ideal height here: 540.5)"), hint)
        for lever in ["sizingOptions = .intrinsicContentSize (iOS 16+)", "a priority below 1000 on your constraint", ".fixedSize()"] {
            XCTAssertTrue(hint.contains(lever), lever)
        }
    }

    func test_windowLog_hintNamesNSHostingViewsSizingOptions() throws {
        let hints = ConflictReportRenderer.hints(try conflict("window.txt"))
        XCTAssertTrue(hints[0].hasPrefix("<NSHostingView<Notes.SidebarView>:0x7fa3b9e0c200> is SwiftUI's NSHostingView: "
                                         + "by default (sizingOptions .standardBounds) it makes constraints of its content's "
                                         + "minimum, ideal and maximum size"), hints[0])
        XCTAssertTrue(hints[0].contains("[] makes none"), hints[0])
        XCTAssertTrue(hints[1].hasPrefix("'NSWindow-current-width'"), hints[1])
    }

    // MARK: - Fix 1

    /// The app's fixed 120.5 on the hosting view gives way (the engine broke the same one).
    func test_cellLog_fix1_isTheFixedHeightOnTheHostingView() throws {
        let explanation = ConflictExplainer.explain(try conflict("cell.txt"))
        let first = try XCTUnwrap(explanation.fixes.first)
        XCTAssertEqual(first.target, 0x600002b1c140)  // _UIHostingView.height == 120.5
        XCTAssertEqual(first.change, .priority(999))
        XCTAssertEqual(first.tryFirst, true)
        XCTAssertEqual(explanation.rankedBy, ["hostingSize"])
        XCTAssertTrue(first.reason?.hasPrefix("SwiftUI sizes _UIHostingView<Feed.CardView> from its content, so your fixed "
                                              + "height 120.5 on it is the one to give way") == true, first.reason ?? "")
    }

    /// SwiftUI's 540.5 holds (compression resistance 1000): the app's bottom edge, 336 above the
    /// superview's, is the one to change (540.5 + 336 = 876.5 > 844), not the superview's height.
    func test_keyboardLog_fix1_isYourBottomEdge_notTheSuperviewsHeight() throws {
        let explanation = ConflictExplainer.explain(try conflict("keyboard.txt"))
        let first = try XCTUnwrap(explanation.fixes.first)
        XCTAssertEqual(first.target, 0x600003a08f50)
        XCTAssertEqual(explanation.rankedBy, ["hostingSize", "fixedSize"])
        XCTAssertTrue(first.reason?.contains("'s height 540.5 is its SwiftUI content's") == true, first.reason ?? "")
    }

    func test_windowLog_fix1_isTheFixedWidth_sayingALogCannotTellWhoMadeIt() throws {
        let explanation = ConflictExplainer.explain(try conflict("window.txt"))
        let first = try XCTUnwrap(explanation.fixes.first)
        XCTAssertEqual(first.target, 0x600002d0c1e0)
        XCTAssertTrue(first.reason?.contains("(yours, or one its sizingOptions made: a log cannot tell them apart)") == true,
                      first.reason ?? "")
    }
}
