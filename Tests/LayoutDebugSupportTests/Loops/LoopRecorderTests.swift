import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

/// The recorder, armed in a live ReferenceKit hierarchy: it keeps each request with who asked
/// and reads the rounds back as a chain; disarmed, it keeps nothing.
final class LoopRecorderTests: XCTestCase {
    /// Widens its superview by one point at each layout until the superview is 380 wide.
    @MainActor
    final class WideningBadge: UIView {
        override func layoutSubviews() {
            super.layoutSubviews()
            if let superview, superview.frame.width < 380 { superview.frame.size.width += 1 }
        }
    }

    override func tearDown() {
        LoopRecorder.disarm()
        super.tearDown()
    }

    @MainActor
    private func settle(passes: Int) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        window.rootViewController = UIViewController()
        let root = window.rootViewController!.view!
        let badge = WideningBadge(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        root.addSubview(badge)
        for _ in 0..<passes { window.layoutIfNeeded() }
        return window
    }

    func test_armed_itRecordsEachPassesWidening_asRoundsOfOneChain() {
        MainActor.assumeIsolated {
            XCTAssertEqual(LoopRecorder.arm(capacity: 64), "loop recorder: armed; it keeps the last 64 requests for another pass")
            let window = settle(passes: 10)
            let root = window.rootViewController!.view!
            guard let record = LoopRecorder.snapshot(), let chain = LoopChain(record) else {
                return XCTFail("no chain in \(String(describing: LoopRecorder.snapshot()))")
            }
            let rootAddress = UInt(bitPattern: Unmanaged.passUnretained(root).toOpaque())
            // 375 → 380: five layouts of the badge widen the root by one point each.
            let widths = record.requests.filter { $0.kind == .frame && $0.view == rootAddress }.map(\.new.width)
            XCTAssertEqual(widths, [376, 377, 378, 379, 380])
            XCTAssertTrue(chain.round.contains { $0.kind == .frame && $0.view == rootAddress }, "\(chain.round)")
            XCTAssertTrue(record.requests.allSatisfy { !$0.frames.isEmpty }, "each request has who asked")
        }
    }

    func test_disarmed_itKeepsNothing_andSaysSoInOneLine() {
        MainActor.assumeIsolated {
            _ = LoopRecorder.arm(capacity: 8)
            LoopRecorder.disarm()
            _ = settle(passes: 3)
            XCTAssertNil(LoopRecorder.snapshot())
            XCTAssertEqual(LoopRecorder.report(), "error: the loop recorder is not armed in this process (lloop arms it at the next launch)")
        }
    }

    func test_theReport_namesTheWindow_theRounds_andEachPassesValues() {
        MainActor.assumeIsolated {
            _ = LoopRecorder.arm(capacity: 0)
            let window = settle(passes: 10)
            let report = LoopRecorder.report()
            withExtendedLifetime(window) {}
            XCTAssertTrue(report.hasPrefix("Window: <UIWindow: 0x"), report)
            XCTAssertTrue(report.contains("> at (0, 0), 375 × 667\n"), report)
            // window, root and badge.
            XCTAssertTrue(report.contains("the window holds 3 views"), report)
            XCTAssertTrue(report.contains(": width 375 → 376 → 377 → 378 → 379 → 380"), report)
        }
    }

    func test_aFreedWindow_isSaidToBeGone_inOneLine() {
        MainActor.assumeIsolated {
            _ = LoopRecorder.arm(capacity: 0)
            _ = settle(passes: 10)
            let report = LoopRecorder.report()
            XCTAssertTrue(report.hasPrefix("Window: unknown: the view that asked last (0x"), report)
            XCTAssertTrue(report.contains(") is freed\n"), report)
        }
    }

    func test_armingAgainWithTheSameSize_keepsWhatWasRecorded() {
        MainActor.assumeIsolated {
            _ = LoopRecorder.arm(capacity: 0)
            let window = settle(passes: 10)
            let before = LoopRecorder.snapshot()?.requests.count ?? 0
            XCTAssertEqual(LoopRecorder.arm(capacity: 0), "loop recorder: armed already; it keeps the last 1024 requests for another pass")
            XCTAssertEqual(LoopRecorder.snapshot()?.requests.count, before)
            XCTAssertGreaterThan(before, 0)
            withExtendedLifetime(window) {}
        }
    }
}
