import Foundation
import XCTest

/// `layout-explain` on a log with a `recursiveDescription` pasted next to the
/// conflict: the suggested fixes come ranked, from a file or standard input,
/// the dump before or after the conflict. The frames are worked out in
/// `FixRankingLogTests`.
final class LayoutExplainCLIPlacementTests: XCTestCase {
    private func run(_ arguments: [String], stdin: String = "") throws -> BuiltTool.Run {
        try BuiltTool.layoutExplain(arguments, stdin: stdin)
    }

    /// `log` written to a file of its own, removed after the test.
    private func file(_ log: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("described-\(UUID().uuidString).log")
        try log.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// The ranked list as `layout-explain` prints it for `DescribedLogs.widthConflict`:
    /// the width 400 is fixed between two pinned edges, so it gives way at 999 and moves
    /// nothing; the leading edge at 999 keeps the trailing edge at 304, so x = -96; the
    /// trailing edge at 999 makes the label 400 wide from x 16. Only x and width are solved.
    private func assertRanked(_ out: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = [
            "     predicted: no view moves from the layout the engine recovers to",
            "     predicted: <UILabel:0x7fd> x 16, width 288 → x -96, width 400, moves outside its superview and the window",
            "     predicted: <UILabel:0x7fd> x 16, width 288 → x 16, width 400, moves outside its superview and the window",
        ]
        let lines = out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("     predicted: ") }, expected, out, file: file, line: line)
        let fixes = lines.drop { $0 != "Any one of these changes resolves it:" }
        let first = fixes.first { $0.hasPrefix("  1. ") } ?? ""
        XCTAssertTrue(first.hasPrefix("  1. give UILabel.width == 400 priority 999"), first, file: file, line: line)
        XCTAssertTrue(first.hasSuffix("(try this first)"), first, file: file, line: line)
        XCTAssertEqual(lines.filter { $0.contains("(try this first)") }.count, 1, file: file, line: line)
        XCTAssertFalse(out.contains("Not ranked"), out, file: file, line: line)
    }

    func test_aDumpAfterTheConflict_ranksTheFixes_fromAFileAndFromStandardInput() throws {
        let log = DescribedLogs.widthConflict + DescribedLogs.window
        let fromFile = try run([try file(log)])
        XCTAssertEqual(fromFile.status, 0, fromFile.err)
        assertRanked(fromFile.out)
        let fromStdin = try run(["-"], stdin: log)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.err)
        assertRanked(fromStdin.out)
    }

    func test_aDumpBeforeTheConflict_ranksTheFixes() throws {
        let log = DescribedLogs.window + DescribedLogs.widthConflict
        assertRanked(try run([try file(log)]).out)
        assertRanked(try run(["-"], stdin: log).out)
    }

    func test_withoutADump_orWithoutTheConflictsViews_intentAloneRanks_andSaysWhichEvidence() throws {
        let bare = try run(["-"], stdin: DescribedLogs.widthConflict)
        XCTAssertEqual(bare.status, 0, bare.err)
        XCTAssertTrue(bare.out.contains("\nRanked by what these constraints say you meant (a fixed size between two pinned "
                                        + "edges); nothing is predicted: the log holds no frames.\n"), bare.out)
        XCTAssertTrue(bare.out.contains("  1. give UILabel.width == 400 priority 999"), bare.out)
        XCTAssertFalse(bare.out.contains("     predicted:"), bare.out)
        let other = try run([try file(DescribedLogs.widthConflict + DescribedLogs.otherWindow)])
        XCTAssertTrue(other.out.contains("; nothing is predicted: the view descriptions in the log do not include <UILabel:0x7fd>.\n"),
                      other.out)
        XCTAssertFalse(other.out.contains("     predicted:"))
    }

    func test_json_carriesTheRanks_tryFirst_andThePredictedFrames() throws {
        let result = try run(["--json", "-"], stdin: DescribedLogs.widthConflict + DescribedLogs.window)
        XCTAssertEqual(result.status, 0, result.err)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(document["schema"] as? String, "layoutdebug/2")
        let report = try XCTUnwrap((document["reports"] as? [[String: Any]])?.first)
        let explanation = try XCTUnwrap(report["explanation"] as? [String: Any])
        XCTAssertNil(explanation["notRanked"])
        let fixes = try XCTUnwrap(explanation["fixes"] as? [[String: Any]])
        XCTAssertEqual(fixes.map { $0["rank"] as? Int }, [1, 2, 3])
        XCTAssertEqual(fixes.map { $0["tryFirst"] as? Bool }, [true, nil, nil], "false, the default, is left out")
        // Each fix names its constraint by its index in the report's constraints, the log's order:
        // 0x600004 (the width), then 0x600002 and 0x600003 (the edges).
        let content = try XCTUnwrap(report["report"] as? [String: Any])
        let constraints = try XCTUnwrap(content["constraints"] as? [[String: Any]])
        XCTAssertEqual(constraints.map { $0["address"] as? String }, ["0x600001", "0x600002", "0x600003", "0x600004"])
        XCTAssertEqual(fixes.map { $0["constraint"] as? Int }, [3, 1, 2])
        XCTAssertEqual(explanation["rankedBy"] as? [String], ["fixedSize", "frames"])
        let move = try XCTUnwrap(((fixes[1]["forecast"] as? [String: Any])?["moves"] as? [[String: Any]])?.first)
        XCTAssertEqual(move["view"] as? String, "0x7fd")
        XCTAssertEqual(move["to"] as? [Double], [-96, 100, 400, 21])
        // The report's views carry where the dump put them, in the window's coordinates.
        let views = try XCTUnwrap(content["views"] as? [[String: Any]])
        let placed = views.filter { $0["windowFrame"] != nil }
        XCTAssertEqual(placed.map { $0["address"] as? String }, ["0x7fc", "0x7fd"])
        XCTAssertEqual(placed.map { $0["depth"] as? Int }, [1, 2])
    }
}
