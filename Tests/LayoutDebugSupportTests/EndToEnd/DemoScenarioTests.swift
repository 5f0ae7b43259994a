import DemoScenarios
import Foundation
@testable import LayoutDebugSupport
import ReferenceKit
import XCTest

/// Every `layout-demo` scenario, built as the demo builds it, against frames
/// worked out by hand (the scenario builders' doc comments show the sums).
final class DemoScenarioTests: XCTestCase {
    /// A scenario's window, root view and how many conflicts it reported
    /// (its log on stderr is swallowed).
    private struct Built {
        let window: UIWindow
        let root: UIView
        let conflicts: Int
    }

    /// Builds scenario `name` as `layout-demo` does. When it cannot (no such scenario,
    /// or no root view), the test fails here, at the caller's line, and gets nil.
    @MainActor
    private func build(_ name: String, count: Int? = nil, file: StaticString = #filePath, line: UInt = #line) -> Built? {
        guard let scenario = DemoCatalog.scenario(named: name) else {
            XCTFail("no scenario \(name)", file: file, line: line)
            return nil
        }
        let before = UnsatisfiableConstraints.alertCount
        var window: UIWindow?
        silencingStandardError { window = scenario.makeWindow(count: count) }
        guard let window, let root = window.rootViewController?.view else {
            // Every caller returns on nil: without this failure its test would pass having checked nothing.
            XCTFail("scenario \(name) made no window with a root view", file: file, line: line)
            return nil
        }
        return Built(window: window, root: root, conflicts: UnsatisfiableConstraints.alertCount - before)
    }

    private func silencingStandardError(_ body: () -> Void) {
        let null = open("/dev/null", O_WRONLY)
        let saved = dup(2)
        dup2(null, 2)
        body()
        dup2(saved, 2)
        close(saved)
        close(null)
    }

    @MainActor
    private func assertFrame(_ view: UIView, _ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(view.frame, CGRect(x: x, y: y, width: width, height: height), file: file, line: line)
    }

    func test_list_namesEveryScenarioInOrderWithItsSummary() {
        let names = DemoCatalog.listing.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        let traps = ["ambiguous-layout", "center-only", "offset-inset", "redundant-constraint", "stack-arranged-edges",
                     "left-right-mixed", "sibling-overlap", "margin-on-child", "edge-margin-mixed", "autoresizing-mixed",
                     "priority-tie", "cell-size-required"].flatMap { ["trap-\($0)", "trap-\($0)-fixed"] }
        XCTAssertEqual(names, ["cell-width-conflict", "autoresizing-conflict", "duplicate-leading", "hugging", "ambiguous",
                               "stack-conflict", "margins", "rtl", "many-views", "conflict-storm",
                               "keyboard-conflict", "toolbar-conflict", "cell-reuse-conflict", "property-names", "profile-feed", "background-conflict",
                               "owner-storm"] + traps + ["runloop-conflict", "runloop-update-constraints", "runloop-background-conflict"]
                       + ["hosting-cell-conflict", "hosting-keyboard-conflict", "hosting-window-conflict",
                          "hosting-fractional", "hosting-infinity"]
                       + ["loop-superview-size", "loop-constraints-in-layout", "loop-update-siblings", "loop-window-follows-content",
                          "loop-half-point", "loop-missing-super"])
        XCTAssertTrue(DemoCatalog.listing.contains("\nmany-views N            a deep and wide tree of N views"))
        // A scenario laid out by the deferred pass says so first, and only those do.
        for line in DemoCatalog.listing.split(separator: "\n") {
            let name = String(line.split(separator: " ")[0])
            let inRunLoop = name.hasPrefix("runloop-") || name.hasPrefix("loop-")
            XCTAssertEqual(line.contains("  run loop: "), inRunLoop, String(line))
            XCTAssertEqual(DemoCatalog.scenario(named: name)?.runsInRunLoop, inRunLoop, name)
        }
    }

    /// Three screens in three turns: each one's cell-width conflict (768 in a 50-wide
    /// cell) is raised by the commit at the end of its turn, none while it is built; the
    /// last screen's view is the cell's 50, as in `cell-width-conflict`.
    func test_runloopConflict_raisesOneConflictPerTurn_inTheCommit() {
        MainActor.assumeIsolated {
            var inCommit: [Bool] = []
            let restore = WillBreakHook.install { _, _ in inCommit.append(Self.isCommitting()) }
            defer { restore() }
            guard let built = build("runloop-conflict", count: 3) else { return }
            XCTAssertEqual(built.conflicts, 3)
            XCTAssertEqual(inCommit, [true, true, true])
            let cell = built.root.subviews[0]
            assertFrame(cell, 0, 0, 50, 44)
            assertFrame(cell.subviews[0].subviews[0], 0, 0, 50, 44)
        }
    }

