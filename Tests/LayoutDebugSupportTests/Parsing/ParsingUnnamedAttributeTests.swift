import XCTest
@testable import LayoutDebugSupport

/// AppKit since macOS 13/14 prints `(null)` where an attribute has no name
/// (`NSLayoutAttributeNotAnAttribute`, raw value 0): `TBSplitView:0x….(null) == 0`
/// in an autoresizing constraint, `NSView:0x….width == TBSplitView:0x….(null)`
/// as a second item. A split view's log written to that grammar.
final class ParsingUnnamedAttributeTests: XCTestCase {
    private let splitView = """
        2026-01-19 09:41:27.503 Tablebook[2231:61408] Conflicting constraints detected: (
            "<NSAutoresizingMaskLayoutConstraint:0x6000021d4a00 h=--& v=--& TBSplitView:0x7fb1c8e20a40.(null) == 0   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:0x6000021d4a50 h=--& v=--& TBSplitView:0x7fb1c8e20a40.(null) == 0   (active)>",
            "<NSAutoresizingMaskLayoutConstraint:0x6000021d4aa0 h=--& v=--& TBSplitView:0x7fb1c8e20a40.width == 960   (active)>",
            "<NSLayoutConstraint:0x6000021d4af0 NSView:0x7fb1c8e21f10.width == TBSplitView:0x7fb1c8e20a40.(null)   (active)>",
            "<NSLayoutConstraint:0x6000021d4b40 NSView:0x7fb1c8e21f10.width >= 320   (active)>",
            "<NSLayoutConstraint:0x6000021d4b90 NSView:0x7fb1c8e21f10.leading == TBSplitView:0x7fb1c8e20a40.leading   (active)>",
            "<NSLayoutConstraint:0x6000021d4be0 NSView:0x7fb1c8e22c80.leading == NSView:0x7fb1c8e21f10.trailing   (active)>",
            "<NSLayoutConstraint:0x6000021d4c30 NSView:0x7fb1c8e22c80.trailing == TBSplitView:0x7fb1c8e20a40.trailing   (active)>",
            "<NSLayoutConstraint:0x6000021d4c80 NSView:0x7fb1c8e22c80.width >= 700   (active)>"
        ). Will attempt to recover by breaking <NSLayoutConstraint:0x6000021d4c80 NSView:0x7fb1c8e22c80.width >= 700   (active)>.
        Set the NSUserDefault NSConstraintBasedLayoutVisualizeMutuallyExclusiveConstraints to YES to have -[NSWindow visualizeConstraints:] automatically called when this happens.  And/or, set a symbolic breakpoint on LAYOUT_CONSTRAINTS_NOT_SATISFIABLE to catch this in the debugger.
        """

    private func conflict() throws -> ConflictSnapshot {
        let conflicts = ConsoleLogParser.parse(splitView)
        XCTAssertEqual(conflicts.count, 1)
        return try XCTUnwrap(conflicts.first)
    }

    func test_nullAttributes_areReadAsUnnamed_leavingNothingUnparsed() throws {
        let conflict = try conflict()
        XCTAssertEqual(conflict.unparsedLines, [])
        XCTAssertEqual(conflict.mutuallyExclusive.count, 9)
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x6000021d4c80)
        let first = conflict.mutuallyExclusive[0]
        XCTAssertEqual(first.className, "NSAutoresizingMaskLayoutConstraint")
        XCTAssertEqual(first.firstItem?.className, "TBSplitView")
        XCTAssertEqual(first.firstAttribute, .notAnAttribute)
        XCTAssertEqual(first.autoresizingMask, "h=--& v=--&")
        let asSecond = conflict.mutuallyExclusive[3]
        XCTAssertEqual(asSecond.firstAttribute, .width)
        XCTAssertEqual(asSecond.secondItem?.address, 0x7fb1c8e20a40)
        XCTAssertEqual(asSecond.secondAttribute, .notAnAttribute)
    }

    /// TBSplitView is the app's class (no framework prefix), so the conflict is the app's.
    func test_owner_isTheAppsSplitView() throws {
        XCTAssertEqual(ConflictTriage.owner(of: try conflict()), .yours)
    }

    /// The unnamed terms add no row (what they tie is unknown), and what is
    /// left still contradicts: 320 + 700 wide side by side in 960.
    func test_explainer_leavesUnnamedTermsOut_andSaysSo() throws {
        let explanation = ConflictExplainer.explain(try conflict())
        XCTAssertEqual(explanation.verdict, .contradiction)
        let unnamed = explanation.notes.filter { $0.contains("(null)") && $0.contains("no name") }
        XCTAssertEqual(unnamed.count, 3, "\(explanation.notes)")
        XCTAssertTrue(unnamed.contains { $0.hasPrefix("left out NSView:0x7fb1c8e21f10.width == TBSplitView.(null)") },
                      "the second item is named, not read as width == 0: \(unnamed)")
    }

    func test_report_printsTheAttributeAsTheLogDid() throws {
        let text = ConflictReportRenderer.text(try conflict(), why: nil)
        XCTAssertTrue(text.contains("<TBSplitView:0x7fb1c8e20a40>.(null) == 0.0"), text)
        XCTAssertTrue(text.contains("<NSView:0x7fb1c8e21f10>.width == <TBSplitView:0x7fb1c8e20a40>.(null)"), text)
    }
}
