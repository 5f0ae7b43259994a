import Foundation
import XCTest
import LayoutDebugSupport

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
        let expected = """
        Constraints referencing <UIImageView:0x1234>: 5
        On the view:
         1. @250 <UIImageView:0x1234>.width == 100.0 [satisfied]
         2. @250 <UIImageView:0x1234>.height == 100.0 [satisfied]
         3. @250 <UIImageView:0x1234>.width == 64.0 (NSContentSizeLayoutConstraint) [off by 36.0]
        On ancestors:
         1. @1000 <UIImageView:0x1234>.centerX == <UIView:0x7ff0a8c0b290>.centerX on <UIView:0x7ff0a8c0b290> [satisfied]
         2. @1000 <UIImageView:0x1234>.centerY == <UIView:0x7ff0a8c0b290>.centerY on <UIView:0x7ff0a8c0b290> [satisfied]

        """
        XCTAssertEqual(ReferencingConstraintsReport.text(view()), expected)
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
