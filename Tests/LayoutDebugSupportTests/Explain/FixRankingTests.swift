@testable import LayoutDebugSupport
import XCTest

/// The suggested fixes ranked by what each moves: snapshots built by hand, every
/// frame and every order worked out from the constraints' arithmetic.
final class FixRankingTests: XCTestCase {
    private let window = SnapshotRect(x: 0, y: 0, width: 375, height: 667)

    // MARK: - The cell that is 50 wide

    /// layout-demo's cell-width-conflict, laid out as the engine leaves it: the
    /// content view 0xC0 is (0 0; 50 44) in a cell at the window's origin, and
    /// the wide view 0xA0 inside it is (0 0; 50 44), its width 768 broken.
    private func cellWidthConflict() -> ConflictSnapshot {
        let content = ObjectReference(className: "UITableViewCellContentView", address: 0xC0)
        let wide = ObjectReference(className: "UIView", address: 0xA0)
        let cellSize = ConstraintSnapshot(address: 0x1, identifier: "UIView-Encapsulated-Layout-Width",
                                          firstItem: content, firstAttribute: .width, constant: 50)
        let leading = ConstraintSnapshot(address: 0x2, firstItem: wide, firstAttribute: .leading,
                                         secondItem: content, secondAttribute: .leading)
        let trailing = ConstraintSnapshot(address: 0x3, firstItem: content, firstAttribute: .trailing,
                                          secondItem: wide, secondAttribute: .trailing)
        let width = ConstraintSnapshot(address: 0x4, firstItem: wide, firstAttribute: .width, constant: 768)
        let cellFrame = SnapshotRect(x: 0, y: 0, width: 50, height: 44)
        return ConflictSnapshot(
            brokenConstraint: width, mutuallyExclusive: [cellSize, leading, trailing, width],
            views: [ViewSnapshot(reference: wide, frame: cellFrame), ViewSnapshot(reference: content, frame: cellFrame)],
            placements: [
                ViewPlacement(view: 0xA0, frame: cellFrame, depth: 3, superview: 0xC0, superviewFrame: cellFrame,
                              window: window),
                ViewPlacement(view: 0xC0, frame: cellFrame, depth: 2, superview: 0xCE, superviewFrame: cellFrame,
                              window: window),
            ])
    }

    func test_cellWidth_theWidthAt999RanksFirst_byIntent_thenTheEdgesByTheirOrder() throws {
        let explanation = ConflictExplainer.explain(cellWidthConflict())
        // Intent: the wide view's width 768 is fixed while both its edges are pinned (leading,
        // and the content view's trailing == its trailing): the fixed width gives way.
        // Width at 999: leading and trailing hold, the view is the content view's 50: it stays.
        // Leading at 999: the trailing edge stays at 50, so minX = 50 - 768 = -718, past both left edges.
        // Trailing at 999: leading 0 and width 768 hold: (0 0; 768 44), past both right edges.
        // Each leaves one constraint of the app's 718 off (768 - 50); the edges tie, in the list's order.
        XCTAssertEqual(explanation.fixes.map(\.target), [0x4, 0x2, 0x3])
        XCTAssertEqual(explanation.fixes.map(\.rank), [1, 2, 3])
        XCTAssertEqual(explanation.fixes.map(\.tryFirst), [true, false, false])
        XCTAssertNil(explanation.notRanked)
        XCTAssertEqual(explanation.rankedBy, ["fixedSize", "frames"])
        let forecasts = try explanation.fixes.map { try XCTUnwrap($0.forecast) }
        XCTAssertEqual(forecasts.map(\.keepsViewsInside), [true, false, false])
        XCTAssertEqual(forecasts.map(\.missed), [718, 718, 718])
        XCTAssertEqual(forecasts[0].unmet, [.init(constraint: "UIView.width == 768", by: 718, constraintIndex: 3)])
        XCTAssertEqual(forecasts[0].moves, [])
        let wide = ObjectReference(className: "UIView", address: 0xA0)
        let before = SnapshotRect(x: 0, y: 0, width: 50, height: 44)
        // Only x and width are solved: no row of this conflict speaks of a y or a height.
        XCTAssertEqual(forecasts[1].moves, [.init(view: wide, from: before, to: SnapshotRect(x: -718, y: 0, width: 768, height: 44),
                                                  outside: "its superview and the window", decided: [.x, .width])])
        XCTAssertEqual(forecasts[2].moves, [.init(view: wide, from: before, to: SnapshotRect(x: 0, y: 0, width: 768, height: 44),
                                                  outside: "its superview and the window", decided: [.x, .width])])
    }

