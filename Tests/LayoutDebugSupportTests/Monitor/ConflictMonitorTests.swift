import DemoScenarios
import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

/// Collects reports from the monitor's handler, which may run on any thread.
final class ReportCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [ConflictMonitor.Report] = []

    func add(_ report: ConflictMonitor.Report) {
        lock.lock()
        stored.append(report)
        lock.unlock()
    }

    var reports: [ConflictMonitor.Report] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// Collects numbers from the handler.
private final class CountCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []

    func add(_ value: Int) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

// Not @MainActor: corelibs XCTest cannot call main-actor test methods. Tests
// run on the main thread, so the storm asserts that isolation instead.
final class ConflictMonitorTests: XCTestCase {
    override func tearDown() {
        ConflictMonitor.stop()
        super.tearDown()
    }

    /// Runs `layout-demo conflict-storm N` in process with ReferenceKit's
    /// stderr log silenced (N copies of UIKit's text would drown the test log).
    /// Then lets the main queue run, where the monitor calls its handler.
    private func runStorm(_ count: Int) {
        let scenario = DemoCatalog.scenario(named: "conflict-storm")!
        withStandardErrorSilenced {
            MainActor.assumeIsolated { _ = scenario.makeWindow(count: count) }
        }
        drainMainQueue()
    }

