import Foundation
import XCTest

/// `layout-explain` on messages that are not conflicts (`NoticeLogs`): each
/// is explained as what it is, and exit status 0 says something was explained.
final class LayoutExplainCLINoticeTests: XCTestCase {
    private func run(_ arguments: [String], stdin: String) throws -> BuiltTool.Run {
        try BuiltTool.layoutExplain(arguments, stdin: stdin)
    }

    func test_notices_areNeverReportedAsConflicts_andExitZero() throws {
        let logs = [NoticeLogs.unableToInstall, NoticeLogs.unableToInstallWrapped, NoticeLogs.unableToActivate,
                    NoticeLogs.hierarchyNotPrepared, NoticeLogs.managedCell, NoticeLogs.managedTableContentView,
                    NoticeLogs.ambiguousLayout, NoticeLogs.ambiguousLayoutOldTrace]
        for log in logs {
            let result = try run([], stdin: log + "\n")
            XCTAssertEqual(result.status, 0, result.err)
            XCTAssertEqual(result.err, "")
            XCTAssertTrue(result.out.contains("\nNot a conflict: "), result.out)
            XCTAssertFalse(result.out.contains("Conflict #"), result.out)
            XCTAssertFalse(result.out.contains("Unable to simultaneously satisfy"), result.out)
            XCTAssertTrue(result.out.contains("\nWhat happened:\n") && result.out.contains("\nWhat to do:\n"), result.out)
        }
    }

    func test_json_givesTheNoticeKind_insteadOfAnOwner() throws {
        let result = try run(["--json"], stdin: NoticeLogs.hierarchyNotPrepared + "\n" + NoticeLogs.conflict + "\n")
        XCTAssertEqual(result.status, 0, result.err)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        XCTAssertEqual(document["schema"] as? String, "layoutdebug/2")
        XCTAssertEqual(document["kind"] as? String, "explain")
        let documents = try XCTUnwrap(document["reports"] as? [[String: Any]])
        XCTAssertEqual(documents.count, 2)
        XCTAssertEqual(documents[0]["notice"] as? String, "view-hierarchy-not-prepared")
        XCTAssertNil(documents[0]["owner"])
        let explanation = try XCTUnwrap(documents[0]["explanation"] as? [String: Any])
        XCTAssertEqual(explanation["title"] as? String, "The view hierarchy is not prepared for the constraint")
        XCTAssertEqual(documents[0]["firstLine"] as? Int, 1)
        XCTAssertEqual(documents[0]["lastLine"] as? Int, 9)
        XCTAssertEqual(documents[1]["owner"] as? String, "yours")
        XCTAssertNil(documents[1]["notice"])
    }

    /// A log with nothing in it keeps its one-line error.
    func test_aLogWithNothing_keepsTheOneLineError() throws {
        let result = try run([], stdin: "2024-05-02 09:14:07.311 Orbit[5120:88213] Loaded 12 items\n")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
        XCTAssertTrue(result.err.contains("no Auto Layout conflict found"), result.err)
    }
}
