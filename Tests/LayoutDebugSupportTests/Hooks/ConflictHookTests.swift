import DemoScenarios
import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

/// One hook on the engine host's "will break constraint" method serves the storm, the
/// monitor and lfix's watch: however often each starts, one conflict is one report to each.
final class ConflictHookTests: XCTestCase {
    override func setUp() {
        super.setUp()
        ConflictOrdinals.reset()
        _ = StormRecorder.stop()
        ConflictMonitor.stop()
    }

    override func tearDown() {
        _ = StormRecorder.stop()
        ConflictMonitor.stop()
        super.tearDown()
    }

    /// One duplicate-width conflict (100 against 120) in a fresh window, its log silenced.
    @MainActor
    private func oneConflict() {
        withStandardErrorSilenced {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            window.rootViewController = UIViewController()
            let row = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 30))
            window.rootViewController!.view.addSubview(row)
            window.layoutIfNeeded()
            let box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            row.addSubview(box)
            NSLayoutConstraint.activate([box.leadingAnchor.constraint(equalTo: row.leadingAnchor),
                                         box.topAnchor.constraint(equalTo: row.topAnchor),
                                         box.heightAnchor.constraint(equalToConstant: 20),
                                         box.widthAnchor.constraint(equalToConstant: 100),
                                         box.widthAnchor.constraint(equalToConstant: 120)])
            withExtendedLifetime(window) {}
        }
    }

    func test_afterAStormRestartAndASecondWatch_oneConflictIsCountedOnce() {
        MainActor.assumeIsolated {
            // Issue 41, fault 5: the storm, lfix's watch, the storm restarted, a second lfix.
            // When each re-installed itself in front, the chain became watch 2, storm 2,
            // watch 1, storm 1, and the storm counted each conflict twice.
            XCTAssertTrue(StormRecorder.start(capacity: 8, options: []))
            _ = ConflictWatch.conflicts {}
            _ = StormRecorder.stop()
            XCTAssertTrue(StormRecorder.start(capacity: 8, options: []))
            // lfix's call runs with the storm paused, as every debugger call does (CEntryPoints).
            let seen = StormRecorder.paused { ConflictWatch.conflicts { oneConflict() } }
            XCTAssertEqual(seen.count, 1, "the watch sees it once")
            oneConflict()
            XCTAssertEqual(StormRecorder.stop().total, 1, "the storm counts the app's conflict once, and not lfix's")
        }
    }

    func test_theMonitorStartedTwiceAndTheStorm_eachCountOnce() {
        let delivered = ConflictMonitor.deliveredCount
        ConflictMonitor.start(explains: false) { _ in }
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: []))
        ConflictMonitor.start(explains: false) { _ in }
        MainActor.assumeIsolated { oneConflict() }
        XCTAssertEqual(ConflictMonitor.deliveredCount - delivered, 1)
        XCTAssertEqual(StormRecorder.stop().total, 1)
    }

    func test_aSnapshotTakenInsideTheHook_asksTheEngineNothing() {
        // Issue 41, fault 7: the engine is mid-row while it reports; the monitor's, the storm's
        // and the watch's snapshots must not ask it about ambiguity, sizes or its trace.
        let before = ReferenceKitDebugHooks.engineQueriesWhileReporting
        ConflictMonitor.start(explains: true) { _ in }
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: .live))
        MainActor.assumeIsolated {
            let seen = ConflictWatch.conflicts { oneConflict() }
            XCTAssertEqual(seen.count, 1)
        }
        XCTAssertEqual(StormRecorder.stop().total, 1)
        XCTAssertEqual(ReferenceKitDebugHooks.engineQueriesWhileReporting, before)
    }

    func test_aSnapshotTakenInsideTheHook_neverCallsAnIntrinsicContentSizeOverride() {
        // Fault 7's intrinsic sizes: an app's override runs the app's code (a label measuring
        // its text, a view laying out to find its size) while the engine is mid-row. The
        // snapshot takes the size from the content-size constraints the engine already holds.
        ConflictMonitor.start(explains: true) { _ in }
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: .live))
        MainActor.assumeIsolated {
            // In front of the conflict hook (installed by the monitor), as the engine's caller
            // sees it: everything from here to the alert is inside the report.
            var replaced: WillBreakConstraintImplementation?
            let front = WillBreakConstraintImplementation { view, engine, broken, list in
                SizedBox.isInsideReport = true
                replaced?.body(view, engine, broken, list)
                SizedBox.isInsideReport = false
            }
            replaced = ReferenceKitDebugHooks.setWillBreakConstraintImplementation(front)
            SizedBox.callsInsideReport = 0
            let seen = ConflictWatch.conflicts {
                withStandardErrorSilenced {
                    let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 100))
                    let box = SizedBox()
                    box.translatesAutoresizingMaskIntoConstraints = false
                    root.addSubview(box)
                    NSLayoutConstraint.activate([box.widthAnchor.constraint(equalToConstant: 100),
                                                 box.widthAnchor.constraint(equalToConstant: 120)])
                    root.layoutIfNeeded()
                }
            }
            if let replaced { _ = ReferenceKitDebugHooks.setWillBreakConstraintImplementation(replaced) }
            XCTAssertEqual(seen.count, 1)
            XCTAssertEqual(seen.first?.views.first { $0.reference.className.hasSuffix("SizedBox") }?.intrinsicContentSize,
                           SnapshotSize(width: 60, height: 20), "read from its content-size constraints")
        }
        XCTAssertEqual(StormRecorder.stop().total, 1)
        XCTAssertEqual(SizedBox.callsInsideReport, 0)
    }
}

/// A view with an intrinsic size (60 by 20) that counts the calls of its override made while
/// the engine reports a conflict.
private final class SizedBox: UIView {
    nonisolated(unsafe) static var isInsideReport = false
    nonisolated(unsafe) static var callsInsideReport = 0

    override var intrinsicContentSize: CGSize {
        if Self.isInsideReport { Self.callsInsideReport += 1 }
        return CGSize(width: 60, height: 20)
    }
}
