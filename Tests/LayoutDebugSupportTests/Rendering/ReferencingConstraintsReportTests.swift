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

    func test_json_roundTrips() throws {
        let document = try JSONDecoder().decode(ReferencingConstraintsReport.Document.self,
                                                from: Data(ReferencingConstraintsReport.json(view()).utf8))
        XCTAssertEqual(document.constraints, ReferencingConstraintsReport.referencingConstraints(view()))
        XCTAssertEqual(document.ancestorConstraints.count, 2)
    }
}
