import DemoScenarios
import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

/// The library's live code on threads other than the main one, as it runs in an app: a
/// conflict laid out on a background thread reaches the hooks there, and the debugger calls a
/// report on whichever thread it stopped. test.sh also runs these built with the actor-isolation
/// checks (`LAYOUT_DEBUG_RACE_CHECKS=1`), where main-actor-isolated code entered on such a
/// thread traps (issue 41, fault 10).
final class BackgroundThreadTests: XCTestCase {
    override func tearDown() {
        _ = StormRecorder.stop()
        ConflictMonitor.stop()
        super.tearDown()
    }

    func test_aConflictOnABackgroundThread_reachesTheStormAndTheMonitor_onThatThread() {
        let delivered = ConflictMonitor.deliveredCount
        ConflictMonitor.start(explains: true) { _ in }
        XCTAssertTrue(StormRecorder.start(capacity: 8, options: .live))
        withStandardErrorSilenced {
            // The hierarchy is built and laid out on a thread the main thread waits for.
            MainActor.assumeIsolated { _ = DemoCatalog.scenario(named: "background-conflict")!.makeWindow() }
        }
        let drained = StormRecorder.stop()
        XCTAssertEqual(drained.total, 1)
        XCTAssertTrue(drained.reports.first?.text.contains("width == 120.0") == true, drained.reports.first?.text ?? "")
        XCTAssertEqual(ConflictMonitor.deliveredCount - delivered, 1)
    }

    func test_reportsCalledOnABackgroundThread_answerAsOnTheMain() throws {
        var window: UIWindow?
        withStandardErrorSilenced { MainActor.assumeIsolated { window = DemoCatalog.scenario(named: "cell-width-conflict")!.makeWindow() } }
        let address = try MainActor.assumeIsolated { LiveHierarchy.address(try XCTUnwrap(window)) }
        let onMain = LiveReports.report(at: address, options: [])
        let traceOnMain = LiveReports.trace(at: address, options: [])
        let onBackground = Answers()
        let done = DispatchSemaphore(value: 0)
        Thread {
            // As lds_report and lds_trace run when the debugger stopped a background thread.
            onBackground.report = LiveReports.report(at: address, options: [])
            onBackground.trace = LiveReports.trace(at: address, options: [])
            done.signal()
        }.start()
        done.wait()
        XCTAssertTrue(onMain.contains("UITableViewCellContentView"), onMain)
        XCTAssertEqual(onBackground.report, onMain)
        XCTAssertEqual(onBackground.trace, traceOnMain)
        withExtendedLifetime(window) {}
    }
}

/// The answers a background thread got, read once it signalled (the semaphore orders the
/// writes before the reads).
private final class Answers: @unchecked Sendable {
    var report = ""
    var trace = ""
}
