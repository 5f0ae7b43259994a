import XCTest
@testable import LayoutDebugSupport

/// A notice whose message was cut before it named the view the constraint was added to: the
/// report said "The constraint was added to the view it was added to". It now says the log
/// names no view, and which items could be the ones outside it.
final class NoticeExplanationTests: XCTestCase {
    private func report(_ log: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let parsed = try XCTUnwrap(ConsoleLogParser.parseAll(log).first, file: file, line: line)
        return NoticeReportRenderer.text(try XCTUnwrap(parsed.notice, file: file, line: line))
    }

    func test_unableToInstall_cutBeforeItsView_saysTheLogNamesNone() throws {
        // UIKit's reason (NoticeLogs.unableToInstall), cut after the constraint.
        let text = try report("""
            *** Terminating app due to uncaught exception 'NSGenericException', reason: 'Unable to install constraint on view.  Does the constraint reference something from outside the subtree of the view?  That's illegal. constraint:<NSLayoutConstraint:0x600001a2c3c0 UILabel:0x7f9e4cd0a1b0.top == UIView:0x7f9e4cd0b7e0.bottom + 12   (inactive)>'
            """)
        XCTAssertFalse(text.contains("the view it was added to"), text)
        XCTAssertTrue(text.contains("The constraint was added to a view the log does not name (addConstraint:), but one of "
                                    + "its items, <UILabel:0x7f9e4cd0a1b0> or <UIView:0x7f9e4cd0b7e0>, is outside that "
                                    + "view's subtree."), text)
        XCTAssertTrue(text.contains("; or add it to that ancestor instead."), text)
    }

    func test_unableToInstall_withItsView_namesItAndTheItemOutside() throws {
        let text = try report(NoticeLogs.unableToInstall)
        XCTAssertTrue(text.contains("The constraint was added to <UILabel:0x7f9e4cd0a1b0> (addConstraint:), but it ties "
                                    + "<UIView:0x7f9e4cd0b7e0>, outside that view's subtree."), text)
        XCTAssertTrue(text.contains("; or add it to that ancestor, not to <UILabel:0x7f9e4cd0a1b0>."), text)
    }

    func test_hierarchyNotPrepared_withoutItsContainer_saysTheLogNamesNone() throws {
        // The first of UIKit's two messages alone (NoticeLogs.hierarchyNotPrepared's line 1).
        let text = try report("""
            2023-11-20 16:02:45.118 Orbit[3301:41200] [LayoutConstraints] The view hierarchy is not prepared for the constraint: <NSLayoutConstraint:0x6000027e1ae0 UIButton:0x7fb1c2e0a400'Continue'.centerX == Orbit.CardView:0x7fb1c2d0f1c0.centerX   (inactive)>
            """)
        XCTAssertFalse(text.contains("the view it was added to"), text)
        XCTAssertTrue(text.contains("The constraint was added to a view the log does not name, but one of its items is "
                                    + "not that view or one of its descendants"), text)
    }
}