    func test_cellWidth_text_marksTheFirst_saysWhyEachStandsWhereItIs_andPrintsOnlyTheSolvedValues() throws {
        let lines = try fixLines(ConflictExplainer.explain(cellWidthConflict()).text)
        XCTAssertEqual(lines.count, 10, "\(lines)")
        XCTAssertEqual(lines[0], "  1. give UIView.width == 768 priority 999, so the size its table view gives the cell wins (try this first)")
        XCTAssertEqual(lines[1], "     why: UIView's width is fixed at 768 while its edges are pinned too, and they already give it a "
                           + "width: the fixed width is the one to give way; the engine broke this one too")
        XCTAssertEqual(lines[2], "     predicted: no view moves from the layout the engine recovers to")
        XCTAssertEqual(lines[3], "  2. give UIView.leading == UITableViewCellContentView.leading priority 999, so the size its table view gives the cell wins")
        XCTAssertEqual(lines[4], "     why: UIView ends outside its superview and the window; "
                           + "leaves UIView.leading == UITableViewCellContentView.leading off by 718")
        XCTAssertEqual(lines[5], "     predicted: <UIView:0xa0> x 0, width 50 → x -718, width 768, moves outside its superview and the window")
        XCTAssertEqual(lines[8], "     predicted: <UIView:0xa0> x 0, width 50 → x 0, width 768, moves outside its superview and the window")
        XCTAssertEqual(lines[9], "Ranked by what these constraints say you meant (a fixed size between two pinned edges), then by "
                           + "the frames our solver predicts, judged against your own constraints: first the changes that keep "
                           + "every view inside its superview and the window, then those that leave your constraints least unmet.")
        XCTAssertFalse(lines[3...].contains { $0.contains("try this first") })
    }

    /// The lines from the first change to the end of the list.
    private func fixLines(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let list = try XCTUnwrap(text.components(separatedBy: "Any one of these changes resolves it:\n").last,
                                 file: file, line: line)
        return Array(list.components(separatedBy: "\n\n")[0].split(separator: "\n").map(String.init))
    }

    /// `lfix --suggestion N` takes the N the report prints.
    func test_cellWidth_lfixHandles_followTheRanking() {
        let conflict = cellWidthConflict()
        let handles = ConflictHandles(conflict, ConflictExplainer.explain(conflict))
        XCTAssertEqual(handles.suggestions.map(\.target), [0x4, 0x2, 0x3])
        XCTAssertEqual(handles.suggestions.first?.change, .priority(999))
    }

    func test_cellWidth_json_carriesRank_tryFirst_andThePredictedFrames() throws {
        let json = JSONText.encode(ConflictExplainer.explain(cellWidthConflict()))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fixes = try XCTUnwrap(object["fixes"] as? [[String: Any]])
        XCTAssertEqual(fixes.map { $0["rank"] as? Int }, [1, 2, 3])
        XCTAssertEqual(fixes.map { $0["tryFirst"] as? Bool }, [true, nil, nil], "false, the default, is left out")
        XCTAssertEqual(object["rankedBy"] as? [String], ["fixedSize", "frames"])
        XCTAssertTrue((fixes[0]["reason"] as? String)?.hasPrefix("UIView's width is fixed at 768") == true)
        let forecast = try XCTUnwrap(fixes[1]["forecast"] as? [String: Any])
        let move = try XCTUnwrap((forecast["moves"] as? [[String: Any]])?.first)
        // The view by its address; the fix's constraint, the leading (0x2), by its index in the list.
        XCTAssertEqual(move["view"] as? String, "0xa0")
        XCTAssertEqual(fixes.map { $0["constraint"] as? Int }, [3, 1, 2])
        XCTAssertNil(fixes[1]["target"], "a priority applies to the constraint at constraint")
        XCTAssertEqual(move["to"] as? [Double], [-718, 0, 768, 44])
        XCTAssertEqual(move["decided"] as? [String], ["x", "width"])
        // The leading edge at 999 is left 718 off (768 - 50); the sums are the reader's.
        let unmet = try XCTUnwrap(forecast["unmet"] as? [[String: Any]])
        XCTAssertEqual(unmet.map { $0["constraint"] as? Int }, [1])
        XCTAssertEqual(unmet.map { $0["by"] as? Double }, [718])
        XCTAssertNil(forecast["keepsViewsInside"])
    }

    // MARK: - Everything stays inside

