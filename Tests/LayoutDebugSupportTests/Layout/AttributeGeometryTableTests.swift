import XCTest
@testable import LayoutDebugSupport

/// The one attribute table: what each attribute measures, its linear expression for a
/// solver, and the attributes it derives (transposed, drawn). Expected values come from
/// UIKit's documented geometry (`NSLayoutConstraint.Attribute`): right = left + width,
/// centerX = left + width/2, margins inset the frame, leading is the right edge right to left.
final class AttributeGeometryTableTests: XCTestCase {
    private func terms(_ attribute: LayoutAttribute, _ options: AttributeGeometry.Options,
                       file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard let expression = AttributeGeometry.expression(attribute, options) else {
            XCTFail("no expression for \(attribute)", file: file, line: line)
            return []
        }
        return expression.terms.map { "\($0.coefficient)·\($0.variable)" } + ["\(expression.constant)"]
    }

    func test_everyAttribute_hasAMeaning_andLogSpellingsMeanTheirUIKitAttribute() {
        XCTAssertEqual(AttributeGeometry.meaning(.minX), AttributeGeometry.meaning(.left))
        XCTAssertEqual(AttributeGeometry.meaning(.maxY), AttributeGeometry.meaning(.bottom))
        XCTAssertEqual(AttributeGeometry.meaning(.midX), AttributeGeometry.meaning(.centerX))
        XCTAssertEqual(AttributeGeometry.meaning(.baseline), .baseline(first: false))
        XCTAssertEqual(AttributeGeometry.meaning(.notAnAttribute), .nothing)
        for attribute in LayoutAttribute.allCases where attribute.uikitRawValue != nil && attribute != .baseline {
            if case .place(let place) = AttributeGeometry.meaning(attribute) {
                XCTAssertEqual(AttributeGeometry.attribute(for: place), attribute, "the table reads back")
            }
        }
    }

    func test_expression_framesEdgesCentresAndSizes() {
        let plain = AttributeGeometry.Options()
        XCTAssertEqual(terms(.left, plain), ["1.0·minX", "0.0"])
        XCTAssertEqual(terms(.right, plain), ["1.0·minX", "1.0·width", "0.0"])
        XCTAssertEqual(terms(.centerY, plain), ["1.0·minY", "0.5·height", "0.0"])
        XCTAssertEqual(terms(.height, plain), ["1.0·height", "0.0"])
        XCTAssertNil(AttributeGeometry.expression(.firstBaseline, plain), "a baseline has no place on a frame")
        XCTAssertNil(AttributeGeometry.expression(.notAnAttribute, plain))
    }

    func test_expression_marginsInsetTheFrame_orAreAnItemOfTheirOwn() {
        let insets = AttributeGeometry.Options(margins: .insets(.init(top: 1, left: 2, bottom: 3, right: 4)))
        XCTAssertEqual(terms(.leftMargin, insets), ["1.0·minX", "2.0"])
        XCTAssertEqual(terms(.rightMargin, insets), ["1.0·minX", "1.0·width", "-4.0"])
        // x + 2 + (w - 2 - 4)/2 = x + w/2 - 1
        XCTAssertEqual(terms(.centerXWithinMargins, insets), ["1.0·minX", "0.5·width", "-1.0"])
        XCTAssertEqual(terms(.bottomMargin, insets), ["1.0·minY", "1.0·height", "-3.0"])
        let own = AttributeGeometry.expression(.topMargin, AttributeGeometry.Options(margins: .ownItem))
        XCTAssertEqual(own?.onMargins, true)
        XCTAssertEqual(own.map { $0.terms.map(\.variable) }, [.minY])
    }

    func test_expression_rightToLeft_negatesTheFarEdge() {
        let rtl = AttributeGeometry.Options(rightToLeft: true, margins: .insets(.init(top: 0, left: 2, bottom: 0, right: 4)))
        XCTAssertEqual(terms(.leading, rtl), ["-1.0·minX", "-1.0·width", "-0.0"])
        XCTAssertEqual(terms(.trailing, rtl), ["-1.0·minX", "-0.0"])
        XCTAssertEqual(terms(.leadingMargin, rtl), ["-1.0·minX", "-1.0·width", "4.0"])
        XCTAssertEqual(terms(.left, rtl), ["1.0·minX", "0.0"], "left stays left")
    }

    func test_expression_baselines_whenASystemGivesThemVariables() {
        let log = AttributeGeometry.Options(baselines: true)
        XCTAssertEqual(terms(.firstBaseline, log), ["1.0·firstBaseline", "0.0"])
        XCTAssertEqual(terms(.baseline, log), ["1.0·lastBaseline", "0.0"])
    }

    func test_transposed_readsEachAttributeOnTheOtherAxis() {
        let pairs: [(LayoutAttribute, LayoutAttribute)] = [
            (.leading, .top), (.left, .top), (.trailing, .bottom), (.top, .leading), (.bottom, .trailing),
            (.width, .height), (.height, .width), (.centerX, .centerY), (.centerY, .centerX),
            (.leadingMargin, .topMargin), (.rightMargin, .bottomMargin), (.topMargin, .leadingMargin),
            (.centerXWithinMargins, .centerYWithinMargins), (.minX, .top), (.lastBaseline, .lastBaseline),
        ]
        for (attribute, expected) in pairs {
            XCTAssertEqual(AttributeGeometry.transposed(attribute), expected, "\(attribute)")
        }
    }

    func test_drawn_marginsAsEdges_directionAsLeftAndRight() {
        XCTAssertEqual(AttributeGeometry.drawn(.leadingMargin), .left)
        XCTAssertEqual(AttributeGeometry.drawn(.trailing), .right)
        XCTAssertEqual(AttributeGeometry.drawn(.centerYWithinMargins), .centerY)
        XCTAssertEqual(AttributeGeometry.drawn(.maxX), .right)
        XCTAssertEqual(AttributeGeometry.drawn(.firstBaseline), .firstBaseline)
    }

    func test_questions_edgesMarginsAndDirection() {
        XCTAssertTrue(AttributeGeometry.isEdge(.trailingMargin))
        XCTAssertFalse(AttributeGeometry.isEdge(.centerX))
        XCTAssertTrue(AttributeGeometry.isMarginEdge(.topMargin))
        XCTAssertFalse(AttributeGeometry.isMarginEdge(.centerXWithinMargins))
        XCTAssertTrue(AttributeGeometry.isAbsoluteHorizontalEdge(.rightMargin))
        XCTAssertFalse(AttributeGeometry.isAbsoluteHorizontalEdge(.leading))
        XCTAssertTrue(AttributeGeometry.usesDirection(.trailingMargin))
        XCTAssertFalse(AttributeGeometry.usesMargins(.width))
    }

    func test_position_isAPointOnTheFrame_notASize() {
        let frame = SnapshotRect(x: 10, y: 20, width: 100, height: 40)
        XCTAssertEqual(AttributeGeometry.position(.right, of: frame), 110)
        XCTAssertEqual(AttributeGeometry.position(.centerY, of: frame), 40)
        XCTAssertNil(AttributeGeometry.position(.width, of: frame))
        XCTAssertNil(AttributeGeometry.position(.lastBaseline, of: frame))
    }
}