    /// The badge is pinned to the root's edges (0 and 0) and asks for 400 in its own
    /// `updateConstraints()`: the width breaks in the update pass; (0 100; 375 40).
    func test_runloopUpdateConstraints_breaksTheBadgesWidth_inTheUpdatePass() {
        MainActor.assumeIsolated {
            var inCommit: [Bool] = []
            let restore = WillBreakHook.install { broken, _ in
                inCommit.append(Self.isCommitting())
                XCTAssertEqual(broken.constant, 400)
            }
            defer { restore() }
            guard let built = build("runloop-update-constraints") else { return }
            XCTAssertEqual(built.conflicts, 1)
            XCTAssertEqual(inCommit, [true])
            assertFrame(built.root.subviews[0], 0, 100, 375, 40)
        }
    }

    /// The background thread builds its hierarchy and exits without a layout: the conflict
    /// comes as it exits, on that thread, from its transaction's commit.
    func test_runloopBackgroundConflict_isRaisedOnTheExitingThread() {
        MainActor.assumeIsolated {
            // A Sendable hook, so that it is not main-actor isolated: it runs on the exiting thread.
            let seen = SeenOnThreads()
            let restore = WillBreakHook.install { @Sendable _, _ in seen.add(!Thread.isMainThread && Self.isCommitting()) }
            defer { restore() }
            guard let built = build("runloop-background-conflict") else { return }
            XCTAssertEqual(built.conflicts, 1)
            XCTAssertEqual(seen.values, [true])
        }
    }