    /// A label 0xB0 in the root view 0xD0 (the window's, (0 0; 375 667)):
    /// leading 50 from the root, 100 wide, and its centre at 200 (broken):
    /// 50 + 100/2 = 100, not 200. The engine keeps it at (50 100; 100 20).
    /// No evidence of intent: a leading edge and a centre give a width too,
    /// but nothing says which of the three is extra.
    func test_everyFixKeepsTheViewInside_theLeastUnmetWins_andTheEnginesChoiceBreaksATie() throws {
        let root = ObjectReference(className: "UIView", address: 0xD0)
        let label = ObjectReference(className: "UILabel", address: 0xB0)
        let leading = ConstraintSnapshot(address: 0x11, firstItem: label, firstAttribute: .leading, secondItem: root,
                                         secondAttribute: .leading, constant: 50)
        let width = ConstraintSnapshot(address: 0x12, firstItem: label, firstAttribute: .width, constant: 100)
        let center = ConstraintSnapshot(address: 0x13, firstItem: label, firstAttribute: .centerX, secondItem: root,
                                        secondAttribute: .leading, constant: 200)
        let labelFrame = SnapshotRect(x: 50, y: 100, width: 100, height: 20)
        let conflict = ConflictSnapshot(
            brokenConstraint: center, mutuallyExclusive: [leading, width, center],
            views: [ViewSnapshot(reference: label, frame: labelFrame), ViewSnapshot(reference: root, frame: window)],
            placements: [
                ViewPlacement(view: 0xB0, frame: labelFrame, depth: 2, superview: 0xD0, superviewFrame: window, window: window),
                ViewPlacement(view: 0xD0, frame: window, depth: 1, superview: nil, superviewFrame: window, window: window),
            ])
        let explanation = ConflictExplainer.explain(conflict)
        // Without the centre: nothing moves, and the centre is at 100, 100 from the 200 asked.
        // Without the leading: x = 200 - 100/2 = 150, 100 from the 50 asked.
        // Without the width: w = 2 × (200 - 50) = 300, 200 from the 100 asked; 50 + 300 = 350 still inside 375.
        // The centre and the leading tie at 100: the engine broke the centre, so it goes first.
        XCTAssertEqual(explanation.fixes.map(\.target), [0x13, 0x11, 0x12])
        XCTAssertEqual(explanation.rankedBy, ["frames"])
        let forecasts = try explanation.fixes.map { try XCTUnwrap($0.forecast) }
        XCTAssertEqual(forecasts.map(\.keepsViewsInside), [true, true, true])
        XCTAssertEqual(forecasts.map(\.missed), [100, 100, 200])
        XCTAssertEqual(forecasts[1].moves.map(\.to), [SnapshotRect(x: 150, y: 100, width: 100, height: 20)])
        XCTAssertEqual(forecasts[2].moves.map(\.to), [SnapshotRect(x: 50, y: 100, width: 300, height: 20)])
        XCTAssertEqual(explanation.fixes.map(\.tryFirst), [true, false, false])
        XCTAssertEqual(explanation.fixes[0].reason, "every view stays inside its superview and the window; "
                       + "leaves UILabel.centerX == UIView.leading + 200 off by 100; the engine broke this one too")
    }

