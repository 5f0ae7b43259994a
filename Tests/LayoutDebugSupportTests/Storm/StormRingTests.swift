import XCTest
@testable import LayoutDebugSupport

final class StormRingTests: XCTestCase {
    private func report(_ number: Int, signature: String = "A", owner: ConflictOwner = .yours,
                        text: String? = nil) -> StormReport {
        StormReport(text: text ?? "report \(number)\n", signature: signature, owner: owner,
                    viewController: "VC\(number)", time: Double(number))
    }

    func test_append_underCapacity_keepsEveryReportInOrder() {
        var ring = StormRing(capacity: 3)
        for number in 1...3 { XCTAssertTrue(ring.append(report(number))) }
        XCTAssertTrue(ring.isFull)
        let drained = ring.drain()
        XCTAssertEqual(drained.reports.map(\.text), ["report 1\n", "report 2\n", "report 3\n"])
        XCTAssertEqual(drained.dropped, [])
        XCTAssertEqual(drained.total, 3)
    }

    func test_append_pastCapacity_dropsTheNewestAndTalliesThemBySignature() {
        var ring = StormRing(capacity: 2)
        let signatures = ["A", "B", "C", "B", "A", "B"]
        for (index, signature) in signatures.enumerated() {
            ring.append(report(index + 1, signature: signature, owner: signature == "C" ? .system : .yours))
        }
        XCTAssertEqual(ring.pending, 6)
        let drained = ring.drain()
        XCTAssertEqual(drained.reports.map(\.signature), ["A", "B"])
        // Tallied in order of first drop, with first and last times and the first view controller.
        XCTAssertEqual(drained.dropped, [
            StormTally(signature: "C", owner: .system, viewController: "VC3", count: 1, first: 3, last: 3),
            StormTally(signature: "B", owner: .yours, viewController: "VC4", count: 2, first: 4, last: 6),
            StormTally(signature: "A", owner: .yours, viewController: "VC5", count: 1, first: 5, last: 5),
        ])
        XCTAssertEqual(drained.total, 6)
    }

    func test_drain_emptiesTheRing_andTheNextReportsAreKeptAgain() {
        var ring = StormRing(capacity: 1)
        ring.append(report(1))
        ring.append(report(2))
        XCTAssertEqual(ring.drain().total, 2)
        XCTAssertEqual(ring.pending, 0)
        XCTAssertFalse(ring.isFull)
        XCTAssertTrue(ring.append(report(3)))
        XCTAssertEqual(ring.drain(), StormDrain(reports: [report(3)], dropped: []))
        XCTAssertEqual(ring.drain(), StormDrain())
    }

    func test_append_pastTheByteBound_dropsEvenUnderTheCount_butAlwaysKeepsOne() {
        var ring = StormRing(capacity: 100, byteCapacity: 10)
        XCTAssertTrue(ring.append(report(1, text: String(repeating: "x", count: 50))))
        XCTAssertFalse(ring.append(report(2)))
        let drained = ring.drain()
        XCTAssertEqual(drained.reports.count, 1)
        XCTAssertEqual(drained.dropped.map(\.count), [1])
    }

    func test_tally_countsWithoutAReport() {
        var ring = StormRing(capacity: 5)
        for time in 1...1000 {
            ring.tally(signature: time % 2 == 0 ? "even" : "odd", owner: .transient, viewController: nil,
                       time: Double(time))
        }
        let drained = ring.drain()
        XCTAssertEqual(drained.reports, [])
        XCTAssertEqual(drained.dropped.map(\.signature), ["odd", "even"])
        XCTAssertEqual(drained.dropped.map(\.count), [500, 500])
        XCTAssertEqual(drained.dropped.map(\.last), [999, 1000])
        XCTAssertEqual(drained.total, 1000)
    }

    func test_drainJSON_hasTheFieldsTheDebuggerReads() {
        var ring = StormRing(capacity: 1)
        ring.append(report(1, text: "Conflict \"#1\"\n"))
        ring.append(report(2, signature: "B"))
        let json = JSONText.encode(ring.drain())
        XCTAssertEqual(json, ##"{"reports":[{"text":"Conflict \"#1\"\n","signature":"A","owner":"yours","viewController":"VC1","time":1}],"##
                       + ##""dropped":[{"signature":"B","owner":"yours","viewController":"VC2","count":1,"first":2,"last":2}]}"##)
    }
}
