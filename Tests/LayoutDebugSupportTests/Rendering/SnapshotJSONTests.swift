import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// The fast descent JSON (`SnapshotJSON`) is the generic encoder's JSON, byte for byte:
/// tools that read `lreport --json` see no difference but the speed.
final class SnapshotJSONTests: XCTestCase {
    /// The document as the generic encoder writes it: the reference.
    private func generic(_ root: ViewSnapshot, all: Bool = false) -> String {
        JSONText.document(.descentReport, DescentReport.Document(DescentReport.entries(root, all: all)))
    }

    func test_everyDemoScenario_writesTheGenericEncodersBytes() throws {
        try onMain {
            for scenario in DemoCatalog.scenarios {
                let built = try BuiltScenario(scenario.name)
                let tree = LiveAdapter().tree(of: built.window)
                XCTAssertEqual(DescentReport.json(tree), generic(tree), scenario.name)
                XCTAssertEqual(DescentReport.json(tree, all: true), generic(tree, all: true), scenario.name)
                // `lreport --json` writes it during the live visit, with no tree built.
                let address = LiveHierarchy.address(built.window)
                XCTAssertEqual(LiveReports.report(at: address, options: .json), generic(tree), scenario.name)
                XCTAssertEqual(LiveReports.report(at: address, options: [.json, .all]), generic(tree, all: true), scenario.name)
            }
        }
    }

    func test_everyOptionalField_escapes_andOddNumbers_writeTheSame() throws {
        var c = ConstraintSnapshot(className: "MASLayoutConstraint", address: UInt64.max, identifier: "say \"hi\"\n\t\u{1}é",
                                   name: "Width\\Rule \"1\"",
                                   firstItem: ObjectReference(className: "UILabel", address: 0x10, name: "ti\\tle", title: "Ünïcode"),
                                   firstAttribute: .leadingMargin, relation: .greaterThanOrEqual,
                                   secondItem: ObjectReference(className: "UIView", address: nil),
                                   secondAttribute: .centerYWithinMargins, multiplier: 1.0 / 3, constant: -0.1,
                                   priority: 999.5, isActive: false, sourceLocation: "A B.swift#3",
                                   autoresizingMask: "h=-&- v=--&", isSystemSpacing: true,
                                   owner: ObjectReference(className: "UIView", address: 0x20), isBroken: true,
                                   frameMiss: .nan, origin: .returnAddresses([1, 0xffff_ffff_ffff]),
                                   superview: ObjectReference(className: "NSTextView", address: 0x30))
        var view = ViewSnapshot(reference: ObjectReference(className: "UIView", address: 0x40),
                                superclassNames: ["UIResponder", "NSObject"],
                                frame: SnapshotRect(x: 0.5, y: -3, width: 1e16, height: 44),
                                hasAmbiguousLayout: true, ambiguousVariables: ["minY"], isFlipped: false,
                                viewController: "Profile\"VC",
                                constraints: [c], ancestorConstraints: [])
        c.origin = .imageAddresses(["app+0x1a (f)", "lib\\x"])
        c.address = nil
        var child = ViewSnapshot(reference: ObjectReference(className: "UIButton", address: 0x50), constraints: [c])
        c.origin = .system("made by the system")
        child.ancestorConstraints = [c]
        c.origin = .unknown("made before capture began")
        c.relation = .lessThanOrEqual
        child.constraints.append(c)
        child.children = [ViewSnapshot(reference: ObjectReference(className: "UIImageView", address: 0x60))]
        view.children = [child, ViewSnapshot(reference: ObjectReference(className: "UILayoutGuide"), isLayoutGuide: true)]
        XCTAssertEqual(DescentReport.json(view), generic(view))
        XCTAssertEqual(DescentReport.json(view, all: true), generic(view, all: true))
        var infinite = view
        infinite.frame.height = .infinity
        XCTAssertEqual(DescentReport.json(infinite), generic(infinite), "non-finite numbers are null in both")
        // And it reads back as JSON, the escaped strings as they were.
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(DescentReport.json(view, all: true).utf8))
                                     as? [String: Any])
        let views = try XCTUnwrap(document["views"] as? [[String: Any]])
        XCTAssertEqual(views.count, 4)
        let ancestor = try XCTUnwrap((views[1]["ancestorConstraints"] as? [[String: Any]])?.first)
        XCTAssertEqual(ancestor["identifier"] as? String, "say \"hi\"\n\t\u{1}é")
        XCTAssertEqual(ancestor["name"] as? String, "Width\\Rule \"1\"")
    }

    func test_oneAddressNamedManyWays_isWrittenEachWay() {
        // A log may name one address differently from line to line: a reference
        // written before is reused only when it is the same. And a constraint
        // class that needs an escape, between plain ones, is escaped.
        let plain = ObjectReference(className: "UIView", address: 0x7f00_0000_1230)
        let named = ObjectReference(className: "UIView", address: 0x7f00_0000_1230, name: "header")
        let label = ObjectReference(className: "UILabel", address: 0x7f00_0000_1230)
        let held = ObjectReference(className: "UIView", address: 0x7f00_0000_1230, property: "Card.header")
        let pairs = [(plain, plain), (named, plain), (label, plain), (plain, named), (held, label), (plain, held),
                     (plain, plain)]
        let constraints = pairs.enumerated().map { index, pair in
            ConstraintSnapshot(className: index == 2 ? "My\"Constraint" : "NSLayoutConstraint", address: UInt64(index),
                               firstItem: pair.0, firstAttribute: .leading, secondItem: pair.1,
                               secondAttribute: .trailing, owner: index % 2 == 0 ? plain : named)
        }
        let view = ViewSnapshot(reference: plain, constraints: constraints,
                                children: [ViewSnapshot(reference: named, ancestorConstraints: constraints)])
        XCTAssertEqual(DescentReport.json(view), generic(view))
    }

    func test_numbersAndAddresses_ofEveryLength_writeTheSame() {
        // Numbers of one to sixteen digits and fractions, and addresses of one to
        // sixteen hexadecimal digits.
        var constants: [Double] = [0, -0.0, 0.25, -1, 1e15 - 1, 1e15, -1e15 + 1, 123_456_789.5]
        var magnitude = 1.0
        for _ in 0..<16 {
            constants += [magnitude, magnitude - 1, -magnitude, magnitude * 9.99]
            magnitude *= 10
        }
        var addresses: [UInt64] = [0, UInt64.max]
        for digits in 1...16 { addresses += [UInt64(1) << (4 * (digits - 1)), (UInt64(1) << (4 * digits - 1)) | 0xa5] }
        let views = addresses.map { ViewSnapshot(reference: ObjectReference(className: "UIView", address: $0)) }
        // Multipliers, priorities and frame misses around the values written as literals (1, 1000, 0).
        let multipliers: [Double] = [1, -1, 0.5, 1.000_000_1], priorities: [Double] = [1000, 999, 1000.5, 250]
        let misses: [Double?] = [0, -0.0, nil, 0.5, -3]
        let constraints = constants.enumerated().map { index, constant in
            ConstraintSnapshot(address: addresses[index % addresses.count], firstItem: views[index % views.count].reference,
                               firstAttribute: .width, multiplier: multipliers[index % multipliers.count],
                               constant: constant, priority: priorities[index % priorities.count],
                               frameMiss: misses[index % misses.count])
        }
        let root = ViewSnapshot(reference: ObjectReference(className: "UIWindow", address: 0x1), constraints: constraints,
                                children: views)
        XCTAssertEqual(DescentReport.json(root), generic(root))
    }
}
