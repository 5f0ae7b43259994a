import Foundation
import XCTest
@testable import LayoutDebugSupport

/// The recorder's ring and the chain read from it, on records written by hand.
final class LoopChainTests: XCTestCase {
    private func mark(_ view: UInt, _ kind: LayoutRequestHook.Kind = .setNeedsUpdateConstraints, at site: UInt64) -> LayoutRequest {
        LayoutRequest(kind: kind, view: view, frames: [site, 0x9000])
    }

    private func height(_ view: UInt, _ old: CGFloat, _ new: CGFloat, at site: UInt64) -> LayoutRequest {
        LayoutRequest(kind: .frame, view: view, old: CGRect(x: 0, y: 0, width: 375, height: old),
                      new: CGRect(x: 0, y: 0, width: 375, height: new), frames: [site])
    }

    private func name(_ view: UInt) -> String { "V\(view)" }

    // MARK: - The ring

    func test_theRing_keepsTheLastRequestsOldestFirst_andCountsTheDropped() {
        var ring = LoopRing(capacity: 3, framesPerRequest: 2)
        for view in 1...5 as ClosedRange<UInt> {
            [UInt64(view), 7, 8].withUnsafeBufferPointer { ring.append(.setNeedsLayout, view: view, old: .zero, new: .zero, frames: $0) }
        }
        let record = ring.snapshot()
        XCTAssertEqual(record.requests.map(\.view), [3, 4, 5])
        XCTAssertEqual(record.requests.map(\.frames), [[3, 7], [4, 7], [5, 7]], "two return addresses kept of three")
        XCTAssertEqual(record.dropped, 2)
    }

    // MARK: - The chain

    func test_twoViewsMarkingEachOther_makeARoundOfTwo_seenAsOftenAsTheLastRequest() {
        // Title (1) marks Detail (2) and back, from one line (0x100), three times each.
        let requests = (0..<3).flatMap { _ in [mark(2, at: 0x100), mark(1, at: 0x100)] }
        let chain = LoopChain(LoopRecord(requests: requests, dropped: 0))
        XCTAssertEqual(chain?.round.map(\.view), [2, 1])
        XCTAssertEqual(chain?.rounds, 3)
        XCTAssertEqual(chain?.frameSteps, [])
        let text = chain?.text(naming: name) ?? ""
        XCTAssertTrue(text.hasPrefix("Chain: V2.setNeedsUpdateConstraints → V1.setNeedsUpdateConstraints → the next pass, and again\n"), text)
        XCTAssertTrue(text.contains("  1. V2.setNeedsUpdateConstraints (asked at <frames 0x100 0x9000>)\n"), text)
        XCTAssertTrue(text.contains("no frame of the round's views changed"), text)
    }

    func test_aWindowGrowingTwentyPointsAPass_givesEachPassesHeight() {
        // 667 → 687 → 707: the window (1) grows from a layoutSubviews (0x200), which marks it.
        let requests = [mark(3, .setNeedsLayout, at: 0x300),
                        height(1, 667, 687, at: 0x200), mark(1, .setNeedsLayout, at: 0x210),
                        height(1, 687, 707, at: 0x200), mark(1, .setNeedsLayout, at: 0x210)]
        let chain = LoopChain(LoopRecord(requests: requests, dropped: 0))
        XCTAssertEqual(chain?.rounds, 2)
        XCTAssertEqual(chain?.round.count, 2)
        let text = chain?.text(naming: name) ?? ""
        XCTAssertTrue(text.hasPrefix("Chain: V1's height change → V1.setNeedsLayout → the next pass"), text)
        XCTAssertTrue(text.contains("  1. V1's height 687 → 707 (asked at <frames 0x200>)"), text)
        XCTAssertTrue(text.hasSuffix("Values each pass gave:\n  V1: height 667 → 687 → 707"), text)
    }

    func test_aViewWhoseFrameSettledBeforeTheLastRound_saysSo() {
        // Half a point: the root (2) goes to 541 once; the panel (1) asks again each pass.
        let requests = [height(2, 667, 541, at: 0x400), mark(1, .setNeedsLayout, at: 0x410), mark(2, .setNeedsLayout, at: 0x420),
                        mark(1, .setNeedsLayout, at: 0x410), mark(2, .setNeedsLayout, at: 0x420)]
        let text = LoopChain(LoopRecord(requests: requests, dropped: 0))?.text(naming: name) ?? ""
        XCTAssertTrue(text.hasSuffix("  V2: height 667 → 541, then unchanged"), text)
    }

    func test_aRecordWhoseLastRequestWasNeverMadeBefore_holdsNoLoop() {
        XCTAssertNil(LoopChain(LoopRecord(requests: [mark(1, at: 0x1), mark(1, at: 0x2)], dropped: 0)))
        XCTAssertNil(LoopChain(LoopRecord(requests: [], dropped: 0)))
    }

    func test_aLongSeries_showsItsEndsAndHowManyChanges() {
        XCTAssertEqual(LoopChain.series((375...425).map { CGFloat($0) }),
                       "375 → 376 → … → 421 → 422 → 423 → 424 → 425 (50 changes)")
        XCTAssertEqual(LoopChain.series([540.5, 541]), "540.5 → 541")
    }

    func test_aViewMarkedSeveralTimesInARow_isOneLinkOfTheChain() {
        XCTAssertEqual(LoopChain.collapsed(["A", "B", "B", "B", "A"]), ["A", "B × 3", "A"])
    }
}
