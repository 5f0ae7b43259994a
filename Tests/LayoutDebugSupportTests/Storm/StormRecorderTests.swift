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
