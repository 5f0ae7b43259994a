import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// `lfix` on the demo scenarios, judged by the engine's own state
/// (`ReferenceKitDebugHooks.brokenConstraints`), not by the explainer.
final class LiveFixesTests: XCTestCase {
    /// Every scenario whose build reports a conflict.
    private let conflictScenarios = ["cell-width-conflict", "autoresizing-conflict", "duplicate-leading",
                                     "stack-conflict", "margins"]
    private var stop: UInt64 = 0

    override func setUp() {
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
        LastConflictReport.forget()
        FixJournal.shared.removeAll()
    }

    override func tearDown() { setUp() }

    /// `LiveReports.fix` at a fresh stop when `newStop`, else at the current one.
    @MainActor
    private func fix(_ command: String, newStop: Bool = false) -> String {
        if newStop { stop += 1 }
        return LiveReports.fix(command, stopID: stop, options: [])
    }

    /// Every view's frame, by address, in the window's hierarchy.
    @MainActor
    private func frames(_ window: UIWindow) -> [UInt: CGRect] {
        var found: [UInt: CGRect] = [:]
        var stack: [UIView] = [window]
        while let view = stack.popLast() {
            found[LiveHierarchy.address(view)] = view.frame
            stack.append(contentsOf: view.subviews)
        }
        return found
    }

