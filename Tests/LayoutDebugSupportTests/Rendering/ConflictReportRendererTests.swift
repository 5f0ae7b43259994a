import Foundation
import XCTest
@testable import LayoutDebugSupport

final class ConflictReportRendererTests: XCTestCase {
    private func conflict() -> ConflictSnapshot {
        var mask = Fixture.width(Fixture.image, 200, className: "NSAutoresizingMaskLayoutConstraint")
        mask.autoresizingMask = "h=--& v=--&"
        let mine = Fixture.width(Fixture.image, 100)
        return ConflictSnapshot(
            ordinal: 3, brokenConstraint: mine, mutuallyExclusive: [mine, mask],
            views: [ViewSnapshot(reference: Fixture.image, frame: SnapshotRect(x: 110, y: 202, width: 200, height: 100))],
            viewController: "ProfileViewController")
    }

    func test_text_handChecked() {
        assertMatchesGolden(ConflictReportRenderer.text(conflict(), why: "100 != 200"),
                            named: "Rendering/conflict-report-autoresizing-mask")
    }

    func test_aLogsSnapKitLocation_isPrintedInTheMadeAtSlot_asALiveOriginIs() throws {
        let log = """
        Unable to simultaneously satisfy constraints.
        (
            "<SnapKit.LayoutConstraint:0x600001a4c0c0@ProfileView.swift#42 UIView:0x7f9e1c4062a0.width == 100.0>",
            "<SnapKit.LayoutConstraint:0x600001a4c180@ProfileView.swift#57 UIView:0x7f9e1c4062a0.width == 120.0>"
        )

        Will attempt to recover by breaking constraint
        <SnapKit.LayoutConstraint:0x600001a4c180@ProfileView.swift#57 UIView:0x7f9e1c4062a0.width == 120.0>
        """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        let text = ConflictReportRenderer.text(conflict, why: nil)
        let snapKit = " (SnapKit.LayoutConstraint)\n"
        XCTAssertTrue(text.contains("== 100.0 @ProfileView.swift#42" + snapKit + "     made at ProfileView.swift:42\n"), text)
        XCTAssertTrue(text.contains("== 120.0 @ProfileView.swift#57" + snapKit + "     made at ProfileView.swift:57\n"), text)
        XCTAssertTrue(text.contains("breaking:\n  0x600001a4c180 @1000 <UIView:0x7f9e1c4062a0>.width == 120.0 @ProfileView.swift#57" + snapKit
                                    + "    made at ProfileView.swift:57\n"), text)
    }

    func test_text_withoutWhy_leavesSectionOut() {
        XCTAssertFalse(ConflictReportRenderer.text(conflict(), why: nil).contains("Why:"))
    }

    func test_hints_oneForEachSystemKind() {
        let cell = ObjectReference(className: "UITableViewCellContentView", address: 0xa0)
        let stack = ObjectReference(className: "UIStackView", address: 0xb0)
        var spacing = Fixture.width(cell, 8, identifier: "UISV-spacing")
        spacing.owner = stack
        let snapshot = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [
            Fixture.width(cell, 320, identifier: "UIView-Encapsulated-Layout-Width"),
            Fixture.width(cell, 321, identifier: "UIView-Encapsulated-Layout-Width"),
            spacing,
            Fixture.width(cell, 0, identifier: "_UITemporaryLayoutWidth"),
            Fixture.width(cell, 50),
        ])
        let hints = ConflictReportRenderer.hints(snapshot)
        XCTAssertEqual(hints.count, 3)
        XCTAssertTrue(hints[0].contains("on <UITableViewCellContentView:0xa0> is the size its table view gives the cell"), hints[0])
        XCTAssertTrue(hints[0].contains("999"))
        XCTAssertTrue(hints[1].contains("stack view <UIStackView:0xb0>"))
        XCTAssertTrue(hints[2].contains("during setup"))
    }

    func test_hints_stackConstraintFromALog_namesArrangedViewNotAsTheStack() {
        // A log's 'UISV-alignment' ties two arranged labels; no stack view is named.
        let first = ObjectReference(className: "UILabel", address: 0x1)
        let second = ObjectReference(className: "UILabel", address: 0x2)
        let alignment = ConstraintSnapshot(identifier: "UISV-alignment", firstItem: first, firstAttribute: .leading,
                                           secondItem: second, secondAttribute: .leading)
        let hints = ConflictReportRenderer.hints(ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [alignment]))
        XCTAssertEqual(hints, ["'UISV-alignment' comes from the stack view arranging <UILabel:0x1>: change the stack "
            + "view's axis, alignment, distribution or spacing, or lower the priority of your constraint on the arranged subview."])
    }

    func test_header_namesUIKitInternalController() {
        var snapshot = conflict()
        snapshot.viewController = "UIAlertController"
        snapshot.isSystemViewController = true
        let lines = ConflictReportRenderer.text(snapshot, why: nil).split(separator: "\n", maxSplits: 2)
        XCTAssertTrue(lines[0].hasPrefix("Owner: "), String(lines[0]))
        XCTAssertEqual(lines[1], "Conflict #3: Unable to simultaneously satisfy constraints in UIAlertController (UIKit-internal: an alert)")
    }

    func test_json_holdsTheTextOnce_andEachConstraintAndViewOnce() throws {
        let json = ConflictReportRenderer.json(conflict(), why: "because")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["text"] as? String, ConflictReportRenderer.text(conflict(), why: "because"))
        XCTAssertEqual(json.components(separatedBy: "Unable to simultaneously satisfy").count, 2, "the text once")
        XCTAssertEqual(object["viewController"] as? String, "ProfileViewController")
        XCTAssertEqual(object["ordinal"] as? Int, 3)
        XCTAssertNotNil(object["signature"] as? String)
        // The broken constraint is the first of the two, named by its index, not written again.
        let constraints = try XCTUnwrap(object["constraints"] as? [[String: Any]])
        XCTAssertEqual(constraints.map { $0["constant"] as? Double }, [100, 200])
        XCTAssertEqual(object["brokenConstraint"] as? Int, 0)
        XCTAssertEqual(constraints.map { $0["firstItem"] as? String }, ["0x1234", "0x1234"])
        let views = try XCTUnwrap(object["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["address"] as? String }, ["0x1234"])
        XCTAssertEqual(views.first?["frame"] as? [Double], [110, 202, 200, 100])
    }
}
