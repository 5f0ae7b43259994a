@testable import LayoutDebugSupport
import XCTest

/// A log's suggested fixes are ranked as a live conflict's wherever the log
/// holds the views' frames (a `recursiveDescription` pasted next to it), and
/// say why not where it does not. Every frame is worked out by hand.
final class FixRankingLogTests: XCTestCase {
    /// The log's conflict, its views placed from the descriptions in the same log, explained.
    private func explained(_ log: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> ConflictExplanation {
        var conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first, "no conflict", file: file, line: line)
        ViewDescriptions(text: log).place(&conflict)
        return ConflictExplainer.explain(conflict)
    }

    func test_widthConflict_withItsWindowsDump_ranksTheWidthFirst_andPredictsTheFrames() throws {
        let explanation = try explained(DescribedLogs.widthConflict + DescribedLogs.window)
        // The dump: the root view 0x7fc at (0 0; 320 568) in the window, the label 0x7fd at (16 100; 288 21).
        // The encapsulated width 320 is UIKit's: no fix changes it.
        // Intent: the label's width 400 is fixed while its leading and trailing are pinned: it gives way.
        // Width 400 at 999: leading and trailing hold, the label stays 320 - 16 - 16 = 288 wide: nothing moves,
        //   and the width is 400 - 288 = 112 from what it asks.
        // Leading at 999: the trailing edge stays at 320 - 16 = 304, so x = 304 - 400 = -96:
        //   (-96 100; 400 21), past the left edges; the leading is 16 - (-96) = 112 off.
        // Trailing at 999: leading 16 and width 400 hold: (16 100; 400 21), ending at 416, past 320;
        //   the trailing is 112 off. The two edges tie and keep the list's order.
        XCTAssertNil(explanation.notRanked)
        XCTAssertEqual(explanation.fixes.map(\.target), [0x600004, 0x600002, 0x600003])
        XCTAssertEqual(explanation.fixes.map(\.rank), [1, 2, 3])
        XCTAssertEqual(explanation.fixes.map(\.tryFirst), [true, false, false])
        let forecasts = try explanation.fixes.map { try XCTUnwrap($0.forecast) }
        XCTAssertEqual(forecasts.map(\.keepsViewsInside), [true, false, false])
        XCTAssertEqual(forecasts.map(\.missed), [112, 112, 112])
        let label = ObjectReference(className: "UILabel", address: 0x7fd)
        let before = SnapshotRect(x: 16, y: 100, width: 288, height: 21)
        XCTAssertEqual(forecasts[0].moves, [])
        XCTAssertEqual(forecasts[1].moves, [.init(view: label, from: before, to: SnapshotRect(x: -96, y: 100, width: 400, height: 21),
                                                  outside: "its superview and the window", decided: [.x, .width])])
        XCTAssertEqual(forecasts[2].moves, [.init(view: label, from: before, to: SnapshotRect(x: 16, y: 100, width: 400, height: 21),
                                                  outside: "its superview and the window", decided: [.x, .width])])

        let lines = try fixLines(explanation.text)
        XCTAssertTrue(lines[0].hasPrefix("  1. give UILabel.width == 400 priority 999"), lines[0])
        XCTAssertTrue(lines[0].hasSuffix(" (try this first)"), lines[0])
        XCTAssertEqual(lines[2], "     predicted: no view moves from the layout the engine recovers to")
        XCTAssertEqual(lines[5], "     predicted: <UILabel:0x7fd> x 16, width 288 → x -96, width 400, moves outside its superview and the window")
        XCTAssertEqual(lines[8], "     predicted: <UILabel:0x7fd> x 16, width 288 → x 16, width 400, moves outside its superview and the window")
        XCTAssertFalse(explanation.text.contains("Not ranked"))
        // The dump is the engine's layout: nothing says the frames predate it.
        XCTAssertNil(explanation.notLaidOut)
    }

    func test_theDumpBeforeTheConflict_ranksTheSame() throws {
        let after = try explained(DescribedLogs.widthConflict + DescribedLogs.window)
        let before = try explained(DescribedLogs.window + DescribedLogs.widthConflict)
        XCTAssertEqual(before.fixes, after.fixes)
    }

    func test_aLogWithoutDescriptions_isRankedByIntent_andSaysTheLogHoldsNoFrames() throws {
        let explanation = try explained(DescribedLogs.widthConflict)
        XCTAssertNil(explanation.notRanked)
        XCTAssertEqual(explanation.notPredicted, "the log holds no frames")
        XCTAssertEqual(explanation.fixes.map(\.target), [0x600004, 0x600002, 0x600003])
        XCTAssertTrue(explanation.fixes.allSatisfy { $0.forecast == nil })
        XCTAssertEqual(try fixLines(explanation.text).last,
                       "Ranked by what these constraints say you meant (a fixed size between two pinned edges); "
                       + "nothing is predicted: the log holds no frames.")
    }

    func test_aDumpWithoutTheConflictsViews_predictsNothing_andSaysWhichViewItLacks() throws {
        let explanation = try explained(DescribedLogs.widthConflict + DescribedLogs.otherWindow)
        // The constraints name the label first; the other window's dump holds 0x9b0 and 0x9c0 only.
        XCTAssertEqual(explanation.notPredicted, "the view descriptions in the log do not include <UILabel:0x7fd>")
        XCTAssertTrue(explanation.fixes.allSatisfy { $0.forecast == nil })
        XCTAssertEqual(try fixLines(explanation.text).last,
                       "Ranked by what these constraints say you meant (a fixed size between two pinned edges); "
                       + "nothing is predicted: the view descriptions in the log do not include <UILabel:0x7fd>.")
        XCTAssertTrue(JSONText.encode(explanation).contains(
            "\"notPredicted\":\"the view descriptions in the log do not include <UILabel:0x7fd>\""))
    }

    /// The lines from the first change to the end of the list.
    private func fixLines(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let list = try XCTUnwrap(text.components(separatedBy: "Any one of these changes resolves it:\n").last,
                                 file: file, line: line)
        return Array(list.components(separatedBy: "\n\n")[0].split(separator: "\n").map(String.init))
    }
}