    func test_everySuggestion_ofEveryConflictScenario_endsTheConflict_andUndoBringsItBackExactly() throws {
        try onMain {
            for name in conflictScenarios {
                let built = try BuiltScenario(name)
                XCTAssertFalse(built.conflicts.isEmpty, name)
                // Every conflict reported, as lbreak reports each at its stop, so the library knows
                // each constraint the engine broke (the undo puts those back last); the first's last,
                // as the one lfix acts on.
                for index in built.conflicts.indices.dropFirst() { _ = built.conflictReport(index) }
                let report = built.conflictReport(0)
                let suggestions = try XCTUnwrap(LastConflictReport.current?.suggestions, name)
                XCTAssertFalse(suggestions.isEmpty, "\(name) suggests a change:\n\(report)")
                let original = frames(built.window)
                let brokenAtFirst = ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: built.root)
                XCTAssertFalse(brokenAtFirst.isEmpty, name)
                // The reported conflict's constraints; a scenario may hold other conflicts too.
                let reported = Set(built.conflicts[0].list.constraints.map(ObjectIdentifier.init))
                for (number, suggestion) in zip(1..., suggestions) where suggestion.resolvesConflict {
                    let applied = fix("suggestion \(number)", newStop: true)
                    let broken = ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: built.root).map(ObjectIdentifier.init)
                    XCTAssertTrue(reported.isDisjoint(with: broken),
                                  "\(name) suggestion \(number): the engine still breaks one of the report's constraints\n\(applied)")
                    if brokenAtFirst.count == 1 {
                        XCTAssertTrue(applied.contains("No conflict remains.\n"), "\(name) #\(number):\n\(applied)")
                        XCTAssertTrue(broken.isEmpty, "\(name) #\(number)")
                    }
                    let undone = fix("undo")
                    XCTAssertTrue(undone.contains("A conflict remains (\(brokenAtFirst.count)):\n"), "\(name) #\(number) undo:\n\(undone)")
                    XCTAssertEqual(ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: built.root).map(ObjectIdentifier.init),
                                   brokenAtFirst.map(ObjectIdentifier.init), "\(name) #\(number): the same constraint breaks again")
                    XCTAssertEqual(frames(built.window), original, "\(name) #\(number): undo puts every frame back")
                }
            }
        }
    }

    func test_cellWidth_lowerTheLeading_movesTheWideViewLeft_byArithmetic() throws {
        try onMain {
            let built = try BuiltScenario("cell-width-conflict")
            _ = built.conflictReport(0)
            let content = try XCTUnwrap(built.root.subviews.first?.subviews.first)
            let wide = try XCTUnwrap(content.subviews.first)
            // Ranked second: it pushes the view out of the cell (the width at 999 gives way first),
            // and ties with the trailing edge, before it in the list.
            let text = fix("suggestion 2", newStop: true)
            // Trailing pinned to the 50-wide content view and 768 wide: minX = 50 - 768 = -718.
            XCTAssertEqual(wide.frame, CGRect(x: -718, y: 0, width: 768, height: 44))
            XCTAssertTrue(text.contains("  priority 1000 → 999 (deactivated, changed and reactivated: UIKit raises "
                                        + "if an installed constraint's priority crosses required)\n"), text)
            XCTAssertTrue(text.contains("Frames changed (1):\n  <UIView:0x\(String(LiveHierarchy.address(wide), radix: 16))> "
                                        + "(0 0; 50 44) → (-718 0; 768 44)\n"), text)
            XCTAssertTrue(text.contains("No view became ambiguous.\n"), text)
            XCTAssertTrue(text.contains("1 change applied in this stop"), text)
        }
    }

    func test_noAutoresizing_onAViewWithoutAPosition_saysItBecameAmbiguous() throws {
        try onMain {
            let built = try BuiltScenario("cell-width-conflict")
            _ = built.conflictReport(0)
            let cell = try XCTUnwrap(built.root.subviews.first)
            // The cell is placed only by its autoresizing mask: without it nothing places it.
            let text = fix("apply 0x\(String(LiveHierarchy.address(cell), radix: 16)) no-autoresizing", newStop: true)
            XCTAssertTrue(text.contains("Became ambiguous"), text)
            XCTAssertTrue(text.contains("  translatesAutoresizingMaskIntoConstraints true → false\n"), text)
            XCTAssertTrue(fix("undo").contains("  translatesAutoresizingMaskIntoConstraints false → true\n"))
            XCTAssertTrue(cell.translatesAutoresizingMaskIntoConstraints)
        }
    }

    func test_resolve_namesTheConstraintAndTheChange_andChangesNothing() throws {
        try onMain {
            let built = try BuiltScenario("duplicate-leading")
            let report = built.conflictReport(0)
            let original = frames(built.window)
            // #2 is the broken H:|-80-[label]: the report's line for it starts with its address.
            let address = try XCTUnwrap(report.components(separatedBy: "\n  2. ").dropFirst().first?.split(separator: " ").first)
            XCTAssertEqual(fix("resolve apply #2 priority 250", newStop: true), "apply \(address) priority 250")
            XCTAssertTrue(fix("resolve suggestion 1").hasPrefix("apply 0x"))
            XCTAssertEqual(frames(built.window), original)
            XCTAssertEqual(fix("list"), "lfix changed nothing in this stop.\n")
        }
    }

    func test_queue_checksTheChange_namesIt_andCallsPendingOnTheMainQueuesNextTurn_changingNothing() throws {
        try onMain {
            let built = try BuiltScenario("duplicate-leading")
            let report = built.conflictReport(0)
            let original = frames(built.window)
            let address = try XCTUnwrap(report.components(separatedBy: "\n  2. ").dropFirst().first?.split(separator: " ").first)
            XCTAssertEqual(fix("queue apply #2 priority 250", newStop: true), "apply \(address) priority 250")
            XCTAssertEqual(frames(built.window), original, "nothing changes before the main queue turns")
            // A change that would change nothing is refused at once, before the app runs on.
            XCTAssertEqual(fix("queue apply #2 priority 1000"), "error: nothing to change: the priority of \(address) is already 1000")
            XCTAssertEqual(fix("list"), "lfix changed nothing in this stop.\n")
        }
    }

    func test_reportNumbers_andUndoAll_andList() throws {
        try onMain {
            let built = try BuiltScenario("duplicate-leading")
            _ = built.conflictReport(0)
            let original = frames(built.window)
            // #1 is H:|-50-[label], #2 H:|-80-[label] (the broken one).
            let first = fix("apply #1 constant 60", newStop: true)
            XCTAssertTrue(first.contains("  constant 50 → 60\n"), first)
            XCTAssertTrue(fix("apply #2 priority 250").contains("  priority 1000 → 250"))
            let listing = fix("list")
            XCTAssertTrue(listing.hasPrefix("Changes lfix applied in this stop, oldest first"), listing)
            XCTAssertTrue(listing.contains("  2. --priority 250 on "), listing)
            let undone = fix("undo-all")
            XCTAssertEqual(undone.components(separatedBy: "Undid ").count, 3, undone)
            XCTAssertEqual(frames(built.window), original)
            XCTAssertEqual(fix("list"), "lfix changed nothing in this stop.\n")
        }
    }

    func test_anotherStop_forgetsTheJournal_butKeepsTheChange() throws {
        try onMain {
            let built = try BuiltScenario("duplicate-leading")
            _ = built.conflictReport(0)
            _ = fix("apply #2 deactivate", newStop: true)
            XCTAssertEqual(fix("undo", newStop: true), "error: nothing to undo: lfix changed nothing in this stop")
            XCTAssertEqual(ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: built.root).count, 0)
        }
    }

    func test_badInput_isOneLine_andChangesNothing() throws {
        try onMain {
            XCTAssertEqual(fix("suggestion 1", newStop: true),
                           "error: no conflict report yet in this process: #N and --suggestion N number the last one")
            let built = try BuiltScenario("cell-width-conflict")
            _ = built.conflictReport(0)
            let before = frames(built.window)
            let root = String(LiveHierarchy.address(built.root), radix: 16)
            XCTAssertEqual(fix("suggestion 9"), "error: the last conflict report suggests 3 changes; there is no 9")
            XCTAssertEqual(fix("apply #7 deactivate"), "error: the last conflict report lists 4 constraints; there is no #7")
            XCTAssertEqual(fix("apply 0x10 deactivate"), "error: 0x10 is not a live view or constraint (a wrong address, or freed)")
            XCTAssertEqual(fix("apply 0x\(root) deactivate"), "error: 0x\(root) is not a constraint: --deactivate changes a constraint")
            XCTAssertEqual(fix("apply #1 priority 0"), "error: priority 0 is not between 1 and 1000")
            XCTAssertEqual(fix("undo"), "error: nothing to undo: lfix changed nothing in this stop")
            XCTAssertEqual(fix("frobnicate"), "error: lds_fix cannot read 'frobnicate'")
            XCTAssertEqual(frames(built.window), before)
            XCTAssertEqual(ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: built.root).count, 1)
        }
    }

    func test_aConstraintInNoWindow_isRefused() throws {
        try onMain {
            let lonely = UIView()
            let width = lonely.widthAnchor.constraint(equalToConstant: 10)
            width.isActive = true
            let address = String(LiveHierarchy.address(width), radix: 16)
            XCTAssertEqual(fix("apply 0x\(address) constant 20", newStop: true),
                           "error: 0x\(address) is in no window: there is no view hierarchy to lay out")
            XCTAssertEqual(width.constant, 10)
        }
    }

    func test_activatingItemsWithNoCommonAncestor_isRefused_whereUIKitWouldRaise() throws {
        try onMain {
            let built = try BuiltScenario("duplicate-leading")
            let stranger = UIView()
            let cross = built.root.leadingAnchor.constraint(equalTo: stranger.leadingAnchor)
            let address = String(LiveHierarchy.address(cross), radix: 16)
            XCTAssertEqual(fix("apply 0x\(address) activate", newStop: true),
                           "error: 0x\(address) cannot be activated: its items have no common ancestor (UIKit would raise)")
            XCTAssertFalse(cross.isActive)
        }
    }

    func test_json_carriesTheVerdict_theSteps_andTheFrames() throws {
        try onMain {
            let built = try BuiltScenario("cell-width-conflict")
            _ = built.conflictReport(0)
            stop += 1
            // The width at 999, ranked first: it moves nothing.
            let json = LiveReports.fix("suggestion 1", stopID: stop, options: .json)
            let document = try Self.object(json)
            XCTAssertEqual(document["resolved"] as? Bool, true)
            let step = try XCTUnwrap((document["steps"] as? [[String: Any]])?.first)
            let change = try XCTUnwrap(step["change"] as? [String: Any])
            XCTAssertEqual(change["kind"] as? String, "priority")
            XCTAssertEqual(change["value"] as? Double, 999)
            XCTAssertEqual(step["property"] as? String, "priority")
            XCTAssertEqual(step["to"] as? String, "999")
            // Width 768 at 999 gives way to the 50-wide cell: the frame stays (0 0; 50 44).
            XCTAssertEqual((document["frameChanges"] as? [Any])?.count, 0)
            let listed = try Self.object(LiveReports.fix("list", stopID: stop, options: .json))
            XCTAssertEqual((listed["changes"] as? [Any])?.count, 1)
        }
    }

    /// Four storm rows, each its own conflict in one window: a change to the
    /// last row's box is judged by that row alone. The three earlier rows'
    /// conflicts were there before it, and it touches none of their views, so
    /// they are counted apart rather than reported as what the change left.
    func test_storm_verdictIsAboutWhatTheChangeTouched_theOthersCountedApart() throws {
        try onMain {
            let built = try BuiltScenario("conflict-storm", count: 4)
            XCTAssertEqual(built.conflicts.count, 4)
            // Row 3 is a box 100 then 120 wide (3 mod 3 = 0): removing the 120 ends its conflict.
            let report = built.conflictReport(3)
            XCTAssertTrue(report.contains("  1. remove UIView.width == 120, one of the two pins of UIView.width (try this first)"),
                          report)
            let applied = fix("suggestion 1", newStop: true)
            XCTAssertTrue(applied.contains("\nNo conflict remains where this change reaches.\n3 other conflicts elsewhere in the "
                                           + "window, there before this change and not touched by it (lconflicts counts them).\n"),
                          applied)
            XCTAssertFalse(applied.contains("A conflict remains"), applied)
            let json = LiveReports.fix("undo", stopID: stop, options: .json)
            let document = try Self.object(json)
            // Undone, the box's own conflict is back, and the others are still apart.
            XCTAssertEqual((document["conflicts"] as? [Any])?.count, 1)
            XCTAssertEqual(document["otherConflicts"] as? Int, 3)
            XCTAssertEqual(document["resolved"] as? Bool, false)
        }
    }

    /// A JSON document's top-level object.
    private static func object(_ json: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
    }
}
