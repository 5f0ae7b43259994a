import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// `lreport` on each hosting scenario: SwiftUI's sizes, the imposed size and
/// the generated constraints, each checked by hand against the scenario's size
/// function (`Sources/DemoScenarios/HostingScenarios.swift`).
final class HostingReportTests: XCTestCase {
    override func tearDown() {
        Nametags.removeAll()
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    /// The report of the first view of `scenario` whose class starts with `prefix`, and the view.
    @MainActor
    private func report(_ scenario: String, _ prefix: String, file: StaticString = #filePath,
                        line: UInt = #line) throws -> (text: String, view: UIView, window: UIWindow) {
        let window = try BuiltScenario(scenario).window
        let view = try XCTUnwrap(allViews(window).first { String(describing: type(of: $0)).hasPrefix(prefix) },
                                 file: file, line: line)
        return (LiveReports.report(at: LiveHierarchy.address(view), options: .noDescend), view, window)
    }

    @MainActor
    private func allViews(_ view: UIView) -> [UIView] { [view] + view.subviews.flatMap(allViews) }

    /// CardView: 320 wide when proposed 320, 120.5 high whatever is proposed. The cell imposes 320 × 44.
    func test_cell_reportsTheIdealSize_andTheHeightTheCellImposes() throws {
        try onMain {
            let (text, _, window) = try report("hosting-cell-conflict", "_UIHostingView")
            XCTAssertTrue(text.contains("Hosting........UIHostingController's view; sizingOptions [] (the default)\n"), text)
            XCTAssertTrue(text.contains("SwiftUI size...ideal 320 × 120.5; 320 × 120.5 when proposed its frame\n"), text)
            // 120.5 - 44 = 76.5
            XCTAssertTrue(text.contains("Imposed size...320 × 44 by the constraints: 76.5 less high than its content "
                                        + "(SwiftUI centres the content in the frame)\n"), text)
            XCTAssertTrue(text.contains("Generated......none: its intrinsic content size (Content size) stands for its content\n"), text)
            XCTAssertFalse(text.contains("Pixel grid"), "120.5 × 2 = 241 px lands:\n\(text)")
            withExtendedLifetime(window) {}
        }
    }

    /// ComposeView: ideally 375 × 540.5; proposed its frame 375 × 540.5 (the engine kept the required 540.5).
    func test_keyboard_reportsIntrinsicContentSizeOption_andNoDifference() throws {
        try onMain {
            let (text, _, window) = try report("hosting-keyboard-conflict", "_UIHostingView")
            XCTAssertTrue(text.contains("Hosting........UIHostingController's view; sizingOptions [.intrinsicContentSize]\n"), text)
            XCTAssertTrue(text.contains("SwiftUI size...ideal 375 × 540.5; 375 × 540.5 when proposed its frame\n"), text)
            XCTAssertTrue(text.contains("Imposed size...375 × 540.5 by the constraints: as its content\n"), text)
            withExtendedLifetime(window) {}
        }
    }

    /// SplitView: min 480 × 300, ideal 874 × 540.5, max 1600 × 1200; the window imposes 375 × 667,
    /// where the content answers 480 × 667 (375 clamped up to 480): 105 less wide.
    func test_window_reportsBoundsGeneratedConstraintsAndTheImposedWidth() throws {
        try onMain {
            let (text, view, window) = try report("hosting-window-conflict", "NSHostingView")
            XCTAssertTrue(text.contains("Hosting........NSHostingView; sizingOptions [.minSize, .intrinsicContentSize, "
                                        + ".maxSize] (.standardBounds, the default)\n"), text)
            XCTAssertTrue(text.contains("SwiftUI size...ideal 874 × 540.5, minimum 480 × 300, maximum 1600 × 1200; "
                                        + "480 × 667 when proposed its frame\n"), text)
            XCTAssertTrue(text.contains("Imposed size...375 × 667 by the constraints: 105 less wide than its content"), text)
            let generated = try XCTUnwrap((view as? HostingViewInspection)?.generatedSizeConstraints)
            XCTAssertEqual(generated.count, 4)
            XCTAssertTrue(text.contains("Generated......4 of its constraints below, by its sizingOptions: "), text)
            XCTAssertTrue(text.contains("Pixel grid.....ideal 540.5 is not a whole point, and a window's frame is: it never lands"), text)
            XCTAssertEqual(window.contentMinSize, CGSize(width: 480, height: 300))
        }
    }

    /// PanelView: 874 × 540.5 for every proposal; only `.intrinsicContentSize`, so no constraint is made.
    func test_fractional_saysTheIdealSizeNeverLands() throws {
        try onMain {
            let (text, _, window) = try report("hosting-fractional", "NSHostingView")
            XCTAssertTrue(text.contains("sizingOptions [.intrinsicContentSize]\n"), text)
            XCTAssertTrue(text.contains("Generated......none\n"), text)
            XCTAssertTrue(text.contains("Pixel grid.....ideal 540.5 is not a whole point"), text)
            withExtendedLifetime(window) {}
        }
    }

    /// ToolbarRow: 0 to infinity wide, 44 high: the maximum width is unbounded, and only the
    /// height gets a maximum (44) beside both minimums (0 and 44).
    func test_infinity_reportsAnUnboundedMaximum_andThreeConstraints() throws {
        try onMain {
            let (text, _, window) = try report("hosting-infinity", "NSHostingView")
            XCTAssertTrue(text.contains("SwiftUI size...ideal 320 × 44, minimum 0 × 44, maximum unbounded × 44; "
                                        + "375 × 44 when proposed its frame\n"), text)
            XCTAssertTrue(text.contains("Generated......3 of its constraints below"), text)
            withExtendedLifetime(window) {}
        }
    }

    // MARK: - Live conflicts

    /// The conflict report at the breakpoint names SwiftUI's hosting view in the app's cell, the
    /// lever, and as fix 1 the app's measured height (the engine broke it too).
    func test_cellConflict_live_namesTheHostingView_theLever_andFix1() throws {
        try onMain {
            let built = try BuiltScenario("hosting-cell-conflict")
            XCTAssertEqual(built.conflicts.count, 1)
            let text = built.conflictReport(0)
            XCTAssertTrue(text.hasPrefix("Owner: yours (SwiftUI's hosting view in your cell: <_UIHostingView<"), text)
            XCTAssertTrue(text.contains("sizingOptions = .intrinsicContentSize (iOS 16+)"), text)
            XCTAssertTrue(text.contains("1. give _UIHostingView<") && text.contains(".height == 120.5 priority 999"), text)
            XCTAssertTrue(text.contains("why: SwiftUI sizes _UIHostingView<"), text)
        }
    }

    /// The window's content view: fix 1 is the hosting view's `width >= 480`, which lreport shows it made.
    func test_windowConflict_live_fix1_isTheMinimumWidth_itsSizingOptionsMade() throws {
        try onMain {
            let built = try BuiltScenario("hosting-window-conflict")
            XCTAssertEqual(built.conflicts.count, 1)
            let text = built.conflictReport(0)
            XCTAssertTrue(text.hasPrefix("Owner: yours (SwiftUI's hosting view in your window: <NSHostingView<"), text)
            XCTAssertTrue(text.contains("is SwiftUI's NSHostingView: by default (sizingOptions .standardBounds)"), text)
            XCTAssertTrue(text.contains("a minimum width 480 on SwiftUI's NSHostingView<"), text)
        }
    }

    // MARK: - Bad input

    /// Content whose every size has a NaN width, as a broken measurement gives.
    private struct Unmeasurable: HostedView {
        func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: CGFloat.nan, height: 10) }
    }

    /// One line says the content gave no size; the report goes on, and the view is left as it was.
    func test_contentThatCannotBeMeasured_getsOneLine_andTheViewIsLeftAsItWas() throws {
        try onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let controller = UIHostingController(rootView: Unmeasurable())
            let view = controller.view!
            view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            root.addSubview(view)
            root.layoutIfNeeded()
            let text = LiveReports.report(at: LiveHierarchy.address(view), options: .noDescend)
            XCTAssertTrue(text.contains("SwiftUI size...no ideal size read (NaN, negative, or no intrinsic size)\n"), text)
            XCTAssertTrue(text.contains("Imposed size...200 × 100 by the constraints\n"), text)
            XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 200, height: 100))
            let json = LiveReports.report(at: LiveHierarchy.address(view), options: [.noDescend, .json])
            XCTAssertTrue(json.contains("\"hosting\":{\"kind\":\"UIHostingController\",\"sizingOptions\":[],"
                                        + "\"generatedConstraints\":[],\"scale\":2,\"isWindowContentView\":false}"), json)
            withExtendedLifetime(controller) {}
        }
    }

    /// Every other view's report has no hosting lines.
    func test_aPlainView_hasNoHostingLines() throws {
        try onMain {
            let (text, _, window) = try report("hosting-cell-conflict", "UITableViewCellContentView")
            XCTAssertFalse(text.contains("Hosting........"), text)
            withExtendedLifetime(window) {}
        }
    }
}
