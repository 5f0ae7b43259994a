import DemoScenarios
import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

// Not @MainActor: corelibs XCTest cannot call main-actor test methods; tests run on the main thread.
final class StormRecorderTests: XCTestCase {
    override func setUp() {
        super.setUp()
        ConflictOrdinals.reset()
        _ = StormRecorder.stop()
    }

    override func tearDown() {
        _ = StormRecorder.stop()
        super.tearDown()
    }

    /// Runs `layout-demo conflict-storm N` in process, its stderr log silenced.
    private func runStorm(_ count: Int) {
        let scenario = DemoCatalog.scenario(named: "conflict-storm")!
        withStandardErrorSilenced {
            MainActor.assumeIsolated { _ = scenario.makeWindow(count: count) }
        }
    }

    func test_live_keepsReportsUpToTheBound_andTalliesTheRest() {
        XCTAssertTrue(StormRecorder.start(capacity: 4, options: .live))
        runStorm(10)
        let drained = StormRecorder.drain()
        XCTAssertEqual(drained.total, 10)
        XCTAssertEqual(drained.reports.count, 4)
        // Numbered as the process saw them, as lds_conflict_report numbers them at a breakpoint.
        for (index, report) in drained.reports.enumerated() {
            XCTAssertTrue(report.text.hasPrefix("Owner: yours ("), report.text)
            XCTAssertTrue(report.text.contains("\nConflict #\(index + 1): Unable to simultaneously satisfy constraints"),
                          report.text)
            XCTAssertTrue(report.text.hasSuffix("Signature: " + report.signature + "\n"), report.text)
            XCTAssertEqual(report.viewController, "UIViewController")
        }
        XCTAssertEqual(drained.dropped.map(\.count).reduce(0, +), 6)
        XCTAssertEqual(Set(drained.reports.map(\.signature) + drained.dropped.map(\.signature)).count, 3)
        XCTAssertEqual(StormRecorder.drain().total, 0, "a drain empties the ring")
    }

    func test_aQuietTally_countsEveryScenariosConflicts_asTheirReportsWould() throws {
        // Quiet, the hook snapshots only the constraints and the view controller
        // (`ConflictDetail.constraints`): each conflict of every demo scenario, taken inside the
        // hook, must have the signature, owner and view controller of its whole snapshot.
        let seen = SnapshotPairs()
        let restore = WillBreakHook.install { @Sendable broken, list in
            seen.add(tally: LiveAdapter(namesProperties: false).conflict(broken: broken, list: list, ordinal: nil,
                                                                          detail: .constraints),
                     whole: LiveAdapter().conflict(broken: broken, list: list, ordinal: nil))
        }
        defer { restore() }
        var windows: [UIWindow] = []
        withStandardErrorSilenced {
            MainActor.assumeIsolated {
                for scenario in DemoCatalog.scenarios { windows.append(scenario.makeWindow(count: 30)) }
            }
        }
        let pairs = seen.pairs
        XCTAssertGreaterThan(pairs.count, 100)
        for (tally, whole) in pairs {
            XCTAssertTrue(tally.views.isEmpty)
            XCTAssertEqual(tally.signature, whole.signature)
            XCTAssertEqual(ConflictTriage.owner(of: tally), ConflictTriage.owner(of: whole), whole.signature)
            XCTAssertEqual(tally.viewController, whole.viewController, whole.signature)
            XCTAssertEqual(tally.isSystemViewController, whole.isSystemViewController, whole.signature)
        }
        withExtendedLifetime(windows) {}
    }

    func test_quiet_talliesEveryConflictBySignature_withoutReports() {
        XCTAssertTrue(StormRecorder.start(capacity: 256, options: []))
        runStorm(9)
        let drained = StormRecorder.stop()
        XCTAssertEqual(drained.reports, [])
        XCTAssertEqual(drained.dropped.map(\.count), [3, 3, 3])
        XCTAssertEqual(drained.dropped.map(\.owner), [.yours, .yours, .yours])
    }

