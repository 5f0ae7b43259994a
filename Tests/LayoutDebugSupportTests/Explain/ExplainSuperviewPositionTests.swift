@testable import LayoutDebugSupport
import XCTest

/// Positions an autoresizing mask (or a container) sets by a number are the
/// frame origin in the superview's coordinates: measured from `'|'` when the
/// log names it, from an unknown origin when it does not. Logs written here
/// from the grammar; every number worked out by hand.
final class ExplainSuperviewPositionTests: XCTestCase {
    /// A text view 6 wide whose content view keeps 0 from its left edge and
    /// 20 from its right (AppKit `h=-&-`): the content view would be
    /// 6 − 20 = −14 wide. Read as an absolute `minX == 0`, the text view's
    /// own left edge is free and nothing contradicts.
    private let appKitLog = """
        2026-11-25 10:00:00.000 Notes[812:9931] [Layout] Unable to simultaneously satisfy constraints:
        (
            "<NSLayoutConstraint:0x600003a1b2c0 Notes.PaperView:0x7fb1c8e0a400.width == 6   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:0x600003a1b3e0 h=-&- v=-&- NSView:0x7fb1c8e0b500.minX == 0   (active, names: '|':Notes.PaperView:0x7fb1c8e0a400 )>",
            "<NSAutoresizingMaskLayoutConstraint:0x600003a1b470 h=-&- v=-&- H:[NSView:0x7fb1c8e0b500]-(20)-|   (active, names: '|':Notes.PaperView:0x7fb1c8e0a400 )>"
        )
        Will attempt to recover by breaking constraint
        <NSLayoutConstraint:0x600003a1b2c0 Notes.PaperView:0x7fb1c8e0a400.width == 6   (active)>
        """

