import XCTest
@testable import LayoutDebugSupport

/// What helps a person find the view in a pasted log survives into the
/// report: a label's text (`UILabel:0x…'Welcome back'`) and a guide's
/// identifier (`UILayoutGuide:0x…'UIViewSafeAreaLayoutGuide'`, or
/// `<UILayoutGuide: 0x… - "UIViewSafeAreaLayoutGuide", layoutFrame = …>` as
/// its description prints). Logs written to UIKit's grammar.
final class ParsingKeptTitlesTests: XCTestCase {
    private let loginScreen = """
        2026-03-02 10:14:07.118 Greeter[5120:88213] [LayoutConstraints] Unable to simultaneously satisfy constraints.
        (
            "<NSLayoutConstraint:0x600002a1c0f0 UILabel:0x7f9e1c40a1b0'Welcome back'.leading == UILayoutGuide:0x600003b2c1c0'UIViewSafeAreaLayoutGuide'.leading + 20   (active)>",
            "<NSLayoutConstraint:0x600002a1c140 UILabel:0x7f9e1c40a1b0'Welcome back'.trailing == UILayoutGuide:0x600003b2c1c0'UIViewSafeAreaLayoutGuide'.trailing - 20   (active)>",
            "<NSLayoutConstraint:0x600002a1c190 UILabel:0x7f9e1c40a1b0'Welcome back'.width == 400   (active)>",
            "<NSLayoutConstraint:0x600002a1c1e0 'UIView-Encapsulated-Layout-Width' UIView:0x7f9e1c409e70.width == 390   (active)>",
            "<NSLayoutConstraint:0x600002a1c230 'UIViewSafeAreaLayoutGuide-left' H:|-(0)-[UILayoutGuide:0x600003b2c1c0'UIViewSafeAreaLayoutGuide'](LTR)   (active, names: '|':UIView:0x7f9e1c409e70 )>",
            "<NSLayoutConstraint:0x600002a1c280 'UIViewSafeAreaLayoutGuide-right' H:[UILayoutGuide:0x600003b2c1c0'UIViewSafeAreaLayoutGuide']-(0)-|(LTR)   (active, names: '|':UIView:0x7f9e1c409e70 )>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x600002a1c190 UILabel:0x7f9e1c40a1b0'Welcome back'.width == 400   (active)>
        """

    func test_labelText_andGuideIdentifier_areShownInTheReport() throws {
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(loginScreen).first)
        XCTAssertEqual(conflict.unparsedLines, [])
        let text = ConflictReportRenderer.text(conflict, why: nil)
        XCTAssertTrue(text.contains("<UILabel:0x7f9e1c40a1b0 'Welcome back'>.width == 400.0"), text)
        XCTAssertTrue(text.contains("<UILabel:0x7f9e1c40a1b0 'Welcome back'>.leading == "
            + "<UILayoutGuide:0x600003b2c1c0 'UIViewSafeAreaLayoutGuide'>.leading + 20.0"), text)
        // The visual form's item keeps it too.
        XCTAssertTrue(text.contains("<UILayoutGuide:0x600003b2c1c0 'UIViewSafeAreaLayoutGuide'>.left == "
            + "<UIView:0x7f9e1c409e70>.left"), text)
        XCTAssertFalse(text.contains("<UILabel:0x7f9e1c40a1b0>"), text)
    }

    /// The owner line names the label by its text too.
    func test_ownerEvidence_namesTheLabelByItsText() throws {
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(loginScreen).first)
        let triage = ConflictTriage.classify(conflict)
        XCTAssertEqual(triage.owner, .yours)
        XCTAssertTrue(triage.evidence.contains("<UILabel:0x7f9e1c40a1b0 'Welcome back'>"), triage.evidence)
    }

    /// Old SnapKit wraps the item: `<UILabel:0x…'Welcome back'>.width`.
    func test_wrappedItem_keepsItsTitle() throws {
        let log = """
            Unable to simultaneously satisfy constraints.
            (
                "<SnapKit.LayoutConstraint:0x600002a1c0f0@LoginView.swift#41 <UILabel:0x7f9e1c40a1b0'Welcome back'>.width == 400.0>",
                "<SnapKit.LayoutConstraint:0x600002a1c140@LoginView.swift#42 <UILabel:0x7f9e1c40a1b0'Welcome back'>.width <= 300.0>"
            )
            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        XCTAssertEqual(conflict.unparsedLines, [])
        XCTAssertEqual(conflict.mutuallyExclusive.map { $0.firstItem?.title }, ["Welcome back", "Welcome back"])
        XCTAssertEqual(conflict.mutuallyExclusive.map { $0.firstItem?.address }, [0x7f9e1c40a1b0, 0x7f9e1c40a1b0])
    }

    /// A guide's description names it after ` - "`; a label's after the address.
    func test_noticeItems_keepTheGuidesIdentifier() throws {
        let guide = try XCTUnwrap(NoticeReader.item(Substring(
            #"<UILayoutGuide: 0x600003b2c1c0 - "UIViewSafeAreaLayoutGuide", layoutFrame = {{0, 47}, {390, 763}}, owningView = <UIView: 0x7f9e1c409e70>>"#)))
        XCTAssertEqual(guide.className, "UILayoutGuide")
        XCTAssertEqual(guide.address, 0x600003b2c1c0)
        XCTAssertEqual(guide.title, "UIViewSafeAreaLayoutGuide")
        XCTAssertEqual(guide.bracketed, "<UILayoutGuide:0x600003b2c1c0 'UIViewSafeAreaLayoutGuide'>")
        let keyboard = try XCTUnwrap(NoticeReader.item(Substring("UIKeyboardLayoutGuide:0x600003b2d340'UIKeyboardLayoutGuide'")))
        XCTAssertEqual(keyboard.bracketed, "<UIKeyboardLayoutGuide:0x600003b2d340 'UIKeyboardLayoutGuide'>")
    }
}
