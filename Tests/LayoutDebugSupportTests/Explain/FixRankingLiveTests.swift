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
            let document = try JSONDecoder().decode(ConflictReportDocument.self, from: Data(json.utf8))
            let suggestions = try XCTUnwrap(document.suggestions)
            XCTAssertEqual(suggestions.map(\.rank), [1, 2, 3])
            XCTAssertEqual(suggestions.map(\.tryFirst), [true, false, false])
            XCTAssertEqual(suggestions.map { $0.forecast?.frameChange }, [0, 1436, 718])
            XCTAssertEqual(suggestions.map { $0.forecast?.missed }, [718, 718, 718])
            XCTAssertEqual(suggestions.map(\.target), LastConflictReport.current?.suggestions.map(\.target))
            XCTAssertEqual(document.conflict.placements?.count, 2)
        }
    }
}
