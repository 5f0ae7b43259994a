@testable import LayoutDebugSupport
import XCTest

/// A summary signs a conflict met before from its block's bytes, with
/// addresses and plain titles abstracted (`ConflictBlockCache`). These tests
/// hold it to a full read's signatures and owners, with hand-made blocks
/// whose addresses decide which constraint the engine broke.
final class ParsingBlockCacheTests: XCTestCase {
    private func conflict(listed: [String], broken: String) -> String {
        """
        2026-11-29 10:32:29.699513+0000 App[4242:942507] [LayoutConstraints] Unable to simultaneously satisfy constraints.
        \tProbably at least one of the constraints in the following list is one you don't want.
        (
        \(listed.map { "    \"\($0)\"" }.joined(separator: ",\n"))
        )

        Will attempt to recover by breaking constraint
        \(broken)

        Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.

        """
    }

    /// A conflict whose broken line has the address `broken` and the text
    /// of neither listed line: which one it is, if any, only the address says.
    private func matchedByAddress(first: String, second: String, view: String, broken: String) -> String {
        conflict(listed: ["<NSLayoutConstraint:\(first) 'first' UIView:\(view).width == 10   (active)>",
                          "<NSLayoutConstraint:\(second) 'second' UIView:\(view).width == 20   (active)>"],
                 broken: "<NSLayoutConstraint:\(broken) UIView:\(view).width == 30   (active)>")
    }

    private struct Summary {
        var signatures: [String]
        var owners: [ConflictOwner]
        var hits: Int
    }

    private func summarized(_ text: String, caches: SummarizingCaches = SummarizingCaches()) -> Summary {
        var parser = ConsoleLogParser(summarizing: true, caches: caches)
        var found: [ParsedConflict] = []
        let bytes = Array(text.utf8) + [0]
        bytes.withUnsafeBufferPointer { buffer in
            parser.consume(UnsafeBufferPointer(rebasing: buffer.dropLast())) { found.append($0) }
        }
        parser.finish { found.append($0) }
        return Summary(signatures: found.map { $0.signature ?? "" }, owners: found.compactMap(\.owner),
                       hits: caches.blocks.hits)
    }

    /// Summarizes `text` and checks it against a full read; returns the
    /// number of conflicts taken from the block cache.
    @discardableResult
    private func assertSummaryMatchesFullRead(_ text: String, file: StaticString = #filePath,
                                              line: UInt = #line) -> Int {
        let full = ConsoleLogParser.parse(text)
        let summary = summarized(text)
        XCTAssertEqual(summary.signatures, full.map(\.signature), file: file, line: line)
        XCTAssertEqual(summary.owners, full.map { ConflictTriage.owner(of: $0) }, file: file, line: line)
        return summary.hits
    }

    func test_blocksWhoseBrokenConstraintIsMatchedDifferentlyByAddress_areNotSignedAlike() {
        // The broken line names the first listed constraint, the second, or neither, by address alone.
        let first = [("0x10", "0x12", "0x11", "0x10"), ("0x7f8e1c20", "0x7f8e1c40", "0x7f8e1c30", "0x7f8e1c20"),
                     ("0x600003a4c2f0", "0x600003a4c300", "0x6000", "0x600003a4c2f0")]
        let second = [("0x20", "0x22", "0x21", "0x22"), ("0xabc0", "0xabc4", "0xabc2", "0xabc4")]
        let neither = [("0x30", "0x32", "0x31", "0x33"), ("0x1000a", "0x1000b", "0x1000c", "0x1000d")]
        var text = ""
        for (index, addresses) in (first + second + neither + first.reversed() + neither + second).enumerated() {
            text += matchedByAddress(first: addresses.0, second: addresses.1, view: addresses.2, broken: addresses.3)
            XCTAssertEqual(ConsoleLogParser.parse(text).count, index + 1)
        }
        let signatures = Set(ConsoleLogParser.parse(text).map(\.signature))
        XCTAssertEqual(signatures.count, 3, "each way of matching is a signature of its own")
        XCTAssertGreaterThan(assertSummaryMatchesFullRead(text), 0, "blocks met again are taken from the cache")
    }

    /// `0x010` and `0x10` are one address spelled two ways; `0x011` and
    /// `0x12` are two. Numbered by spelling alone, the blocks would be alike.
    func test_oneAddressSpelledTwoWays_isNotTakenForTwoAddresses() {
        let apart = [("0x011", "0x22", "0x33", "0x12"), ("0x0a1", "0xb2", "0xc3", "0xa2"),
                     ("0x051", "0x62", "0x73", "0x52")]
        let alike = [("0x010", "0x22", "0x33", "0x10"), ("0x0a1", "0xb2", "0xc3", "0xa1"),
                     ("0x051", "0x62", "0x73", "0x51")]
        let text = (apart + alike + apart).map {
            matchedByAddress(first: $0.0, second: $0.1, view: $0.2, broken: $0.3)
        }.joined()
        XCTAssertEqual(Set(ConsoleLogParser.parse(text).map(\.signature)).count, 2)
        assertSummaryMatchesFullRead(text)
    }

