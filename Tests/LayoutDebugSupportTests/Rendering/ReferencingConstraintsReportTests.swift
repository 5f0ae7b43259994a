import Foundation
import XCTest
@testable import LayoutDebugSupport

final class ReferencingConstraintsReportTests: XCTestCase {
    private func view() -> ViewSnapshot {
        var view = ViewLayoutDescriptionTests.imageView()
        var content = Fixture.width(Fixture.image, 64, priority: 250, className: "NSContentSizeLayoutConstraint")
        content.frameMiss = 36
        let unrelated = Fixture.width(Fixture.button, 10)
        view.constraints += [content, unrelated]
        return view
    }

    func test_text_keepsSystemConstraintsMarkedByClass_handChecked() {
        assertMatchesGolden(ReferencingConstraintsReport.text(view()), named: "Rendering/referencing-constraints-image-view")
    }

    func test_filter_dropsSystemConstraints() {
        XCTAssertEqual(ReferencingConstraintsReport.referencingConstraints(view(), includeSystem: false).count, 2)
        XCTAssertTrue(ReferencingConstraintsReport.text(view(), includeSystem: false)
            .hasPrefix("Constraints referencing <UIImageView:0x1234>: 4 (system constraints left out)\n"))
    }

    func test_json_listsBothKinds_andNamesTheViewByAddress() throws {
        let json = ReferencingConstraintsReport.json(view())
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(document["text"] as? String, ReferencingConstraintsReport.text(view()))
        XCTAssertEqual(document["view"] as? String, "0x1234")
        let own = try XCTUnwrap(document["constraints"] as? [[String: Any]])
        XCTAssertEqual(own.map { $0["priority"] as? Double },
                       ReferencingConstraintsReport.referencingConstraints(view()).map { $0.priority == 1000 ? nil : $0.priority })
        XCTAssertTrue(own.allSatisfy { $0["owner"] == nil }, "installed on the view the document names")
        XCTAssertEqual((document["ancestorConstraints"] as? [[String: Any]])?.count, 2)
        let views = try XCTUnwrap(document["views"] as? [[String: Any]])
        XCTAssertEqual(views.first?["address"] as? String, "0x1234")
        XCTAssertEqual(views.first?["className"] as? String, "UIImageView")
    }
}
