import XCTest
@testable import LayoutDebugSupport

final class ConstraintFormatterTests: XCTestCase {
    func test_stringValue_binary_printsSadunAlgebraWithFullAddress() {
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.leading()),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing + 8.0")
    }

    func test_stringValue_negativeConstant_printsMinus() {
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.leading(-8)),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing - 8.0")
    }

    func test_stringValue_zeroConstant_leavesItOut() {
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.leading(0)),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing")
    }

    func test_stringValue_multiplier_printsTimes() {
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.leading(0, multiplier: 0.5)),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing * 0.5")
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.leading(-4, multiplier: 1.0 / 3)),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing * 0.3333 - 4.0")
    }

    func test_stringValue_unary_printsConstantWithSign() {
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.width(Fixture.root, 20)),
                       "<UIView:0x7ff0a8c0b290>.width == 20.0")
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.width(Fixture.root, -20)),
                       "<UIView:0x7ff0a8c0b290>.width == -20.0")
    }

    func test_stringValue_nametag_replacesClass() {
        XCTAssertEqual(ConstraintFormatter.stringValue(Fixture.width(Fixture.header, 10.5)),
                       "<HeaderView:0x600000001000>.width == 10.5")
    }

    func test_stringValue_identifierAndSnapKitLocation_areAppended() {
        var c = Fixture.leading()
        c.identifier = "gap"
        c.sourceLocation = "ProfileView.swift#42"
        XCTAssertEqual(ConstraintFormatter.stringValue(c),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing + 8.0 'gap' @ProfileView.swift#42")
    }

    func test_stringValue_aConstraintsNametag_standsWhereTheIdentifierWould() {
        var c = Fixture.leading()
        c.name = "Gap"
        XCTAssertEqual(ConstraintFormatter.stringValue(c),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing + 8.0 'Gap'")
        c.identifier = "UIView-Encapsulated-Layout-Width"
        XCTAssertEqual(ConstraintFormatter.stringValue(c),
                       "<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing + 8.0 'Gap'")
        XCTAssertTrue(c.isSystemConstraint, "what the constraint is is still read from its identifier")
    }

    func test_stringValue_relations_andSystemSpacing() {
        var c = Fixture.leading()
        c.relation = .greaterThanOrEqual
        c.isSystemSpacing = true
        XCTAssertEqual(ConstraintFormatter.stringValue(c),
                       "<UIView:0x7ff0a8c0b290>.leading >= <UIButton:0x7ff0a8c0b180>.trailing + NSSpace(8.0)")
        c.relation = .lessThanOrEqual
        XCTAssertTrue(ConstraintFormatter.stringValue(c).contains(".leading <= <"))
    }

    func test_stringValue_everyAttribute_isSpelledByName() {
        for attribute in LayoutAttribute.allCases where attribute != .notAnAttribute {
            let c = ConstraintSnapshot(firstItem: Fixture.image, firstAttribute: attribute,
                                       secondItem: Fixture.root, secondAttribute: attribute)
            XCTAssertEqual(ConstraintFormatter.stringValue(c),
                           "<UIImageView:0x1234>.\(attribute.rawValue) == <UIView:0x7ff0a8c0b290>.\(attribute.rawValue)")
        }
    }

    func test_stringValue_unknownItemAndAddress_stayReadable() {
        let c = ConstraintSnapshot(firstItem: nil, firstAttribute: .top,
                                   secondItem: ObjectReference(className: "UIView", name: "key"),
                                   secondAttribute: .bottom)
        XCTAssertEqual(ConstraintFormatter.stringValue(c), "<?>.top == <key>.bottom")
    }

    func test_line_marksPriorityAndNonPlainClass() {
        XCTAssertEqual(ConstraintFormatter.line(Fixture.width(Fixture.image, 100, priority: 250)),
                       "@250 <UIImageView:0x1234>.width == 100.0")
        var mask = Fixture.width(Fixture.image, 100, className: "NSAutoresizingMaskLayoutConstraint")
        mask.autoresizingMask = "h=--& v=--&"
        XCTAssertEqual(ConstraintFormatter.line(mask),
                       "@1000 <UIImageView:0x1234>.width == 100.0 (NSAutoresizingMaskLayoutConstraint h=--& v=--&)")
    }

    func test_line_startsWithTheConstraintsOwnAddress_itsHandle() {
        var c = Fixture.width(Fixture.image, 100, priority: 250)
        c.address = 0x6000_00a4_c0a0
        XCTAssertEqual(ConstraintFormatter.line(c), "0x600000a4c0a0 @250 <UIImageView:0x1234>.width == 100.0")
    }
}
