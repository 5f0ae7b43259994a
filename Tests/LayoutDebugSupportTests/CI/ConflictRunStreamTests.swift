import Foundation
@testable import LayoutDebugSupport
import XCTest

/// A log piped in and read in pieces on several threads, cut as it comes, gives the run one
/// reader gives; where a cut turns out to be inside a conflict, one reader reads on from there
/// and the run is still the same.
final class ConflictRunStreamTests: XCTestCase {
    private typealias Log = ConflictRunReaderTests

    override func setUp() {
        // A reader that stops early (a binary stream) closes the pipe on the writer, as
        // `layout-explain` does on a test step's output: the writer sees EPIPE, not a signal.
        signal(SIGPIPE, SIG_IGN)
    }

    /// `tests` XCTest cases, test `i` printing `i % 4` conflicts among ordinary lines.
    private func log(tests: Int) -> String {
        var text = "Test Suite 'Stream' started at 2026-11-29 10:00:00.000\n"
        for index in 0..<tests {
            text += "Test Case 'Stream.test\(index)' started at 2026-11-29 10:00:00.001\n"
            for line in 0..<30 { text += "2026-11-29 10:00:00.000 App[1:1] [Network] GET /items?page=\(line) 200\n" }
            for kind in 0..<(index % 4) { text += Log.widthConflict(100, 120 + 20 * kind, view: "0x7f\(index)") }
            text += "Test Case 'Stream.test\(index)' passed (0.010 seconds)\n"
        }
        return text + Log.widthConflict(1, 2)
    }

    /// `text` written into a pipe by another thread and read from it on three threads in
    /// pieces of about `pieceBytes`.
    private func readStreamed(_ text: String, pieceBytes: Int = 16 << 10,
                              known: Set<String> = []) throws -> (ConflictRun, ConflictRunStream.Outcome) {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let bytes = Array(text.utf8)
        let input = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    let count = write(input, raw.baseAddress! + done, raw.count - done)
                    guard count > 0 else { break }
                    done += count
                }
            }
            close(input)
        }
        writer.start()
        defer { close(ends[0]) }
        var run = ConflictRun(known: known)
        let outcome = try ConflictRunStream.read(descriptor: ends[0], threads: 3, into: &run, appModules: [],
                                                 pieceBytes: pieceBytes)
        return (run, outcome)
    }

    func test_pipedLog_readInPieces_isTheRunOneReaderMakes() throws {
        let text = log(tests: 400)
        let known: Set<String> = [Log.widthSignature(100, 120)]
        let (run, outcome) = try readStreamed(text, known: known)
        assertSameRun(run, Log.read(text, known: known))
        guard case .log(let bytes, let pieces, let oneReaderFrom) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(bytes, text.utf8.count)
        XCTAssertGreaterThan(pieces, 10, "cut as it came")
        XCTAssertNil(oneReaderFrom)
        XCTAssertGreaterThan(run.total, 500)
    }

    func test_pipedLog_listLeftOpenAcrossACut_oneReaderReadsOnFromThatPiece() throws {
        // 66 KB of ordinary lines, so the first piece (64 KB) ends just before a conflict whose
        // list never closes (a log trimmed mid-list). Such a list holds every ordinary line after
        // it until the next header: 110 KB of them. The second piece's cut comes 64 KB into it,
        // and looks back only 16 KB for a list opening, so that piece ends inside the conflict,
        // and one reader reads it again with all after it.
        let pieceBytes = 64 << 10
        var text = "Test Suite 'Stream' started at 2026-11-29 10:00:00.000\n"
        text += "Test Case 'Stream.testOpen' started at 2026-11-29 10:00:00.001\n"
        var page = 0
        while text.utf8.count < pieceBytes + 2048 {
            text += "2026-11-29 10:00:00.000 App[1:1] [Network] GET /items?page=\(page) 200\n"
            page += 1
        }
        text += "2026-11-29 10:00:00.000 App[1:1] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n(\n"
        text += "    \"<NSLayoutConstraint:0x6001 UIView:0x7f01.width == 100   (active)>\",\n"
        for line in 0..<1500 { text += "2026-11-29 10:00:00.000 App[1:1] [Network] GET /items?page=\(line) 200\n" }
        text += log(tests: 40)
        let (run, outcome) = try readStreamed(text, pieceBytes: pieceBytes)
        assertSameRun(run, Log.read(text))
        guard case .log(_, let pieces, let oneReaderFrom?) = outcome else { return XCTFail("pieces not given up: \(outcome)") }
        XCTAssertEqual(oneReaderFrom, 1, "the piece before the open list was read apart, the one after it again")
        XCTAssertGreaterThan(pieces, 1)
    }

    func test_pipedLog_shorterThanAPiece_isReadByOneReader() throws {
        let text = log(tests: 3)
        let (run, outcome) = try readStreamed(text)
        assertSameRun(run, Log.read(text))
        guard case .log(let bytes, let pieces, let oneReaderFrom) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(bytes, text.utf8.count)
        XCTAssertEqual(pieces, 0)
        XCTAssertEqual(oneReaderFrom, 0)
    }

    func test_pipedLog_cutInsideItsLastConflict_isMarkedCut() throws {
        var text = log(tests: 200)
        text += "2026-11-29 10:00:00.000 App[1:1] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n(\n"
        let (run, _) = try readStreamed(text)
        XCTAssertTrue(run.endsInsideConflict)
        assertSameRun(run, Log.read(text))
    }

    func test_pipedBacklog_isHandedBackUnread() throws {
        let text = "  {\"signature\": \"x\"}\n"
        let (run, outcome) = try readStreamed(text)
        guard case .backlog(let prefix) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(prefix, Array(text.utf8), "what was read, for the backlog's reader")
        XCTAssertEqual(run.total, 0)
    }

    func test_pipedBinary_throwsBinary() throws {
        let text = "Test Suite 'Stream' started\n\u{0}\u{1}\u{2}\n" + log(tests: 100)
        XCTAssertThrowsError(try readStreamed(text)) { error in
            XCTAssertEqual(error as? ConflictRunInput.ReadError, .binary)
        }
    }

    func test_emptyPipe_readsNothing() throws {
        let (run, outcome) = try readStreamed("")
        guard case .log(let bytes, _, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(bytes, 0)
        XCTAssertEqual(run.lines, 0)
    }
}