    /// Runs the main queue until everything queued before this call has run.
    private func drainMainQueue() {
        let drained = expectation(description: "main queue drained")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 10)
    }

    func test_start_conflictStorm500_deliversEveryConflictExactlyOnce() {
        let collector = ReportCollector()
        ConflictMonitor.start(explains: false) { collector.add($0) }
        let alertsBefore = UnsatisfiableConstraints.alertCount

        runStorm(500)

        let reports = collector.reports
        XCTAssertEqual(UnsatisfiableConstraints.alertCount - alertsBefore, 500)
        XCTAssertEqual(reports.count, 500)
        XCTAssertEqual(Set(reports.compactMap(\.conflict.ordinal)).count, 500)
        XCTAssertEqual(Set(reports.map(\.signature)).count, 3)
        XCTAssertTrue(reports.allSatisfy { $0.conflict.brokenConstraint != nil && $0.text.contains("Will attempt to recover by breaking") })
    }

    func test_start_twice_installsTheHookOnce() {
        let collector = ReportCollector()
        ConflictMonitor.start(explains: false) { _ in XCTFail("replaced handler must not run") }
        ConflictMonitor.start(explains: false) { collector.add($0) }
        runStorm(9)
        XCTAssertEqual(collector.reports.count, 9)
    }

    func test_backlog_conflictStorm_holdsOneLinePerSignatureWithCounts() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("monitor-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let backlog = ConflictBacklog(url: url)
        ConflictMonitor.start(backlog: backlog, explains: false) { _ in }

        runStorm(300)
        try backlog.flush()

        let records = ConflictBacklog.readRecords(at: url)
        // Rows cycle through three kinds of conflict, 100 of each.
        XCTAssertEqual(records.map(\.count), [100, 100, 100])
        XCTAssertEqual(Set(records.map(\.signature)).count, 3)
        XCTAssertTrue(records.allSatisfy { !$0.report.isEmpty && $0.brokenConstraint != nil })
    }

    func test_ignoreRules_dropMatchingConflictsBeforeTheHandler() {
        let collector = ReportCollector()
        ConflictMonitor.start(explains: false) { collector.add($0) }
        runStorm(3)
        let autoresizing = try! XCTUnwrap(collector.reports.first { $0.signature.contains("NSAutoresizingMaskLayoutConstraint") })
        let ignoredBefore = ConflictMonitor.ignoredCount

        let kept = ReportCollector()
        ConflictMonitor.start(rules: ConflictIgnoreRules(signatures: [autoresizing.signature]), explains: false) { kept.add($0) }
        runStorm(30)

        XCTAssertEqual(kept.reports.count, 20)
        XCTAssertFalse(kept.reports.contains { $0.signature == autoresizing.signature })
        XCTAssertEqual(ConflictMonitor.ignoredCount - ignoredBefore, 10)
    }

    /// owner-storm cycles the app's conflict, the keyboard's and a reused cell's
    /// (see `OwnerScenarios`): a beta build's rules keep only the app's, and the
    /// monitor still counts the others by owner.
    func test_ownerRules_keepOnlyYours_andCountTheRestByOwner() {
        let kept = ReportCollector()
        let systemBefore = ConflictMonitor.ignoredCount(of: .system)
        let transientBefore = ConflictMonitor.ignoredCount(of: .transient)
        ConflictMonitor.start(rules: .onlyYours, explains: false) { kept.add($0) }
        let scenario = DemoCatalog.scenario(named: "owner-storm")!
        withStandardErrorSilenced {
            MainActor.assumeIsolated { _ = scenario.makeWindow(count: 9) }
        }
        drainMainQueue()

        XCTAssertEqual(kept.reports.count, 3)
        XCTAssertTrue(kept.reports.allSatisfy { $0.text.hasPrefix("Owner: yours (<UIView:0x") }, kept.reports.map(\.text).joined())
        XCTAssertEqual(ConflictMonitor.ignoredCount(of: .system) - systemBefore, 3)
        XCTAssertEqual(ConflictMonitor.ignoredCount(of: .transient) - transientBefore, 3)
        XCTAssertTrue(kept.reports.allSatisfy { $0.json.contains(#""owner":"yours""#) })
    }

    func test_stop_restoresOriginalBehaviour() {
        let collector = ReportCollector()
        ConflictMonitor.start(explains: false) { collector.add($0) }
        runStorm(3)
        ConflictMonitor.stop()
        let alertsBefore = UnsatisfiableConstraints.alertCount

        runStorm(6)

        XCTAssertFalse(ConflictMonitor.isRunning)
        XCTAssertEqual(collector.reports.count, 3)
        // The engine still breaks, logs and alerts as it did before the monitor.
        XCTAssertEqual(UnsatisfiableConstraints.alertCount - alertsBefore, 6)
    }

    func test_report_withExplainer_saysWhy() {
        let collector = ReportCollector()
        ConflictMonitor.start { collector.add($0) }
        runStorm(1)
        let report = try! XCTUnwrap(collector.reports.first)
        // Row 0 is a box 100 and 120 wide at once.
        XCTAssertTrue(report.text.contains("Why:"), report.text)
        XCTAssertTrue(report.json.contains("\"signature\""))
    }

    func test_handler_runsAfterTheEngineCallback_soItMayChangeViews() {
        // Each conflict of the storm is reported to the hook before its alert (ReferenceKit's
        // test_hook_runsBeforeTheAlertSymbol). A handler called inside the callback would see
        // fewer alerts than conflicts; one called later sees all three.
        let alertsBefore = UnsatisfiableConstraints.alertCount
        let alertsSeen = ReportCollector()
        let counts = CountCollector()
        ConflictMonitor.start(explains: false) { report in
            counts.add(UnsatisfiableConstraints.alertCount - alertsBefore)
            alertsSeen.add(report)
        }
        let scenario = DemoCatalog.scenario(named: "conflict-storm")!
        withStandardErrorSilenced {
            MainActor.assumeIsolated { _ = scenario.makeWindow(count: 3) }
        }
        XCTAssertEqual(alertsSeen.reports.count, 0, "no handler call inside the engine's update")
        drainMainQueue()
        XCTAssertEqual(counts.values, [3, 3, 3])
    }

    func test_startAndStop_fromManyThreads_doNotCrash() {
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            if index % 2 == 0 {
                ConflictMonitor.start(explains: false) { _ in }
            } else {
                ConflictMonitor.stop()
            }
        }
        ConflictMonitor.stop()
        XCTAssertFalse(ConflictMonitor.isRunning)
    }
}

/// Points file descriptor 2 at /dev/null while `body` runs.
func withStandardErrorSilenced<T>(_ body: () throws -> T) rethrows -> T {
    fflush(stderr)
    let saved = dup(2)
    let null = open("/dev/null", O_WRONLY)
    dup2(null, 2)
    close(null)
    defer {
        fflush(stderr)
        dup2(saved, 2)
        close(saved)
    }
    return try body()
}
