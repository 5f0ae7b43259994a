import XCTest
@testable import LayoutDebugSupport

final class ViewLayoutDescriptionTests: XCTestCase {
    /// The book's shape: a 100×100 image view at priority 250 showing 64×64
    /// content, centred by constraints its parent owns.
    static func imageView(hugging: Double = 250, frame: SnapshotRect = SnapshotRect(x: 110, y: 202, width: 100, height: 100),
                          sizeMiss: Double = 0, centerYMiss: Double = 0) -> ViewSnapshot {
        let image = Fixture.image
        var width = Fixture.width(image, 100, priority: 250)
        width.frameMiss = sizeMiss
        var height = ConstraintSnapshot(firstItem: image, firstAttribute: .height, constant: 100, priority: 250,
                                        frameMiss: sizeMiss)
        height.owner = image
        let centerX = ConstraintSnapshot(firstItem: image, firstAttribute: .centerX, secondItem: Fixture.root,
                                         secondAttribute: .centerX, owner: Fixture.root, frameMiss: 0)
        let centerY = ConstraintSnapshot(firstItem: image, firstAttribute: .centerY, secondItem: Fixture.root,
                                         secondAttribute: .centerY, owner: Fixture.root, frameMiss: centerYMiss)
        return ViewSnapshot(
            reference: image, superclassNames: ["UIView", "UIResponder"], frame: frame,
            intrinsicContentSize: SnapshotSize(width: 64, height: 64), contentMode: "center",
            hugging: AxisPriorities(horizontal: hugging, vertical: hugging),
            translatesAutoresizingMask: false,
            constraints: [width, height], ancestorConstraints: [centerX, centerY])
    }

    func test_text_imageViewShape_handChecked() {
        assertMatchesGolden(ViewLayoutDescription.text(Self.imageView(centerYMiss: 18)), named: "Rendering/view-layout-image-view")
    }

    func test_text_huggingThatOverrules_showsSizeConstraintsMissing() {
        let view = Self.imageView(hugging: 251, frame: SnapshotRect(x: 128, y: 220, width: 64, height: 64), sizeMiss: 36)
        let text = ViewLayoutDescription.text(view)
        XCTAssertTrue(text.contains("Frame:.........(128 220; 64 64)\n"))
        XCTAssertTrue(text.contains("Hugging........[H 251] [V 251]\n"))
        XCTAssertTrue(text.contains(" 1. @250 <UIImageView:0x1234>.width == 100.0 [off by 36.0]\n"))
    }

    func test_header_autosizingAmbiguousChild_namesVariables() {
        let child = ViewSnapshot(reference: Fixture.header, superclassNames: ["UIView"],
                                 hasAmbiguousLayout: true, ambiguousVariables: ["minX", "width"])
        assertMatchesGolden(ViewLayoutDescription.text(child), named: "Rendering/view-layout-ambiguous-autosizing-header")
    }

    func test_stateText_inactiveBrokenAndUnknown() {
        var c = Fixture.width(Fixture.image, 10)
        XCTAssertEqual(ViewLayoutDescription.constraintLine(c, showOwner: true), "@1000 <UIImageView:0x1234>.width == 10.0")
        c.isBroken = true
        c.frameMiss = 2.5
        XCTAssertEqual(ViewLayoutDescription.constraintLine(c, showOwner: false),
                       "@1000 <UIImageView:0x1234>.width == 10.0 [broken] [off by 2.5]")
        c.isActive = false
        XCTAssertEqual(ViewLayoutDescription.constraintLine(c, showOwner: false),
                       "@1000 <UIImageView:0x1234>.width == 10.0 [inactive]")
    }

    func test_constraintLine_pixelRounding_countsAsSatisfied() {
        var c = Fixture.width(Fixture.image, 10)
        c.frameMiss = 1.0 / 3
        XCTAssertTrue(ViewLayoutDescription.constraintLine(c, showOwner: false).hasSuffix("[satisfied]"))
    }
}
