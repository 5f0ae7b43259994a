import Foundation
@testable import LayoutDebugSupport
import XCTest

/// A big log is summarized in pieces, one per core (`ConsoleLogPieces`): the
/// pieces together must hold exactly the conflicts of the whole log, however
/// many pieces there are, or say that they may not.
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
    /// when `nil`), mapped or read into a buffer, with each piece's ordinals
    /// numbered on from the last; their signatures (a summary's, when
    /// summarizing, whose snapshots leave constraints out); and whether every
    /// piece but the last ended between conflicts.
    private func conflicts(_ url: URL, pieces: [Range<Int>]?, mapping: Bool = false, summarizing: Bool = false)
        throws -> (found: [ConflictSnapshot], signatures: [String], exact: Bool) {
        let descriptor = open(url.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        var found: [ConflictSnapshot] = []
        var signatures: [String] = []
        var exact = true
        let ranges = pieces.map { $0.map(Optional.some) } ?? [nil]
        for (index, piece) in ranges.enumerated() {
            let before = found.count
            let between = try ConsoleLogReader.read(descriptor: descriptor, piece: piece, mapping: mapping,
                                                    summarizing: summarizing) {
                var snapshot = $0.snapshot
                snapshot.ordinal = (snapshot.ordinal ?? 0) + before
                found.append(snapshot)
                signatures.append($0.signature ?? snapshot.signature)
            }
            if index < ranges.count - 1, !between { exact = false }
        }
        return (found, signatures, exact)
    }

    /// Each piece count cuts in other places. The cuts `ConsoleLogPieces`
    /// finds leave no list open, so every piece but the last ends between
    /// conflicts and the pieces hold the whole log's conflicts. Cuts at any
    /// line start instead (as a naive splitter would make) land inside lists
    /// too: where every piece ended between conflicts the pieces still hold
    /// the whole log's conflicts, and where one did not, the read says so
    /// (and the caller reads the file whole); the log makes both happen.
    func test_aLogReadInPieces_holdsExactlyTheWholeLogsConflicts_orSaysItMayNot() throws {
        let text = try log()
        let url = try file(text)
        let whole = try conflicts(url, pieces: nil).found
        XCTAssertGreaterThan(whole.count, 30)
        let size = text.utf8.count
        var cutCounts: Set<Int> = []
        var exactCuts = 0, inexactCuts = 0
        for count in [2, 3, 5, 8, 13, 40] {
            let descriptor = open(url.path, O_RDONLY)
            let found = ConsoleLogPieces.ranges(descriptor: descriptor, size: size, count: count, smallest: 1)
            close(descriptor)
            cutCounts.insert(found.count)
            for (pieces, isFound) in [(found, true), (Self.lineStartCuts(text, count: count), false)] {
                XCTAssertEqual(pieces.first?.lowerBound, 0)
                XCTAssertEqual(pieces.last?.upperBound, size)
                XCTAssertTrue(zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                let read = try conflicts(url, pieces: pieces)
                let mapped = try conflicts(url, pieces: pieces, mapping: true)
                let summarized = try conflicts(url, pieces: pieces, mapping: true, summarizing: true)
                XCTAssertEqual(read.exact, summarized.exact)
                XCTAssertEqual(mapped.found, read.found, "\(pieces.count) pieces, mapped")
                XCTAssertEqual(mapped.exact, read.exact, "\(pieces.count) pieces, mapped")
                if isFound { XCTAssertTrue(read.exact, "\(pieces.count) pieces found: a list left open at a cut") }
                guard read.exact else { inexactCuts += 1; continue }
                exactCuts += 1
                XCTAssertEqual(read.found, whole, "\(pieces.count) pieces")
                XCTAssertEqual(summarized.signatures, whole.map(\.signature), "\(pieces.count) pieces, summarizing")
            }
        }
        // The log is cut in many places, and both cases are met.
        XCTAssertGreaterThan(cutCounts.max() ?? 0, 10)
        XCTAssertGreaterThan(exactCuts, 0)
        XCTAssertGreaterThan(inexactCuts, 0)
    }

    /// `count` pieces of `text` cut at the line starts nearest even shares,
    /// wherever they fall.
    private static func lineStartCuts(_ text: String, count: Int) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        var bounds = [0]
        for share in 1..<count {
            var cut = bytes.count / count * share
            while cut < bytes.count, cut > 0, bytes[cut - 1] != 0x0A { cut += 1 }
            if cut > bounds.last!, cut < bytes.count { bounds.append(cut) }
        }
        bounds.append(bytes.count)
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// Ten ordinary lines after a list that was never closed do not make a
    /// cut: the list reads them as its own until the next header. The cut
    /// comes after the next run that follows a closed list.
    func test_aCut_isNotMadeWhileAListIsOpen() throws {
        let ordinary = String(repeating: "App[1:2] [Network] request done\n", count: 12)
        let header = "App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
        let list = "(\n    \"<NSLayoutConstraint:0x600003 UIView:0x7f02.width == 30   (active)>\",\n"
        let open = "partial line\n" + header + list + ordinary
        let closed = header + list + ")\n" + ordinary
        let text = open + closed + "App[1:2] next\n"
        // Worked out from the text: the line after the closed list's tenth ordinary line.
        let expected = (open + header + list + ")\n").utf8.count + 10 * "App[1:2] [Network] request done\n".utf8.count
        XCTAssertEqual(firstCut(in: text), expected)
    }

    /// A piece ends inside a conflict when it stops within an open list:
    /// the one check that catches a cut the ordinary lines misjudged.
    func test_aPieceEndingInsideAnOpenList_saysSo() throws {
        let list = "(\n    \"<NSLayoutConstraint:0x600003 UIView:0x7f02.width == 30   (active)>\",\n"
        let ordinary = String(repeating: "App[1:2] ordinary line\n", count: 12)
        let closed = list + ")\n" + ordinary
        let open = list + ordinary
        for (text, between) in [(closed, true), (open, false)] {
            let url = try file(text)
            XCTAssertEqual(try conflicts(url, pieces: [0..<text.utf8.count, text.utf8.count..<text.utf8.count]).exact,
                           between, text)
        }
    }

    func test_aPieceStartsAfterTenOrdinaryLines_blankLinesPassedOver() throws {
        let ordinary = "App[1:2] [Network] request done\n"
        // The first line may be part of a line; nine ordinary lines, then a
        // constraint starts the count again; then ten, with a blank line and a
        // bracket-free line among them: the cut is the line after the tenth.
        let before = "partial line\n" + String(repeating: ordinary, count: 9)
            + "<NSLayoutConstraint:0x1 UIView:0x2.width == 1>\n"
            + String(repeating: ordinary, count: 4) + "\n" + String(repeating: ordinary, count: 6)
        let text = before + "App[1:2] next\n" + ordinary
        XCTAssertEqual(firstCut(in: text), before.utf8.count)
    }

    /// `ConsoleLogPieces.cut(in:)` on `text`'s bytes.
    private func firstCut(in text: String) -> Int? {
        Array(text.utf8).withUnsafeBufferPointer { ConsoleLogPieces.cut(in: ByteText(base: $0.baseAddress!, count: $0.count)) }
    }

    func test_aLogWithoutOrdinaryLinesToCutAfter_isReadWhole() throws {
        let text = String(repeating: "<NSLayoutConstraint:0x1 UIView:0x2.width == 1>\n", count: 1000)
        let url = try file(text)
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        XCTAssertEqual(ConsoleLogPieces.ranges(descriptor: descriptor, size: text.utf8.count, count: 4, smallest: 1),
                       [0..<text.utf8.count])
    }
}
