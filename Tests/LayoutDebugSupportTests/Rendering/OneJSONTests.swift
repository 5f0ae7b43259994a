import Foundation
import XCTest
@testable import LayoutDebugSupport

/// Every document speaks one JSON (docs/schema/common.json): addresses as "0x…", relations
/// and attributes by name, origins as one object, `schema` and `kind` first, and (layoutdebug/2)
/// each object written once, named elsewhere by its address.
final class OneJSONTests: XCTestCase {
    private func object(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], file: file, line: line)
    }

    // MARK: - The shared parts

    func test_constraint_writesHexAddresses_andNames() throws {
        let c = ConstraintSnapshot(address: 0x5555_5557_efe0, firstItem: Fixture.header, firstAttribute: .leading,
                                   relation: .lessThanOrEqual, secondItem: Fixture.root, secondAttribute: .trailing,
                                   owner: Fixture.root)
        let json = try object(JSONText.encode(c))
        XCTAssertEqual(json["address"] as? String, "0x55555557efe0")
        // Its items by address: a document describes each view once, under "views".
        XCTAssertEqual(json["firstItem"] as? String, "0x600000001000")
        XCTAssertEqual(json["owner"] as? String, "0x7ff0a8c0b290")
        XCTAssertEqual(json["relation"] as? String, "lessThanOrEqual")
        XCTAssertEqual(json["firstAttribute"] as? String, "leading")
        XCTAssertEqual(json["secondAttribute"] as? String, "trailing")
    }

    /// By name, not NSLayoutConstraint.Relation's raw value (-1, 0, 1), which no document writes.
    func test_relation_isNamed() throws {
        let pairs: [(LayoutRelation, String)] = [(.lessThanOrEqual, "lessThanOrEqual"), (.equal, "equal"),
                                                 (.greaterThanOrEqual, "greaterThanOrEqual")]
        for (relation, name) in pairs {
            XCTAssertEqual(JSONText.encode([relation]), "[\"\(name)\"]")
            XCTAssertEqual(try JSONDecoder().decode([LayoutRelation].self, from: Data("[\"\(name)\"]".utf8)), [relation])
        }
        XCTAssertThrowsError(try JSONDecoder().decode([LayoutRelation].self, from: Data("[\"equals\"]".utf8)))
    }

    func test_origins_areOneObjectEach_withoutSwiftsEnumCoding() {
        XCTAssertEqual(JSONText.encode(ConstraintOrigin.returnAddresses([0x10, 0x5555_0000_1234])),
                       "{\"frames\":[\"0x10\",\"0x555500001234\"]}")
        XCTAssertEqual(JSONText.encode(ConstraintOrigin.imageAddresses(["app+0x1a2b"])), "{\"imageFrames\":[\"app+0x1a2b\"]}")
        XCTAssertEqual(JSONText.encode(ConstraintOrigin.system("made by the system")), "{\"system\":\"made by the system\"}")
        XCTAssertEqual(JSONText.encode(ConstraintOrigin.unknown("capture was off")), "{\"unknown\":\"capture was off\"}")
    }

    // MARK: - Documents

    func test_everyRenderedDocument_startsWithSchemaAndKind() throws {
        let view = ViewSnapshot(reference: Fixture.root, constraints: [Fixture.width(Fixture.root, 20)],
                                children: [ViewSnapshot(reference: Fixture.image)])
        let conflict = ConflictSnapshot(brokenConstraint: Fixture.leading(), mutuallyExclusive: [Fixture.leading()])
        let documents: [(String, String)] = [
            (DescentReport.json(view), "descent-report"),
            (ConstraintReport.json(Fixture.leading(), items: [view]), "constraint-report"),
            (ReferencingConstraintsReport.json(view), "referencing-constraints"),
            (AutolayoutTrace.json(view), "autolayout-trace"),
            (LintReport.json([]), "lint"),
            (FixReport.listJSON([]), "fix-list"),
            (ConflictReportRenderer.json(conflict, why: nil), "conflict-report"),
        ]
        for (json, kind) in documents {
            XCTAssertTrue(json.hasPrefix("{\"schema\":\"layoutdebug/2\",\"kind\":\"\(kind)\","), json)
        }
        // The descent's views, each once, in pre-order.
        let views = try XCTUnwrap(try object(DescentReport.json(view))["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["address"] as? String }, ["0x7ff0a8c0b290", "0x1234"])
    }

    /// llint's constraints are the shared constraint objects, each with its report line, listed
    /// once and named by address in the findings.
    func test_lint_givesSharedConstraints_withTheirText() throws {
        var c = Fixture.width(Fixture.image, 100)
        c.address = 0xabc
        c.origin = .returnAddresses([0x10])
        let finding = LayoutFinding(rule: .offsetInset, view: Fixture.image, constraints: [c], detail: "d")
        let json = try object(LintReport.json([finding]))
        let entry = try XCTUnwrap((json["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(entry["view"] as? String, "0x1234")
        XCTAssertEqual(entry["constraints"] as? [String], ["0xabc"])
        XCTAssertEqual((json["views"] as? [[String: Any]])?.map { $0["address"] as? String }, ["0x1234"])
        let constraint = try XCTUnwrap((json["constraints"] as? [[String: Any]])?.first)
        XCTAssertEqual(constraint["address"] as? String, "0xabc")
        XCTAssertNil(constraint["relation"], "equal, the default, is left out")
        XCTAssertEqual(constraint["origin"] as? [String: [String]], ["frames": ["0x10"]])
        XCTAssertEqual(constraint["text"] as? String, ConstraintFormatter.line(c))
        XCTAssertNil(constraint["madeAt"])
    }
}
