import Foundation
import XCTest
@testable import ReferenceKit

final class VisualFormatTests: XCTestCase {
    /// `first.attr rel second.attr + c @p`, for comparing made constraints by hand.
    @MainActor
    private func shape(_ constraint: NSLayoutConstraint, _ names: [ObjectIdentifier: String]) -> String {
        func name(_ item: AnyObject?) -> String { item.map { names[ObjectIdentifier($0)] ?? "?" } ?? "nil" }
        var text = "\(name(constraint.firstItem)).\(constraint.firstAttribute.name) \(constraint.relation.symbol)"
        if constraint.secondItem != nil { text += " \(name(constraint.secondItem)).\(constraint.secondAttribute.name)" }
        text += " \(formatNumber(constraint.constant))"
        if constraint.priority != .required { text += " @\(formatPriority(constraint.priority))" }
        return text
    }

    func test_horizontalChain_relatesLeadingAndTrailingWithGaps() {
        onMain {
            let root = makeRoot()
            let a = makeChild(of: root)
            let b = makeChild(of: root)
            let names = [ObjectIdentifier(root): "root", ObjectIdentifier(a): "a", ObjectIdentifier(b): "b"]
            let made = NSLayoutConstraint.constraints(withVisualFormat: "H:|-15-[a]-8-[b]-|", metrics: nil, views: ["a": a, "b": b])
            XCTAssertEqual(made.map { shape($0, names) }, [
                "a.leading == root.leading 15",
                "b.leading == a.trailing 8",
                "root.trailing == b.trailing 20",
            ])
            XCTAssertFalse(made.contains { $0.isActive })
        }
    }

    func test_verticalSize_makesAHeightConstraint() {
        onMain {
            let a = makeChild(of: makeRoot())
            let made = NSLayoutConstraint.constraints(withVisualFormat: "V:[a(44)]", metrics: nil, views: ["a": a])
            XCTAssertEqual(made.map { shape($0, [ObjectIdentifier(a): "a"]) }, ["a.height == 44"])
        }
    }

    func test_predicates_takeRelationsPrioritiesMetricsAndViews() {
        onMain {
            let root = makeRoot()
            let a = makeChild(of: root)
            let b = makeChild(of: root)
            let names = [ObjectIdentifier(root): "root", ObjectIdentifier(a): "a", ObjectIdentifier(b): "b"]
            let made = NSLayoutConstraint.constraints(withVisualFormat: "H:|[a(>=side@750)]-(<=gap)-[b(==a)]",
                                                      metrics: ["side": 50, "gap": 12.5], views: ["a": a, "b": b])
            XCTAssertEqual(made.map { shape($0, names) }, [
                "a.width >= 50 @750",
                "a.leading == root.leading 0",
                "b.width == a.width 0",
                "b.leading <= a.trailing 12.5",
            ])
        }
    }

    func test_leftToRightOption_usesLeftAndRight() {
        onMain {
            let root = makeRoot()
            let a = makeChild(of: root)
            let made = NSLayoutConstraint.constraints(withVisualFormat: "|-10-[a]", options: .directionLeftToRight,
                                                      metrics: nil, views: ["a": a])
            XCTAssertEqual(made.map { shape($0, [ObjectIdentifier(root): "root", ObjectIdentifier(a): "a"]) }, ["a.left == root.left 10"])
        }
    }

    func test_unparsableFormat_failsWithUIKitsMessage() {
        onMain {
            let a = makeChild(of: makeRoot())
            var parser = VisualFormatParser(format: "H:[a]-[missing]", options: [], metrics: [:], views: ["a": a])
            XCTAssertThrowsError(try parser.parse()) { error in
                let failure = error as? LayoutConstraintError
                XCTAssertEqual(failure?.name, "NSInvalidArgumentException")
                XCTAssertTrue(failure?.reason.hasPrefix("Unable to parse constraint format: \nmissing is not a key in the views dictionary.") == true,
                              failure?.reason ?? "")
            }
        }
    }
}