    private func conflict(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConflictSnapshot {
        let conflicts = ConsoleLogParser.parse(text)
        XCTAssertEqual(conflicts.count, 1, file: file, line: line)
        return try XCTUnwrap(conflicts.first, file: file, line: line)
    }

    func test_parser_keepsTheNamedSuperview_ofAnEquation() throws {
        let minX = try conflict(appKitLog).mutuallyExclusive[1]
        XCTAssertEqual(minX.superview?.className, "Notes.PaperView")
        XCTAssertEqual(minX.superview?.address, 0x7fb1c8e0a400)
        XCTAssertTrue(minX.isPositionInSuperview)
        // The visual form puts '|' first; the mask is the content view's.
        XCTAssertEqual(try conflict(appKitLog).mutuallyExclusive[2].framedItem?.className, "NSView")
    }

    func test_minX_isMeasuredFromTheNamedSuperview() throws {
        let system = LinearSystem(try conflict(appKitLog))
        let row = system.rows[1]
        let names = Dictionary(uniqueKeysWithValues: row.coefficients.map { (system.variableName($0.key), $0.value) })
        XCTAssertEqual(names, ["NSView.minX": 1, "Notes.PaperView.minX": -1])
        XCTAssertEqual(row.constant, 0)
    }

    func test_appKitTextView_contentWidthWouldBeBelowZero() throws {
        // Rows: P.width = 6; N.minX - P.minX = 0; P.minX + P.width - N.minX - N.width = 20; N.width >= 0.
        // Add the second and third: P.width - N.width = 20, so N.width = 6 - 20 = -14 < 0.
        // Multipliers +1, -1, -1 and -1 on the size fact leave 0 <= 6 - 0 - 20 - 0 = -14.
        let explanation = ConflictExplainer.explain(try conflict(appKitLog))
        XCTAssertEqual(explanation.verdict, .contradiction)
        XCTAssertEqual(explanation.sum ?? 0, -14, accuracy: 1e-9)
        XCTAssertEqual(explanation.contradiction, "0 <= -14 is impossible")
        XCTAssertEqual(explanation.rows.map(\.multiplier), [1, -1, -1, -1])
        XCTAssertTrue(explanation.reason.contains("NSView is pinned 0 from the left edge of Notes.PaperView (its autoresizing mask)"),
                      explanation.reason)
        XCTAssertTrue(explanation.reason.contains("0 + 20 + 0 <= 6 is impossible"), explanation.reason)
        let advice = explanation.fixes.map(\.advice)
        XCTAssertTrue(advice.contains("set translatesAutoresizingMaskIntoConstraints = false on NSView"), "\(advice)")
        XCTAssertFalse(advice.contains { $0.contains("on Notes.PaperView") }, "\(advice)")
    }

    /// The hint names the view whose mask it is, not the superview the
    /// visual form puts first.
    func test_hint_namesTheFramedView() throws {
        let hints = ConflictReportRenderer.hints(try conflict(appKitLog))
        XCTAssertEqual(hints.count, 1, "\(hints)")
        XCTAssertTrue(hints[0].hasPrefix("<NSView:0x7fb1c8e0b500> still has translatesAutoresizingMaskIntoConstraints on"),
                      hints[0])
    }

    /// UIKit's form, superview unnamed: two views at `minX == 0` and
    /// `minX == 10` with equal leading edges are no contradiction, since
    /// nothing says their superviews are one view.
    private func uiKitLog(names: String) -> String {
        """
        Unable to simultaneously satisfy constraints.
        (
            "<NSAutoresizingMaskLayoutConstraint:0x6000011a0001 h=--& v=--& UIView:0x7fa0c0a00a10.minX == 0   (active\(names))>",
            "<NSAutoresizingMaskLayoutConstraint:0x6000011a0002 h=--& v=--& UIView:0x7fa0c0a00b20.minX == 10   (active\(names))>",
            "<NSLayoutConstraint:0x6000011a0003 UIView:0x7fa0c0a00a10.leading == UIView:0x7fa0c0a00b20.leading   (active)>"
        )
        """
    }

    func test_unnamedSuperviews_areUnknownOrigins_notZero() throws {
        let explanation = ConflictExplainer.explain(try conflict(uiKitLog(names: "")))
        XCTAssertEqual(explanation.verdict, .noContradictionShown)
        XCTAssertTrue(explanation.reason.contains("UIView:0x7fa0c0a00a10's position is measured from its superview, "
            + "which the log does not name"), explanation.reason)
        let system = LinearSystem(try conflict(uiKitLog(names: "")))
        let names = Set(system.rows[0].coefficients.keys.map(system.variableName))
        XCTAssertEqual(names, ["UIView:0x7fa0c0a00a10.minX", "UIView:0x7fa0c0a00a10.superview.minX"])
    }

    func test_oneNamedSuperview_makesThemContradict() throws {
        // a.minX - W.minX = 0, b.minX - W.minX = 10, a.minX - b.minX = 0:
        // the first less the second less the third leaves 0 = 0 - 10 - 0 = -10.
        let explanation = ConflictExplainer.explain(try conflict(uiKitLog(names: ", names: '|':UIWindow:0x7fa0c0a00001")))
        XCTAssertEqual(explanation.verdict, .contradiction)
        XCTAssertEqual(explanation.sum ?? 0, -10, accuracy: 1e-9)
        XCTAssertEqual(explanation.contradiction, "0 = -10 is impossible")
        XCTAssertTrue(explanation.reason.contains("UIView:0x7fa0c0a00b20 is pinned 10 from the left edge of UIWindow"),
                      explanation.reason)
    }

    /// A flexible margin makes the origin a share of the superview's size:
    /// `minX == 0.5*W.width - 20` is still measured from W's left edge.
    func test_positionGivenByASize_isMeasuredFromThatSuperview() {
        let view = ObjectReference(className: "UIView", address: 0x1)
        let window = ObjectReference(className: "UIWindow", address: 0x2)
        let centered = ConstraintSnapshot(className: "NSAutoresizingMaskLayoutConstraint", firstItem: view,
                                          firstAttribute: .minX, secondItem: window, secondAttribute: .width,
                                          multiplier: 0.5, constant: -20)
        let system = LinearSystem(ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [centered]))
        let names = Dictionary(uniqueKeysWithValues: system.rows[0].coefficients.map { (system.variableName($0.key), $0.value) })
        XCTAssertEqual(names, ["UIView.minX": 1, "UIWindow.width": -0.5, "UIWindow.minX": -1])
    }

    /// A name the user put in for an address keeps its case in the reason.
    func test_namesAsWritten_keepTheirCase() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x60000aa10001 cv.width == 414   (active, names: cv:0x7fb0aa000010 )>",
                "<NSLayoutConstraint:0x60000aa10002 cv.width == 375   (active, names: cv:0x7fb0aa000010 )>"
            )
            """
        let explanation = ConflictExplainer.explain(try conflict(text))
        XCTAssertTrue(explanation.reason.hasPrefix("cv is 414 wide; cv is 375 wide: 414 = 375 is impossible"),
                      explanation.reason)
    }
}
