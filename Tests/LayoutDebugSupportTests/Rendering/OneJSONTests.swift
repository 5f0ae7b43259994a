import Foundation
import XCTest
@testable import LayoutDebugSupport

/// Every document speaks one JSON (docs/schema/common.json): addresses as "0x…", relations
/// and attributes by name, origins as one object, `schema` and `kind` first. Older documents
/// (decimal addresses, raw relations, Swift's enum coding of origins) still read.
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
        XCTAssertEqual((json["firstItem"] as? [String: Any])?["address"] as? String, "0x600000001000")
        XCTAssertEqual((json["owner"] as? [String: Any])?["address"] as? String, "0x7ff0a8c0b290")
        XCTAssertEqual(json["relation"] as? String, "lessThanOrEqual")
        XCTAssertEqual(json["firstAttribute"] as? String, "leading")
        XCTAssertEqual(json["secondAttribute"] as? String, "trailing")
    }

    /// NSLayoutConstraint.Relation's raw values: lessThanOrEqual -1, equal 0, greaterThanOrEqual 1.
    func test_relation_isNamed_andReadsTheRawValueOlderDocumentsWrote() throws {
        let pairs: [(LayoutRelation, String, Int)] = [(.lessThanOrEqual, "lessThanOrEqual", -1), (.equal, "equal", 0),
                                                      (.greaterThanOrEqual, "greaterThanOrEqual", 1)]
        for (relation, name, raw) in pairs {
            XCTAssertEqual(JSONText.encode([relation]), "[\"\(name)\"]")
            XCTAssertEqual(try JSONDecoder().decode([LayoutRelation].self, from: Data("[\"\(name)\"]".utf8)), [relation])
            XCTAssertEqual(try JSONDecoder().decode([LayoutRelation].self, from: Data("[\(raw)]".utf8)), [relation])
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

    func test_everyOrigin_roundTrips() throws {
        let origins: [ConstraintOrigin] = [.returnAddresses([0x10, UInt64.max]), .imageAddresses(["app+0x1a2b(f)"]),
                                           .system("made by the system"), .unknown("made before capture began")]
        XCTAssertEqual(try JSONDecoder().decode([ConstraintOrigin].self, from: Data(JSONText.encode(origins).utf8)), origins)
    }

    /// The debugger adds the line it resolved beside the frames; the frames still read.
    func test_aResolvedOrigin_readsItsFrames() throws {
        let json = "{\"file\":\"/src/A.swift\",\"line\":12,\"function\":\"f()\",\"frames\":[\"0x10\",\"0x20\"]}"
        XCTAssertEqual(try JSONDecoder().decode(ConstraintOrigin.self, from: Data(json.utf8)), .returnAddresses([0x10, 0x20]))
    }

    // MARK: - Older documents

    /// A constraint as `lreport --json` wrote it before `layoutdebug/1`: decimal addresses,
    /// `"relation":0`, `{"returnAddresses":{"_0":[…]}}`.
    func test_aConstraintOfAnOlderDocument_stillReads() throws {
        let old = """
            {"className":"NSLayoutConstraint","address":93824992443776,"firstItem":{"className":"UIView",\
            "address":93824992440000},"firstAttribute":"width","relation":-1,"secondAttribute":"notAnAttribute",\
            "multiplier":1,"constant":20,"priority":1000,"isActive":true,"isSystemSpacing":false,"isBroken":false,\
            "origin":{"returnAddresses":{"_0":[93824992000000,16]}}}
            """
        let c = try JSONDecoder().decode(ConstraintSnapshot.self, from: Data(old.utf8))
        XCTAssertEqual(c.address, 93_824_992_443_776)
        XCTAssertEqual(c.firstItem?.address, 93_824_992_440_000)
        XCTAssertEqual(c.relation, .lessThanOrEqual)
        XCTAssertEqual(c.origin, .returnAddresses([93_824_992_000_000, 16]))
        // And it writes the new form: the same value, in hex (93824992443776 = 0x555555587d80).
        let json = try object(JSONText.encode(c))
        XCTAssertEqual(json["address"] as? String, "0x555555587d80")
        XCTAssertEqual(json["relation"] as? String, "lessThanOrEqual")
    }

    func test_olderOrigins_stillRead() throws {
        let old = """
            [{"imageAddresses":{"_0":["app+0x10"]}},{"unknown":{"_0":"made by the system"}},\
            {"unknown":{"_0":"capture was off"}}]
            """
        XCTAssertEqual(try JSONDecoder().decode([ConstraintOrigin].self, from: Data(old.utf8)),
                       [.imageAddresses(["app+0x10"]), .system("made by the system"), .unknown("capture was off")])
    }

    func test_aBadAddress_isAnError_notZero() {
        let bad = "{\"className\":\"UIView\",\"address\":\"0xZZ\"}"
        XCTAssertThrowsError(try JSONDecoder().decode(ObjectReference.self, from: Data(bad.utf8)))
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
            XCTAssertTrue(json.hasPrefix("{\"schema\":\"layoutdebug/1\",\"kind\":\"\(kind)\","), json)
        }
        // Still the documents their types decode.
        let decoded = try JSONDecoder().decode(DescentReport.Document.self, from: Data(DescentReport.json(view).utf8))
        XCTAssertEqual(decoded.entries.map(\.view.reference), [Fixture.root, Fixture.image])
    }

    /// llint's constraints are the shared constraint objects, each with its report line.
    func test_lint_givesSharedConstraints_withTheirText() throws {
        var c = Fixture.width(Fixture.image, 100)
        c.address = 0xabc
        c.origin = .returnAddresses([0x10])
        let finding = LayoutFinding(rule: .offsetInset, view: Fixture.image, constraints: [c], detail: "d")
        let json = try object(LintReport.json([finding]))
        let entry = try XCTUnwrap((json["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual((entry["view"] as? [String: Any])?["address"] as? String, "0x1234")
        let constraint = try XCTUnwrap((entry["constraints"] as? [[String: Any]])?.first)
        XCTAssertEqual(constraint["address"] as? String, "0xabc")
        XCTAssertEqual(constraint["relation"] as? String, "equal")
        XCTAssertEqual(constraint["origin"] as? [String: [String]], ["frames": ["0x10"]])
        XCTAssertEqual(constraint["text"] as? String, ConstraintFormatter.line(c))
        XCTAssertNil(constraint["madeAt"])
    }
}
