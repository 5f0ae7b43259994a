import Foundation
import XCTest
@testable import LayoutDebugSupport

final class ConflictBacklogTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("backlog-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func conflict(width: Double, cellWidth: Double, viewAddress: UInt64) -> ConflictSnapshot {
        let view = ObjectReference(className: "UIView", address: viewAddress)
        let cell = ObjectReference(className: "UITableViewCellContentView", address: viewAddress + 0x100)
        let width = ConstraintSnapshot(address: viewAddress + 1, firstItem: view, firstAttribute: .width, constant: width)
        let encapsulated = ConstraintSnapshot(address: viewAddress + 2, identifier: "UIView-Encapsulated-Layout-Width",
                                              firstItem: cell, firstAttribute: .width, constant: cellWidth)
        return ConflictSnapshot(brokenConstraint: width, mutuallyExclusive: [width, encapsulated], viewController: "App.ListViewController")
    }

    func test_record_repeatsOfOneSignature_countInOneLine() throws {
        let url = folder.appendingPathComponent("conflicts.jsonl")
        let backlog = ConflictBacklog(url: url)
        for index in 0..<10 {
            // Fresh addresses each time, as cells are reused: still one conflict.
            backlog.record(conflict(width: 768, cellWidth: 50, viewAddress: 0x1000 * UInt64(index + 1)), report: "r")
        }
        backlog.record(conflict(width: 320, cellWidth: 50, viewAddress: 0x9000), report: "r")
        try backlog.flush()

        let records = ConflictBacklog.readRecords(at: url)
        XCTAssertEqual(records.map(\.count), [10, 1])
        XCTAssertEqual(records.first?.viewController, "App.ListViewController")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
    }

    func test_init_existingFile_continuesCounts() throws {
        let url = folder.appendingPathComponent("conflicts.jsonl")
        // The first backlog is gone before the second opens the file, as after a relaunch: alive,
        // its write scheduled 50 ms after its record could land after the second's flush (the
        // debug build keeps a local alive to the end of its scope) and put the count back to 1.
        do {
            let first = ConflictBacklog(url: url)
            first.record(conflict(width: 768, cellWidth: 50, viewAddress: 0x1000), report: "r")
            try first.flush()
        }

        let second = ConflictBacklog(url: url)
        let isNew = second.record(conflict(width: 768, cellWidth: 50, viewAddress: 0x5000), report: "r")
        try second.flush()

        XCTAssertFalse(isNew)
        XCTAssertEqual(ConflictBacklog.readRecords(at: url).map(\.count), [2])
    }

    func test_record_whenFull_countsOverflowInsteadOfGrowing() throws {
        let url = folder.appendingPathComponent("conflicts.jsonl")
        let backlog = ConflictBacklog(url: url, maxRecords: 2)
        for width in [100.0, 200, 300, 400] {
            backlog.record(conflict(width: width, cellWidth: 50, viewAddress: 0x1000), report: "r")
        }
        try backlog.flush()

        let records = ConflictBacklog.readRecords(at: url)
        XCTAssertEqual(records.count, 3)
        XCTAssertEqual(records.last?.signature, ConflictBacklog.overflowSignature)
        XCTAssertEqual(records.last?.count, 2)
        XCTAssertEqual(backlog.overflowCount, 2)
    }

    func test_record_longReport_isCutToTheLimit() throws {
        let url = folder.appendingPathComponent("conflicts.jsonl")
        let backlog = ConflictBacklog(url: url, maxReportLength: 10)
        backlog.record(conflict(width: 1, cellWidth: 2, viewAddress: 0x10), report: String(repeating: "x", count: 100))
        try backlog.flush()
        XCTAssertEqual(ConflictBacklog.readRecords(at: url).first?.report.count, 10)
    }

    func test_readRecords_skipsGarbledLines() throws {
        let url = folder.appendingPathComponent("conflicts.jsonl")
        let backlog = ConflictBacklog(url: url)
        backlog.record(conflict(width: 1, cellWidth: 2, viewAddress: 0x10), report: "r")
        try backlog.flush()
        let handle = try FileHandle(forWritingTo: url)
        handle.seekToEndOfFile()
        handle.write(Data("{\"signature\": \"torn".utf8))
        try handle.close()

        XCTAssertEqual(ConflictBacklog.readRecords(at: url).count, 1)
    }

    func test_record_fromManyThreads_losesNoOccurrence() throws {
        let url = folder.appendingPathComponent("conflicts.jsonl")
        let backlog = ConflictBacklog(url: url)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            backlog.record(conflict(width: Double(index % 4), cellWidth: 50, viewAddress: UInt64(index + 1) << 8), report: "r")
        }
        try backlog.flush()
        let records = ConflictBacklog.readRecords(at: url)
        XCTAssertEqual(records.count, 4)
        XCTAssertEqual(records.map(\.count).reduce(0, +), 400)
    }
}
