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

    func test_cellWidth_theWidthAt999RanksFirst_andTheLeadingEdgeLast() throws {
        let explanation = ConflictExplainer.explain(cellWidthConflict())
        // Width at 999: leading and trailing hold, so the view is the content view's 50: it stays.
        // Trailing at 999: leading 0 and width 768 hold: (0 0; 768 44), 718 wider, past both right edges.
        // Leading at 999: the trailing edge stays at 50, so minX = 50 - 768 = -718: 718 + 718 = 1436 moved.
        XCTAssertEqual(explanation.fixes.map(\.target), [0x4, 0x3, 0x2])
        XCTAssertEqual(explanation.fixes.map(\.rank), [1, 2, 3])
        XCTAssertEqual(explanation.fixes.map(\.tryFirst), [true, false, false])
        XCTAssertNil(explanation.notRanked)
        let forecasts = try explanation.fixes.map { try XCTUnwrap($0.forecast) }
        XCTAssertEqual(forecasts.map(\.keepsViewsInside), [true, false, false])
        XCTAssertEqual(forecasts.map(\.frameChange), [0, 718, 1436])
        XCTAssertEqual(forecasts[0].moves, [])
        let wide = ObjectReference(className: "UIView", address: 0xA0)
        let before = SnapshotRect(x: 0, y: 0, width: 50, height: 44)
        XCTAssertEqual(forecasts[1].moves, [.init(view: wide, from: before, to: SnapshotRect(x: 0, y: 0, width: 768, height: 44),
                                                  outside: "its superview and the window")])
        XCTAssertEqual(forecasts[2].moves, [.init(view: wide, from: before, to: SnapshotRect(x: -718, y: 0, width: 768, height: 44),
                                                  outside: "its superview and the window")])
    }

    func test_cellWidth_text_marksTheFirst_andPrintsWhatEachMoves() throws {
        let lines = try fixLines(ConflictExplainer.explain(cellWidthConflict()).text)
        // The advice's words are the explainer's; the numbers, the mark and the forecasts are the ranking's.
        XCTAssertEqual(lines.count, 7, "\(lines)")
        XCTAssertTrue(lines[0].hasPrefix("  1. give UIView.width == 768 priority 999, "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix(" (try this first)"), lines[0])
        XCTAssertEqual(lines[1], "     predicted: no view moves")
        XCTAssertTrue(lines[2].hasPrefix("  2. give UITableViewCellContentView.trailing == UIView.trailing priority 999, "), lines[2])
        XCTAssertEqual(lines[3], "     predicted: <UIView:0xa0> (0 0; 50 44) → (0 0; 768 44), outside its superview and the window")
        XCTAssertTrue(lines[4].hasPrefix("  3. give UIView.leading == UITableViewCellContentView.leading priority 999, "), lines[4])
        XCTAssertEqual(lines[5], "     predicted: <UIView:0xa0> (0 0; 50 44) → (-718 0; 768 44), outside its superview and the window")
        XCTAssertEqual(lines[6], "Ranked by the frames our solver predicts: first the changes that keep every view inside "
                           + "its superview and the window, then the least frame change.")
        XCTAssertFalse(lines[2...].contains { $0.contains("try this first") })
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
        XCTAssertEqual(handles.suggestions.map(\.target), [0x4, 0x3, 0x2])
        XCTAssertEqual(handles.suggestions.first?.change, .priority(999))
    }

    func test_cellWidth_json_carriesRank_tryFirst_andThePredictedFrames() throws {
        let json = JSONText.encode(ConflictExplainer.explain(cellWidthConflict()))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let fixes = try XCTUnwrap(object["fixes"] as? [[String: Any]])
        XCTAssertEqual(fixes.map { $0["rank"] as? Int }, [1, 2, 3])
        XCTAssertEqual(fixes.map { $0["tryFirst"] as? Bool }, [true, false, false])
        let forecast = try XCTUnwrap(fixes[2]["forecast"] as? [String: Any])
        let move = try XCTUnwrap((forecast["moves"] as? [[String: Any]])?.first)
        // Addresses as the rest of the JSON gives them: the view's reference, the fix's target.
        XCTAssertEqual((move["view"] as? [String: Any])?["address"] as? String, "0xa0")
        XCTAssertEqual(fixes[2]["target"] as? String, "0x2")
        XCTAssertEqual((move["to"] as? [String: Any])?["x"] as? Double, -718)
        XCTAssertEqual(forecast["keepsViewsInside"] as? Bool, false)
    }

    // MARK: - Everything stays inside

    /// A label 0xB0 in the root view 0xD0 (the window's, (0 0; 375 667)):
    /// leading 50 from the root, 100 wide, and its centre at 200 (broken):
    /// 50 + 100/2 = 100, not 200. The engine keeps it at (50 100; 100 20).
    func test_everyFixKeepsTheViewInside_theLeastChangeWins() throws {
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
        // Without the centre: nothing moves. Without the leading: x = 200 - 100/2 = 150, 100 moved.
        // Without the width: w = 2 × (200 - 50) = 300, 200 moved; 50 + 300 = 350 still inside 375.
        XCTAssertEqual(explanation.fixes.map(\.target), [0x13, 0x11, 0x12])
        let forecasts = try explanation.fixes.map { try XCTUnwrap($0.forecast) }
        XCTAssertEqual(forecasts.map(\.keepsViewsInside), [true, true, true])
        XCTAssertEqual(forecasts.map(\.frameChange), [0, 100, 200])
        XCTAssertEqual(forecasts[1].moves.map(\.to), [SnapshotRect(x: 150, y: 100, width: 100, height: 20)])
        XCTAssertEqual(forecasts[2].moves.map(\.to), [SnapshotRect(x: 50, y: 100, width: 300, height: 20)])
        XCTAssertEqual(explanation.fixes.map(\.tryFirst), [true, false, false])
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
        // Without the leading: x = 320 - 50 = 270, ends at 370: inside, 30 moved.
        // Without the width: w = 2 × (320 - 300) = 40, ends at 340: inside, 60 moved.
        // Without the centre: nothing moves, and the label still ends at 400, past 375.
        XCTAssertEqual(explanation.fixes.map(\.target), [0x21, 0x22, 0x23])
        let forecasts = try explanation.fixes.map { try XCTUnwrap($0.forecast) }
        XCTAssertEqual(forecasts.map(\.keepsViewsInside), [true, true, false])
        XCTAssertEqual(forecasts.map(\.frameChange), [30, 60, 0])
        XCTAssertEqual(forecasts[0].moves.map(\.to), [SnapshotRect(x: 270, y: 0, width: 100, height: 20)])
        XCTAssertEqual(forecasts[1].moves.map(\.to), [SnapshotRect(x: 300, y: 0, width: 40, height: 20)])
        let lines = try fixLines(explanation.text)
        XCTAssertEqual(lines[5], "     predicted: no view moves; <UILabel:0xb0> stays outside its superview and the window")
    }

    // MARK: - A log

    func test_aLogWithoutFrames_isNotRanked_andSaysSo() throws {
        let explanation = ConflictExplainer.explain(try ParsingCorpus.conflict("007.txt"))
        XCTAssertEqual(explanation.notRanked, "the log holds no frames")
        // The explainer's own order, unmarked.
        XCTAssertEqual(explanation.fixes.map(\.constraintIndex), explanation.fixes.map(\.constraintIndex).sorted())
        XCTAssertTrue(explanation.fixes.allSatisfy { $0.rank == nil && $0.tryFirst == nil && $0.forecast == nil })
        let lines = try fixLines(explanation.text)
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertTrue(lines[2].hasPrefix("  3. give UITableViewCell.bottom == UIImageView.bottom priority 999"), lines[2])
        XCTAssertEqual(lines[3], "Not ranked: the log holds no frames.")
        XCTAssertFalse(explanation.text.contains("try this first"))
        XCTAssertFalse(explanation.text.contains("predicted:"))
        XCTAssertTrue(JSONText.encode(explanation).contains("\"notRanked\":\"the log holds no frames\""))
    }
}