    func test_aConflictRepeatedWithFreshAddressesAndTitles_isTakenFromItsBlock() {
        let text = (1...6).map { index in
            let label = "0x\(String(0x7f3a00 + index * 977, radix: 16))\(index % 2 == 0 ? "1f" : "")"
            return conflict(listed: ["<NSLayoutConstraint:0x\(index)a0 UILabel:\(label)'Item \(index * 7)'.width == 40   (active)>",
                                     "<NSLayoutConstraint:0x\(index)b0 UILabel:\(label)'Item \(index * 7)'.width == 60   (active)>"],
                            broken: "<NSLayoutConstraint:0x\(index)b0 UILabel:\(label)'Item \(index * 7)'.width == 60   (active)>")
        }.joined()
        XCTAssertEqual(assertSummaryMatchesFullRead(text), 4, "every block after the second is taken from the table")
    }

    /// Identifiers reach the signature, so they stay in a block's key.
    func test_blocksWithOtherIdentifiers_areSignedApart() {
        let text = (1...6).map { index in
            conflict(listed: ["<NSLayoutConstraint:0x\(index)a0 'cell-\(index % 2)' UIView:0x\(index)c0.width == 40   (active)>",
                              "<NSLayoutConstraint:0x\(index)b0 UIView:0x\(index)c0.width == 60   (active)>"],
                     broken: "<NSLayoutConstraint:0x\(index)b0 UIView:0x\(index)c0.width == 60   (active)>")
        }.joined()
        XCTAssertEqual(Set(ConsoleLogParser.parse(text).map(\.signature)).count, 2)
        XCTAssertEqual(assertSummaryMatchesFullRead(text), 2)
    }

    /// A title inside an identifier's conflict whose text reaches a reading
    /// (a layout guide's) is never abstracted: guides keep their titles.
    func test_aLayoutGuidesTitle_staysInTheKey() {
        let text = ["UIViewSafeAreaLayoutGuide", "Custom", "UIViewSafeAreaLayoutGuide", "Custom"].enumerated().map {
            conflict(listed: ["<NSLayoutConstraint:0x\($0.offset)a0 UILayoutGuide:0x\($0.offset)c0'\($0.element)'.top == UIView:0x\($0.offset)d0.top   (active)>",
                              "<NSLayoutConstraint:0x\($0.offset)b0 UIView:0x\($0.offset)d0.height == 60   (active)>"],
                     broken: "<NSLayoutConstraint:0x\($0.offset)b0 UIView:0x\($0.offset)d0.height == 60   (active)>")
        }.joined()
        assertSummaryMatchesFullRead(text)
    }

    func test_conflictCheckedByAnotherThread_isTakenFromTheSharedTable_asAFullReadSignsIt() {
        // One thread's caches meet a block twice, check it and share it; another thread's, sharing
        // the table, meet a block with the same key once (other addresses) and take it from there.
        let shared = SharedConflictBlocks()
        let one = matchedByAddress(first: "0x7f8e1c20", second: "0x7f8e1c40", view: "0x7f8e1c30", broken: "0x7f8e1c20")
        let again = matchedByAddress(first: "0x6000a10", second: "0x6000a20", view: "0x6000a18", broken: "0x6000a10")
        let first = summarized(one + again, caches: SummarizingCaches(sharing: shared))
        XCTAssertEqual(first.hits, 0, "the second block was checked, not yet taken from the table")
        let other = matchedByAddress(first: "0x10", second: "0x12", view: "0x11", broken: "0x10")
        let secondCaches = SummarizingCaches(sharing: shared)
        let second = summarized(other, caches: secondCaches)
        XCTAssertEqual(second.signatures, ConsoleLogParser.parse(other).map(\.signature))
        XCTAssertEqual(second.owners, ConsoleLogParser.parse(other).map { ConflictTriage.owner(of: $0) })
        XCTAssertEqual(second.signatures, Array(first.signatures.prefix(1)))
        XCTAssertEqual(secondCaches.lines.lines, 0, "no line read: the conflict came from the shared table")
    }

    func test_blockOfAnotherKey_isNotTakenFromTheSharedTable() {
        // The broken constraint names the second listed one here, the first there: keys apart.
        let shared = SharedConflictBlocks()
        let first = matchedByAddress(first: "0x7f8e1c20", second: "0x7f8e1c40", view: "0x7f8e1c30", broken: "0x7f8e1c20")
        let again = matchedByAddress(first: "0x6000a10", second: "0x6000a20", view: "0x6000a18", broken: "0x6000a10")
        _ = summarized(first + again, caches: SummarizingCaches(sharing: shared))
        let other = matchedByAddress(first: "0x10", second: "0x12", view: "0x11", broken: "0x12")
        let second = summarized(other, caches: SummarizingCaches(sharing: shared))
        XCTAssertEqual(second.signatures, ConsoleLogParser.parse(other).map(\.signature))
        XCTAssertNotEqual(second.signatures, ConsoleLogParser.parse(first).map(\.signature))
    }
}
