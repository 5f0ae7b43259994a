import XCTest
@testable import LayoutDebugSupport

final class AttributeGeometryTests: XCTestCase {
    private let frame = SnapshotRect(x: 110, y: 202, width: 100, height: 50)
    private let margins = AttributeGeometry.Insets(top: 1, left: 2, bottom: 3, right: 4)

    private func value(_ attribute: LayoutAttribute, rtl: Bool = false) -> Double? {
        AttributeGeometry.value(attribute, of: frame, margins: margins, rightToLeft: rtl)
    }

    func test_value_edgesSizesAndCentres() {
        XCTAssertEqual(value(.left), 110)
        XCTAssertEqual(value(.right), 210)
        XCTAssertEqual(value(.top), 202)
        XCTAssertEqual(value(.bottom), 252)
        XCTAssertEqual(value(.width), 100)
        XCTAssertEqual(value(.height), 50)
        XCTAssertEqual(value(.centerX), 160)
        XCTAssertEqual(value(.centerY), 227)
        XCTAssertEqual(value(.minX), 110, "log spellings map onto UIKit's")
    }

    func test_value_leadingAndTrailing_followDirection() {
        XCTAssertEqual(value(.leading), 110)
        XCTAssertEqual(value(.trailing), 210)
        // Right to left the leading axis runs leftwards, so values are negated.
        XCTAssertEqual(value(.leading, rtl: true), -210)
        XCTAssertEqual(value(.trailingMargin, rtl: true), -112)
    }

    func test_value_marginsInsetTheFrame() {
        XCTAssertEqual(value(.leftMargin), 112)
        XCTAssertEqual(value(.rightMargin), 206)
        XCTAssertEqual(value(.topMargin), 203)
        XCTAssertEqual(value(.bottomMargin), 249)
        XCTAssertEqual(value(.centerXWithinMargins), 159)
        XCTAssertEqual(value(.centerYWithinMargins), 226)
    }

    func test_value_baselines_areUnknown() {
        XCTAssertNil(value(.firstBaseline))
        XCTAssertNil(value(.lastBaseline))
    }

    func test_miss_perRelation() {
        XCTAssertEqual(AttributeGeometry.miss(first: 64, relation: .equal, second: 0, multiplier: 1, constant: 100), 36)
        XCTAssertEqual(AttributeGeometry.miss(first: 64, relation: .greaterThanOrEqual, second: 0, multiplier: 1, constant: 100), 36)
        XCTAssertEqual(AttributeGeometry.miss(first: 64, relation: .lessThanOrEqual, second: 0, multiplier: 1, constant: 100), 0)
        XCTAssertEqual(AttributeGeometry.miss(first: 50, relation: .equal, second: 200, multiplier: 0.5, constant: -50), 0)
    }
}
