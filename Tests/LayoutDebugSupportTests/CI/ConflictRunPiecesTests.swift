import Foundation
@testable import LayoutDebugSupport
import XCTest

/// A log read in pieces on several threads gives the run one reader gives: the same groups,
/// counts and test cases, a piece's first conflicts given to the test the piece before it
/// ended in, and xcbeautify's waiting conflicts carried across pieces.
final class ConflictRunPiecesTests: XCTestCase {
    private typealias Log = ConflictRunReaderTests

    /// A log of `tests` test cases in `form`, test `i` printing `i % 4` conflicts of four kinds
    /// among ordinary lines, so pieces are cut inside tests and between them.
    private func log(tests: Int, xcbeautify: Bool) -> String {
        var text = "Test Suite 'Pieces' started at 2026-11-29 10:00:00.000\n"
        for index in 0..<tests {
            if !xcbeautify { text += "Test Case 'Pieces.test\(index)' started at 2026-11-29 10:00:00.001\n" }
            for line in 0..<30 { text += "2026-11-29 10:00:00.000 App[1:1] [Network] GET /items?page=\(line) 200\n" }
            for kind in 0..<(index % 4) { text += Log.widthConflict(100, 120 + 20 * kind, view: "0x7f\(index)") }
            for line in 0..<12 { text += "    t = \(line).00s Wait for com.example.App to idle\n" }
            text += xcbeautify ? "    ✔ test\(index) (0.010 seconds)\n" : "Test Case 'Pieces.test\(index)' passed (0.010 seconds)\n"
        }
        // Conflicts after the last result line belong to no test.
        return text + Log.widthConflict(1, 2)
    }

    private func readInPieces(_ text: String, known: Set<String> = []) throws -> ConflictRun {
        let path = NSTemporaryDirectory() + "pieces-\(UUID().uuidString).log"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var run = ConflictRun(known: known)
        let read = try ConflictRunPieces.read(descriptor: descriptor, size: text.utf8.count, threads: 3, into: &run,
                                              appModules: [], minimumBytes: 1, smallestPiece: 16 << 10)
        XCTAssertEqual(read, text.utf8.count, "read in pieces, not whole")
        return run
    }

    func test_xcodebuildLog_inPieces_isTheRunOneReaderMakes() throws {
        let text = log(tests: 400, xcbeautify: false)
        let known: Set<String> = [Log.widthSignature(100, 120)]
        let pieces = try readInPieces(text, known: known)
        assertSameRun(pieces, Log.read(text, known: known))
        XCTAssertGreaterThan(pieces.total, 500)
        XCTAssertEqual(pieces.groups.first { $0.signature == Log.widthSignature(100, 160) }?.tests(in: pieces).count, 8,
                       "listed up to the limit")
    }

    func test_xcbeautifyLog_inPieces_carriesWaitingConflictsToTheNextResultLine() throws {
        let text = log(tests: 400, xcbeautify: true)
        let pieces = try readInPieces(text)
        assertSameRun(pieces, Log.read(text))
        XCTAssertEqual(pieces.groups.first { $0.signature == Log.widthSignature(1, 2) }?.outsideTests, 1)
        XCTAssertEqual(pieces.testCases.first, TestCaseName(suite: "Pieces", name: "test0"))
        XCTAssertTrue(pieces.testCases.allSatisfy { $0.suite == "Pieces" }, "the suite carried into every piece")
    }
}