    func test_stop_recordsNothingMore_andStartAgainKeepsCounting() {
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: []))
        runStorm(2)
        XCTAssertEqual(StormRecorder.stop().total, 2)
        XCTAssertFalse(StormRecorder.isRecording)
        runStorm(3)
        XCTAssertEqual(StormRecorder.drain().total, 0)
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: .live))
        runStorm(3)
        XCTAssertEqual(StormRecorder.stop().total, 3)
    }

    func test_theSameConstraintBreakingTwice_atTheSameAddresses_countsTwice() {
        // Two distinct conflicts whose constraint (and views) sit at the same addresses, as
        // freed memory reused for a new row would: each is counted, none taken for a repeat.
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: .live))
        var addresses: [String] = []
        withStandardErrorSilenced {
            MainActor.assumeIsolated {
                let window = DemoCatalog.scenario(named: "conflict-storm")!.makeWindow(count: 1)
                let box = window.rootViewController!.view.subviews[0].subviews[0]
                let broken = box.constraints.first { $0.constant == 120 }!
                addresses.append(hex(broken))
                broken.isActive = false
                broken.isActive = true  // the engine breaks it again: a second conflict
                addresses.append(hex(broken))
            }
        }
        let drained = StormRecorder.stop()
        XCTAssertEqual(drained.total, 2)
        XCTAssertEqual(drained.reports.count, 2)
        XCTAssertEqual(Set(addresses).count, 1)
        for report in drained.reports {
            XCTAssertTrue(report.text.contains(addresses[0]), report.text)
        }
    }

    func test_reentryFlag_skipsANestedRunOnTheSameThread_only() {
        let flag = ThreadReentryFlag()
        var runs: [String] = []
        XCTAssertTrue(flag.run {
            runs.append("outer")
            // The hook installed twice in one chain: its second copy runs inside the first's call.
            XCTAssertFalse(flag.run { runs.append("nested") })
            // Another thread laying out at the same moment is not inside.
            let done = DispatchSemaphore(value: 0)
            let otherRan = LockedFlag()
            Thread {
                otherRan.set(flag.run { })
                done.signal()
            }.start()
            done.wait()
            XCTAssertTrue(otherRan.value)
        })
        XCTAssertTrue(flag.run { runs.append("next") }, "one run after another both run")
        XCTAssertEqual(runs, ["outer", "next"])
        XCTAssertFalse(flag.isInside)
    }

    func test_paused_debuggerCallsAreNotRecorded() {
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: []))
        StormRecorder.paused { runStorm(3) }
        runStorm(1)
        XCTAssertEqual(StormRecorder.stop().total, 1)
    }

    func test_entryPoints_startDrainAndStop() {
        XCTAssertEqual(ReportBuffer.read(lds_storm_start(0, 0)),
                       "error: the storm ring needs a capacity of at least 1, got 0")
        XCTAssertEqual(ReportBuffer.read(lds_storm_start(1, 16)), "Storm recorder: on, 16 reports kept between drains")
        runStorm(1)
        let drained = ReportBuffer.read(lds_storm_drain(0))
        XCTAssertTrue(drained.hasPrefix(#"{"reports":[{"text":"Owner: yours ("#), drained)
        XCTAssertEqual(ReportBuffer.read(lds_storm_stop(0)), #"{"reports":[],"dropped":[]}"#)
        XCTAssertEqual(ReportBuffer.read(lds_storm_drain(0)), #"{"reports":[],"dropped":[]}"#)
    }
}

/// A Bool set on one thread and read on another.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var value: Bool { lock.withLock { stored } }
    func set(_ newValue: Bool) { lock.withLock { stored = newValue } }
}

/// Pairs of snapshots of one conflict, from whichever thread laid it out.
private final class SnapshotPairs: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(tally: ConflictSnapshot, whole: ConflictSnapshot)] = []

    var pairs: [(tally: ConflictSnapshot, whole: ConflictSnapshot)] { lock.withLock { stored } }

    func add(tally: ConflictSnapshot, whole: ConflictSnapshot) {
        lock.withLock { stored.append((tally, whole)) }
    }
}
