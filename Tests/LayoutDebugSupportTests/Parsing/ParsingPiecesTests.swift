import Foundation
@testable import LayoutDebugSupport
import XCTest

/// A big log is summarized in pieces, one per core (`ConsoleLogPieces`): the
/// pieces together must hold exactly the conflicts of the whole log, however
/// many pieces there are.
final class ParsingPiecesTests: XCTestCase {
    private var files: [URL] = []

    override func tearDown() {
        for file in files { try? FileManager.default.removeItem(at: file) }
        super.tearDown()
    }

    /// Every corpus log (every other one with a header), with ordinary log
    /// lines between them, and the
    /// envelopes that sit close to a cut: a header with no list a few lines
    /// before another header, conflicts back to back, a list without a
    /// header, a log cut off after its list, and a list never closed.
    private func log() throws -> String {
        var parts: [String] = []
        let noise = (0..<12).map { "2024-05-01 12:00:0\($0 % 10).000 App[1:2] [Network] request \($0) done\n" }
            .joined()
        for (index, name) in try ParsingCorpus.names().enumerated() {
            let text = try ParsingCorpus.text(name)
            // Most corpus logs are a list alone; every other one gets the header a console prints.
            if index % 2 == 1, !text.contains("simultaneously satisfy") {
                parts.append("App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
                    + "\tProbably at least one of the constraints in the following list is one you don't want.\n")
            }
            parts.append(text.hasSuffix("\n") ? text : text + "\n")
            switch index % 4 {
            case 0: parts.append("App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
                + "just one line\n")
            case 1:
                // A list never closed keeps the parser inside it through the
                // ordinary lines, so the whole log reads the header after them
                // line by line, and the constraints it introduces, which lost
                // their `<` on a web page and so start no conflict alone.
                parts.append("(\n    \"<NSLayoutConstraint:0x600003 UIView:0x7f02.width == 30   (active)>\",\n"
                    + noise + "App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
                    + "NSLayoutConstraint:0x600004 UILabel:0x7f03.width == 40   (active)\n"
                    + "NSLayoutConstraint:0x600005 UILabel:0x7f03.width == 50   (active)\n")
            case 2: parts.append(noise + "(\n    \"<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 10   (active)>\",\n"
                + "    \"<NSLayoutConstraint:0x600002 UIView:0x7f01.width == 20   (active)>\"\n)\n")
            default: parts.append(String(text.prefix(text.count / 2)) + "\n")
            }
            parts.append(noise)
        }
        return parts.joined()
    }

    private func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pieces-\(UUID().uuidString).log")
        try Data(text.utf8).write(to: url)
        files.append(url)
        return url
    }

    /// The conflicts of `url` read in `pieces` (one read of the whole file
    /// when `nil`), with each piece's ordinals numbered on from the last.
    private func conflicts(_ url: URL, pieces: [Range<Int>]?, summarizing: Bool = false) throws -> [ConflictSnapshot] {
        let descriptor = open(url.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        var found: [ConflictSnapshot] = []
        for piece in pieces.map({ $0.map(Optional.some) }) ?? [nil] {
            let before = found.count
            try ConsoleLogReader.read(descriptor: descriptor, piece: piece, summarizing: summarizing) { parsed in
                var snapshot = parsed.snapshot
                snapshot.ordinal = (snapshot.ordinal ?? 0) + before
                found.append(snapshot)
            }
        }
        return found
    }

    func test_aLogReadInPiecesCutAtHeaders_holdsExactlyTheWholeLogsConflicts() throws {
        let text = try log()
        let url = try file(text)
        let whole = try conflicts(url, pieces: nil)
        XCTAssertGreaterThan(whole.count, 30)
        let size = text.utf8.count
        var cutCounts: Set<Int> = []
        for count in [2, 3, 5, 8, 13, 40] {
            let descriptor = open(url.path, O_RDONLY)
            let pieces = ConsoleLogPieces.ranges(descriptor: descriptor, size: size, count: count, smallest: 1)
            close(descriptor)
            XCTAssertEqual(pieces.first?.lowerBound, 0)
            XCTAssertEqual(pieces.last?.upperBound, size)
            XCTAssertTrue(zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            cutCounts.insert(pieces.count)
            XCTAssertEqual(try conflicts(url, pieces: pieces), whole, "\(pieces.count) pieces")
            let summarized = try conflicts(url, pieces: pieces, summarizing: true).map(\.signature)
            XCTAssertEqual(summarized, whole.map(\.signature), "\(pieces.count) pieces, summarizing")
        }
        // The log is cut in many places, not once.
        XCTAssertGreaterThan(cutCounts.max() ?? 0, 10)
    }

    func test_aPieceStartsOnlyAtAHeaderWithTenQuietLinesBeforeIt() throws {
        let header = "App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
        let quiet = String(repeating: "App[1:2] ordinary line\n", count: 10)
        // The first line may be part of a line, so nothing before the first
        // header is known; the second has only nine quiet lines before it;
        // the third is the cut.
        let text = "partial line\n" + header + String(repeating: "App[1:2] ordinary line\n", count: 9) + header
            + quiet + header + quiet
        let bytes = Array(text.utf8)
        let cut = bytes.withUnsafeBufferPointer { ConsoleLogPieces.cut(in: ByteText(base: $0.baseAddress!, count: $0.count)) }
        let expected = ("partial line\n" + header + String(repeating: "App[1:2] ordinary line\n", count: 9) + header
            + quiet).utf8.count
        XCTAssertEqual(cut, expected)
    }

    func test_aLogWithoutAHeaderToCutAt_isReadWhole() throws {
        let text = String(repeating: "App[1:2] ordinary line\n", count: 1000)
        let url = try file(text)
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        XCTAssertEqual(ConsoleLogPieces.ranges(descriptor: descriptor, size: text.utf8.count, count: 4, smallest: 1),
                       [0..<text.utf8.count])
    }
}