    /// Inside comes before the least change: the fix that moves nothing loses
    /// when it leaves the view where the engine put it, past the window's edge.
    func test_aFixThatBringsTheViewInside_beatsTheOneThatMovesNothing() throws {
        // The label 0xB0 is 300 from the root's leading edge, 100 wide, and centred at
        // 320 (broken): 300 + 100/2 = 350, not 320. The root is the window's, 375 wide.
        let root = ObjectReference(className: "UIView", address: 0xD0)
        let label = ObjectReference(className: "UILabel", address: 0xB0)
        let leading = ConstraintSnapshot(address: 0x21, firstItem: label, firstAttribute: .leading, secondItem: root,
                                         secondAttribute: .leading, constant: 300)
        let width = ConstraintSnapshot(address: 0x22, firstItem: label, firstAttribute: .width, constant: 100)
        let center = ConstraintSnapshot(address: 0x23, firstItem: label, firstAttribute: .centerX, secondItem: root,
                                        secondAttribute: .leading, constant: 320)
        let labelFrame = SnapshotRect(x: 300, y: 0, width: 100, height: 20)
        let conflict = ConflictSnapshot(
            brokenConstraint: center, mutuallyExclusive: [leading, width, center],
            views: [ViewSnapshot(reference: label, frame: labelFrame)],
            placements: [ViewPlacement(view: 0xB0, frame: labelFrame, depth: 2, superview: 0xD0, superviewFrame: window,
                                       window: window)])
        let explanation = ConflictExplainer.explain(conflict)
        // Without the leading: x = 320 - 50 = 270, ends at 370: inside, 30 from the 300 asked.
        // Without the width: w = 2 × (320 - 300) = 40, ends at 340: inside, 60 from the 100 asked.
        // Without the centre: nothing moves, and the label still ends at 400, past 375.
        XCTAssertEqual(explanation.fixes.map(\.target), [0x21, 0x22, 0x23])
        let forecasts = try explanation.fixes.map { try XCTUnwrap($0.forecast) }
        XCTAssertEqual(forecasts.map(\.keepsViewsInside), [true, true, false])
        XCTAssertEqual(forecasts.map(\.missed), [30, 60, 30])
        XCTAssertEqual(forecasts[0].moves.map(\.to), [SnapshotRect(x: 270, y: 0, width: 100, height: 20)])
        XCTAssertEqual(forecasts[1].moves.map(\.to), [SnapshotRect(x: 300, y: 0, width: 40, height: 20)])
        let lines = try fixLines(explanation.text)
        // The engine's layout already has the label past both edges: the first fix brings it back,
        // the last leaves it where it was.
        XCTAssertEqual(lines[2], "     predicted: <UILabel:0xb0> x 300, width 100 → x 270, width 100, back inside its superview and the window")
        XCTAssertEqual(lines[8], "     predicted: no view moves from the layout the engine recovers to; "
                           + "<UILabel:0xb0> stays outside its superview and the window")
    }

    // MARK: - A log

    /// Corpus 007: an image 60 high pinned to the top and bottom of a cell UIKit makes 80
    /// high. The log holds no frames, so intent alone ranks: the fixed height between two
    /// pinned edges gives way first; the edges, which no evidence names, keep the list's order.
    func test_aLogWithoutFrames_isRankedByIntentAlone_andSaysWhichEvidence() throws {
        let explanation = ConflictExplainer.explain(try ParsingCorpus.conflict("007.txt"))
        XCTAssertNil(explanation.notRanked)
        XCTAssertEqual(explanation.rankedBy, ["fixedSize"])
        XCTAssertEqual(explanation.notPredicted, "the log holds no frames")
        XCTAssertEqual(explanation.fixes.map(\.constraintIndex), [0, 1, 2])
        XCTAssertEqual(explanation.fixes.map(\.tryFirst), [true, false, false])
        XCTAssertTrue(explanation.fixes.allSatisfy { $0.forecast == nil })
        let lines = try fixLines(explanation.text)
        XCTAssertEqual(lines.count, 7, "\(lines)")
        XCTAssertEqual(lines[0], "  1. give UIImageView.height == 60 priority 999, so the size its table view gives the cell wins (try this first)")
        XCTAssertEqual(lines[1], "     why: UIImageView's height is fixed at 60 while its edges are pinned too, and they already give it "
                           + "a height: the fixed height is the one to give way")
        XCTAssertEqual(lines[3], "     why: nothing in these constraints points to this change")
        XCTAssertTrue(lines[4].hasPrefix("  3. give UITableViewCell.bottom == UIImageView.bottom priority 999"), lines[4])
        XCTAssertEqual(lines[6], "Ranked by what these constraints say you meant (a fixed size between two pinned edges); "
                           + "nothing is predicted: the log holds no frames.")
        XCTAssertFalse(explanation.text.contains("     predicted:"))
        XCTAssertTrue(JSONText.encode(explanation).contains("\"rankedBy\":[\"fixedSize\"]"))
    }

    /// Corpus 027: a label's height == 25 against its height >= 50: not one attribute pinned
    /// twice (one is an inequality), nothing between pinned edges, no transient size, no
    /// frames: nothing tells the fixes apart, so they keep the explainer's order.
    func test_aLogWithoutFramesOrEvidence_isNotRanked_andSaysSo() throws {
        let explanation = ConflictExplainer.explain(try ParsingCorpus.conflict("027.txt"))
        XCTAssertEqual(explanation.notRanked,
                       "the log holds no frames, and nothing in these constraints tells which change you meant")
        XCTAssertTrue(explanation.fixes.allSatisfy { $0.rank == nil && $0.tryFirst == nil && $0.reason == nil })
        XCTAssertEqual(try fixLines(explanation.text).last,
                       "Not ranked: the log holds no frames, and nothing in these constraints tells which change you meant.")
    }
}
