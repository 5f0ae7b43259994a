import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// The ranking on a live conflict: the adapter's placements, the report's
/// numbers, and what `lfix --suggestion 1` then does, on layout-demo's
/// cell-width-conflict after its layout pass (the wide view at (0 0; 50 44)).
final class FixRankingLiveTests: XCTestCase {
    override func setUp() {
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
        LastConflictReport.forget()
        FixJournal.shared.removeAll()
    }

    override func tearDown() { setUp() }

    func test_cellWidth_report_ranksTheWidthFirst_andPrintsThePredictedFrames() throws {
        try onMain {
            let built = try BuiltScenario("cell-width-conflict")
            let report = built.conflictReport(0)
            let wide = try XCTUnwrap(built.root.subviews.first?.subviews.first?.subviews.first)
            let name = "<UIView:0x\(String(LiveHierarchy.address(wide), radix: 16))>"
            // The cell is at the root's origin, its content view 50 by 44, the wide view inside it.
            XCTAssertTrue(report.contains("  1. give UIView.width == 768 priority 999, "), report)
            XCTAssertTrue(report.contains(" (try this first)\n     why: UIView's width is fixed at 768 while its edges are pinned too"),
                          report)
            XCTAssertTrue(report.contains("\n     predicted: no view moves from the layout the engine recovers to\n"), report)
            XCTAssertTrue(report.contains("  2. give UIView.leading == UITableViewCellContentView.leading priority 999, "), report)
            XCTAssertTrue(report.contains("     predicted: \(name) x 0, width 50 → x -718, width 768, moves outside its superview and the window\n"),
                          report)
            XCTAssertTrue(report.contains("  3. give UITableViewCellContentView.trailing == UIView.trailing priority 999, "), report)
            XCTAssertTrue(report.contains("     predicted: \(name) x 0, width 50 → x 0, width 768, moves outside its superview and the window\n"),
                          report)
            // Laid out: the frames are the engine's, so nothing says they predate it.
            XCTAssertFalse(report.contains("Not laid out yet"), report)
        }
    }

    func test_cellWidth_suggestion1_isTheWidth_andMovesNothing_asPredicted() throws {
        try onMain {
            let built = try BuiltScenario("cell-width-conflict")
            _ = built.conflictReport(0)
            let wide = try XCTUnwrap(built.root.subviews.first?.subviews.first?.subviews.first)
            let applied = LiveReports.fix("suggestion 1", stopID: 1, options: [])
            XCTAssertTrue(applied.contains("  priority 1000 → 999"), applied)
            XCTAssertTrue(applied.contains("No conflict remains.\n"), applied)
            XCTAssertEqual(wide.frame, CGRect(x: 0, y: 0, width: 50, height: 44))
        }
    }

    func test_conflictReportJSON_carriesTheRankedSuggestions() throws {
        try onMain {
            let built = try BuiltScenario("cell-width-conflict")
            let json = LiveReports.conflictReport(constraintAt: LiveHierarchy.address(built.conflicts[0].broken),
                                                  listAt: LiveHierarchy.address(built.conflicts[0].list), options: .json)
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let suggestions = try XCTUnwrap(document["suggestions"] as? [[String: Any]])
            let constraints = try XCTUnwrap(document["constraints"] as? [[String: Any]])
            XCTAssertEqual(suggestions.map { $0["rank"] as? Int }, [1, 2, 3])
            XCTAssertEqual(suggestions.map { $0["tryFirst"] as? Bool }, [true, nil, nil])
            // The width first, then the edges: the frames move 0, then 718 + 718 (x and width), then 718.
            let moves = suggestions.map { (($0["forecast"] as? [String: Any])?["moves"] as? [[String: Any]]) ?? [] }
            XCTAssertEqual(moves.map { moves in moves.map(Self.frameChange).reduce(0, +) }, [0, 1436, 718])
            let unmet = suggestions.map { (($0["forecast"] as? [String: Any])?["unmet"] as? [[String: Any]]) ?? [] }
            XCTAssertEqual(unmet.map { $0.compactMap { $0["by"] as? Double }.reduce(0, +) }, [718, 718, 718])
            // Each suggestion names its constraint by its index in the document's list.
            let changed = suggestions.map { constraints[$0["constraint"] as? Int ?? 0]["address"] as? String }
            XCTAssertEqual(changed, LastConflictReport.current?.suggestions.map { $0.target.map { "0x" + String($0, radix: 16) } })
            // The two views the conflict names sit in the window (depth, window frame).
            let views = try XCTUnwrap(document["views"] as? [[String: Any]])
            XCTAssertEqual(views.filter { $0["frame"] != nil && $0["windowFrame"] != nil }.count, 2)
        }
    }

    /// A move's |Δx| + |Δy| + |Δw| + |Δh|, as docs/schema/common.json's forecast says to sum it.
    private static func frameChange(_ move: [String: Any]) -> Double {
        let from = move["from"] as? [Double] ?? [], to = move["to"] as? [Double] ?? []
        return zip(from, to).map { abs($0 - $1) }.reduce(0, +)
    }
}