    /// What a hook saw, from whichever thread it ran on.
    private final class SeenOnThreads: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Bool] = []
        var values: [Bool] { lock.withLock { stored } }
        func add(_ value: Bool) { lock.withLock { stored.append(value) } }
    }

    /// Whether the calling thread is inside Core Animation's commit (ReferenceKit's frames).
    nonisolated private static func isCommitting() -> Bool {
        Thread.callStackSymbols.contains { $0.contains("_ZN2CA11Transaction6commitEv") }
    }

    /// The profile card: `H:|-16-[avatar(80)]-8-[title]-16-|` in 375 leaves the
    /// title 255 wide, so its width 300 breaks; the buttons sit 10 above the
    /// card's bottom (120 − 10 − 30 = 80).
    func test_propertyNames_breaksTheTitleWidth_andFramesTheCardByArithmetic() {
        MainActor.assumeIsolated {
            guard let built = build("property-names") else { return }
            XCTAssertEqual(built.conflicts, 1)
            let controllerView = built.root.subviews[0]
            assertFrame(controllerView, 0, 0, 375, 667)
            let card = controllerView.subviews[0]
            assertFrame(card, 0, 100, 375, 120)
            assertFrame(card.subviews[0], 16, 20, 80, 80)
            assertFrame(card.subviews[1], 104, 20, 255, 24)
            assertFrame(card.subviews[2], 16, 80, 100, 30)
            assertFrame(card.subviews[3], 124, 80, 100, 30)
        }
    }

    /// A cell framed 0 high: its content view is (0 0; 375 0), and the label keeps
    /// 8 from the top and its 20-point height (the bottom spacing breaks).
    func test_cellReuseConflict_breaksTheBottomSpacingOfTheZeroHighCell() {
        MainActor.assumeIsolated {
            guard let built = build("cell-reuse-conflict") else { return }
            XCTAssertEqual(built.conflicts, 1)
            let cell = built.root.subviews[0] as! UITableViewCell
            assertFrame(cell, 0, 100, 375, 0)
            assertFrame(cell.contentView, 0, 0, 375, 0)
            assertFrame(cell.contentView.subviews[0], 16, 8, 48, 20)
        }
    }

    /// The keyboard lives in a window of its own: one conflict, and the app's
    /// window is untouched (its root view has no subview).
    func test_keyboardConflict_isOneConflictOutsideTheAppsWindow() {
        MainActor.assumeIsolated {
            guard let built = build("keyboard-conflict") else { return }
            XCTAssertEqual(built.conflicts, 1)
            XCTAssertTrue(built.root.subviews.isEmpty)
            XCTAssertFalse(UIApplication.shared.windows.contains { $0 is UIRemoteKeyboardWindow },
                           "the keyboard's window goes with the keyboard")
        }
    }

    /// toolbar-conflict: the stack's `width <= 0` breaks, so the stack is as wide
    /// as its one 44-point button, at the leading edge of the toolbar's content
    /// view, which fills the 375 × 44 toolbar and the panel.
    func test_toolbarConflict_breaksTheSqueeze_andKeepsTheButtonsWidth() {
        MainActor.assumeIsolated {
            guard let built = build("toolbar-conflict") else { return }
            XCTAssertEqual(built.conflicts, 1)
            let settingsView = built.root.subviews[0]
            assertFrame(settingsView, 0, 0, 375, 667)
            let panel = settingsView.subviews[0]
            assertFrame(panel, 0, 0, 375, 44)
            let content = panel.subviews[0].subviews[0]
            XCTAssertTrue(content is _UIToolbarContentView)
            assertFrame(content, 0, 0, 375, 44)
            assertFrame(content.subviews[0], 0, 0, 44, 44)
            assertFrame(content.subviews[0].subviews[0], 0, 0, 44, 44)
        }
    }

    /// owner-storm 9: one conflict per step, three of each owner; the rows of the
    /// app's conflicts (steps 0, 3, 6) are at y = 0, 90, 180 with a box 100 wide.
    func test_ownerStorm_makesOneConflictPerStep() {
        MainActor.assumeIsolated {
            guard let built = build("owner-storm", count: 9) else { return }
            XCTAssertEqual(built.conflicts, 9)
            let rows = built.root.subviews.filter { !($0 is UITableViewCell) }
            XCTAssertEqual(rows.map(\.frame.minY), [0, 90, 180])
            for row in rows { assertFrame(row.subviews[0], 0, 0, 100, 20) }
            XCTAssertEqual(built.root.subviews.filter { $0 is UITableViewCell }.map(\.frame.minY), [60, 150, 240])
        }
    }

    func test_cellWidthConflict_breaksThe768WidthAndFillsTheCell() {
        MainActor.assumeIsolated {
            guard let built = build("cell-width-conflict") else { return }
            XCTAssertEqual(built.conflicts, 1)
            assertFrame(built.window, 0, 0, 375, 667)
            assertFrame(built.root, 0, 0, 375, 667)
            let cell = built.root.subviews[0] as! UITableViewCell
            assertFrame(cell, 0, 0, 50, 44)
            assertFrame(cell.contentView, 0, 0, 50, 44)
            assertFrame(cell.contentView.subviews[0], 0, 0, 50, 44)
        }
    }

    func test_autoresizingConflict_breaksBothCentringsAndKeepsTheFrame() {
        MainActor.assumeIsolated {
            guard let built = build("autoresizing-conflict") else { return }
            XCTAssertEqual(built.conflicts, 2)
            assertFrame(built.root.subviews[0], 20, 100, 120, 20)
        }
    }

    func test_duplicateLeading_keepsTheFirstLeading() {
        MainActor.assumeIsolated {
            guard let built = build("duplicate-leading") else { return }
            XCTAssertEqual(built.conflicts, 1)
            assertFrame(built.root.subviews[0], 50, 100, 40, 20)
        }
    }

    func test_hugging_keepsTheImageAtItsOwnSize() {
        MainActor.assumeIsolated {
            guard let built = build("hugging") else { return }
            XCTAssertEqual(built.conflicts, 0)
            assertFrame(built.root.subviews[0], 20, 100, 40, 40)
        }
    }

    func test_ambiguous_leavesTheChildAtZeroWithAmbiguousLayout() {
        MainActor.assumeIsolated {
            guard let built = build("ambiguous") else { return }
            XCTAssertEqual(built.conflicts, 0)
            let floating = built.root.subviews[0]
            assertFrame(floating, 20, 0, 100, 50)
            XCTAssertTrue(floating.hasAmbiguousLayout)
            XCTAssertFalse(built.root.hasAmbiguousLayout)
        }
    }

    func test_stackConflict_breaksTheSecondWidthAndSqueezesIt() {
        MainActor.assumeIsolated {
            guard let built = build("stack-conflict") else { return }
            XCTAssertEqual(built.conflicts, 1)
            let cell = built.root.subviews[0] as! UITableViewCell
            assertFrame(cell, 0, 0, 100, 44)
            let stack = cell.contentView.subviews[0] as! UIStackView
            assertFrame(stack, 10, 0, 80, 44)
            assertFrame(stack.arrangedSubviews[0], 0, 0, 60, 44)
            assertFrame(stack.arrangedSubviews[1], 68, 0, 12, 44)
        }
    }

    func test_margins_breaksTheMarginPinAndInsetsTheTrailingEdge() {
        MainActor.assumeIsolated {
            guard let built = build("margins") else { return }
            XCTAssertEqual(built.conflicts, 1)
            assertFrame(built.root.subviews[0], 0, 8, 359, 100)
            XCTAssertEqual(built.root.layoutMarginsGuide.layoutFrame, CGRect(x: 16, y: 8, width: 343, height: 651))
        }
    }

    func test_rtl_runsFromTheRightEdge() {
        MainActor.assumeIsolated {
            guard let built = build("rtl") else { return }
            XCTAssertEqual(built.conflicts, 0)
            assertFrame(built.root.subviews[0], 331, 100, 24, 20)
            assertFrame(built.root.subviews[1], 299, 100, 24, 20)
        }
    }

    func test_manyViews_nestsFourChildrenEach() {
        MainActor.assumeIsolated {
            guard let built = build("many-views", count: 6) else { return }
            XCTAssertEqual(built.conflicts, 0)
            let first = built.root.subviews[0]
            assertFrame(first, 4, 4, 367, 20)
            XCTAssertEqual(first.subviews.count, 4)
            for (index, child) in first.subviews.enumerated() { assertFrame(child, 4, 4 + 24 * CGFloat(index), 359, 20) }
            assertFrame(first.subviews[0].subviews[0], 4, 4, 351, 20)
        }
    }

    func test_manyViews1000_layOutToTheDeepestLevel() {
        MainActor.assumeIsolated {
            guard let built = build("many-views", count: 1000) else { return }
            XCTAssertEqual(built.conflicts, 0)
            var views: [UIView] = []
            var queue = [built.root.subviews[0]]
            while !queue.isEmpty {
                let view = queue.removeFirst()
                views.append(view)
                queue += view.subviews
            }
            XCTAssertEqual(views.count, 1000)
            // View 999 sits under 249, 62, 15, 3 and 0: six levels below the root, third among its siblings.
            assertFrame(views[999], 4, 52, 327, 20)
        }
    }

    func test_conflictStorm_makesExactlyNConflictsAndKeepsEachRowsFrames() {
        MainActor.assumeIsolated {
            guard let built = build("conflict-storm", count: 6) else { return }
            XCTAssertEqual(built.conflicts, 6)
            let rows = built.root.subviews
            XCTAssertEqual(rows.count, 6)
            for (index, row) in rows.enumerated() {
                assertFrame(row, 0, 30 * CGFloat(index), 375, 30)
                switch index % 3 {
                case 0: assertFrame(row.subviews[0], 0, 0, 100, 20)
                case 1: assertFrame(row.subviews[0], 50, 0, 40, 30)
                default: assertFrame(row.subviews[0], 10, 5, 60, 20)
                }
            }
        }
    }

    func test_conflictStorm500_reportsFiveHundredConflicts() {
        MainActor.assumeIsolated {
            guard let built = build("conflict-storm", count: 500) else { return }
            XCTAssertEqual(built.conflicts, 500)
        }
    }

    func test_frameDump_printsTheTreeWithIdentifiersAndPlainNumbers() {
        MainActor.assumeIsolated {
            guard let built = build("ambiguous") else { return }
            let floating = built.root.subviews[0]
            func hex(_ view: UIView) -> String { "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(view).toOpaque()), radix: 16) }
            XCTAssertEqual(FrameDump.text(of: built.window), """
            == frames ==
            UIWindow:\(hex(built.window)) (0 0; 375 667)
              UIView:\(hex(built.root)) (0 0; 375 667)
                UIView:\(hex(floating)) 'floating' (20 0; 100 50)

            """)
        }
    }

    // MARK: - The log parses as UIKit's

    /// What `body` writes to stderr.
    private func capturingStandardError(_ body: () -> Void) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("demo-log-\(UUID().uuidString)").path
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let saved = dup(2)
        dup2(file, 2)
        body()
        dup2(saved, 2)
        close(saved)
        close(file)
        defer { unlink(path) }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    func test_conflictLogs_parseBackToTheEnginesConflicts() {
        MainActor.assumeIsolated {
            for name in ["cell-width-conflict", "autoresizing-conflict", "duplicate-leading", "stack-conflict", "margins", "conflict-storm"] {
                var seen: [(broken: NSLayoutConstraint, list: [NSLayoutConstraint])] = []
                let restore = WillBreakHook.install { broken, list in seen.append((broken, list)) }
                var window: UIWindow?
                let log = capturingStandardError { window = DemoCatalog.scenario(named: name)!.makeWindow(count: 4) }
                restore()
                XCTAssertNotNil(window)
                let parsed = ConsoleLogParser.parse(log)
                XCTAssertEqual(parsed.count, seen.count, name)
                for (conflict, expected) in zip(parsed, seen) {
                    let address = UInt64(UInt(bitPattern: Unmanaged.passUnretained(expected.broken).toOpaque()))
                    XCTAssertEqual(conflict.brokenConstraint?.address, address, name)
                    XCTAssertEqual(conflict.mutuallyExclusive.count, expected.list.count, name)
                    XCTAssertEqual(conflict.mutuallyExclusive.map(\.className), expected.list.map { String(describing: type(of: $0)) }, name)
                    XCTAssertTrue(conflict.unparsedLines.isEmpty, "\(name): \(conflict.unparsedLines)")
                }
            }
        }
    }
}
