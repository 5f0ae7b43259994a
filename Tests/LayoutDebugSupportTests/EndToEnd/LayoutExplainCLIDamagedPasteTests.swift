import Foundation
import XCTest

/// `layout-explain` on the damaged pastes of `ParsingDamagedPasteFormsTests`,
/// as a user meets them: exit 0, the broken constraint named, the label's
/// 16 + 400 + 16 = 432 against the cell's 320, no `unparsed:`, and what was
/// repaired said in the `Note:` line and in `--json`'s `repairs`.
final class LayoutExplainCLIDamagedPasteTests: XCTestCase {
    private func run(_ arguments: [String], stdin: String) throws -> BuiltTool.Run {
        try BuiltTool.layoutExplain(arguments, stdin: stdin)
    }

    private typealias Forms = ParsingDamagedPasteFormsTests

    /// Each form with the repair `--json` counts for it (`nil`: none, the form reads as printed).
    private var forms: [(name: String, log: String, repair: String?)] {
        var classless = Forms.quoted(Forms.items)
        classless[0] = Forms.classless(classless[0])
        var prose = Forms.quoted(Forms.items)
        prose.insert("here is the rest:", at: 2)
        let bold = Forms.quoted(Forms.items).flatMap { ["**" + $0.trimmingCharacters(in: .whitespaces) + "**", ""] }
        var wrapped = Forms.quoted(Forms.items)
        wrapped.replaceSubrange(2...2, with: Forms.wrapped(wrapped[2], before: "(active"))
        return [
            ("classless items", Forms.text(Forms.report(list: ["("] + classless + [")"])), "classlessLines"),
            ("no parentheses", Forms.text(Forms.report(list: Forms.quoted(Forms.items))), nil),
            ("// comments", Forms.text(Forms.report(list: ["("] + Forms.quoted(Forms.items) + [")"])
                .map { $0.isEmpty ? "" : "// " + $0 }), nil),
            ("markdown bold", Forms.text(["**Unable to simultaneously satisfy constraints.**", "", "**(**"] + bold
                + ["**)**", "**Will attempt to recover by breaking constraint " + Forms.items[2] + "**"]), nil),
            ("trailer first", Forms.text(Forms.trailer + Forms.report(list: ["("] + Forms.quoted(Forms.items) + [")"])), nil),
            ("prose", Forms.text(Forms.report(list: ["("] + prose + [")"])), "proseLines"),
            ("wrapped, no parentheses", Forms.text(Forms.report(list: wrapped)), "wrappedLines"),
        ]
    }

    func test_damagedPastes_areExplainedWhole_andTheRepairIsSaid() throws {
        for form in forms {
            let result = try run(["-"], stdin: form.log)
            XCTAssertEqual(result.status, 0, "\(form.name): \(result.err)")
            XCTAssertTrue(result.out.contains("Will attempt to recover by breaking:\n  0x600001234580 "), "\(form.name): \(result.out)")
            XCTAssertTrue(result.out.contains("432 against 320"), "\(form.name): \(result.out)")
            XCTAssertFalse(result.out.contains("unparsed:"), "\(form.name): \(result.out)")
            XCTAssertEqual(result.out.contains("\nNote: the log was damaged on its way here: "), form.repair != nil,
                           "\(form.name): \(result.out)")
        }
    }

    func test_damagedPastes_countTheirRepairsInJSON() throws {
        for form in forms {
            let result = try run(["--json", "-"], stdin: form.log)
            XCTAssertEqual(result.status, 0, "\(form.name): \(result.err)")
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let reports = try XCTUnwrap(document["reports"] as? [[String: Any]], form.name)
            XCTAssertEqual(reports.count, 1, form.name)
            let report = try XCTUnwrap(reports.first?["report"] as? [String: Any], form.name)
            let repairs = report["repairs"] as? [String: Int]
            if let repair = form.repair {
                XCTAssertEqual(repairs?[repair], 1, "\(form.name): \(String(describing: repairs))")
            } else {
                XCTAssertNil(repairs, form.name)
            }
        }
    }

    /// A name's `_` a renderer wrote as `*`: the owner is read from the real
    /// names, and the note says what was read back.
    func test_starredUnderscores_areReadBack_andSaid() throws {
        let log = Forms.text(["Unable to simultaneously satisfy constraints.", "("] + Forms.quoted(Forms.toolbar)
                             + [")", "Will attempt to recover by breaking constraint ", Forms.toolbar[3]])
        let result = try run(["-"], stdin: log)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("Owner: transient"), result.out)
        XCTAssertTrue(result.out.contains("<_UIToolbarContentView:0x7f9e4c40e6d0>"), result.out)
        XCTAssertFalse(result.out.contains("<*UI") || result.out.contains("'*UI"), result.out)
        XCTAssertTrue(result.out.contains("Will attempt to recover by breaking:\n  0x600003f0c2d0 "), result.out)
        XCTAssertFalse(result.out.contains("unparsed:"), result.out)
        XCTAssertTrue(result.out.contains("\nNote: the log was damaged on its way here: read '*' as the '_'"), result.out)
    }
}
