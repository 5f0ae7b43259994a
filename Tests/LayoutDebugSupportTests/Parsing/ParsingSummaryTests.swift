import Foundation
@testable import LayoutDebugSupport
import XCTest

/// `layout-explain --summary` reads a conflict whose text repeats an earlier
/// one with new addresses from a cache. These tests hold it to the promise
/// that it counts exactly what a full read counts, with texts where the
/// addresses do change what the conflict says.
final class ParsingSummaryTests: XCTestCase {
    private func conflict(listed: [String], broken: String) -> String {
        """
        App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
        (
        \(listed.map { "    \"\($0)\"" }.joined(separator: ",\n"))
        )

        Will attempt to recover by breaking constraint
        \(broken)

        """
    }

    private func summarized(_ text: String) -> [String] {
        var parser = ConsoleLogParser(summarizing: true)
        var signatures: [String] = []
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { parser.consume($0) { signatures.append($0.signature ?? "") } }
        parser.finish { signatures.append($0.signature ?? "") }
        return signatures
    }

    private func assertSummaryMatchesFullRead(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let full = ConsoleLogParser.parse(text).map(\.signature)
        XCTAssertEqual(full.count, 2, "the text should hold two conflicts", file: file, line: line)
        XCTAssertNotEqual(full.first, full.last, "the two conflicts should differ", file: file, line: line)
        XCTAssertEqual(summarized(text), full, file: file, line: line)
    }

    /// Two conflicts with one list, whose broken lines differ only in their
    /// own address: `first` names a listed constraint, `second` does not.
    private func brokenLines(first: String, second: String) -> String {
        let listed = ["<NSLayoutConstraint:0x10 'listed' UIView:0x11.width == 10   (active)>",
                      "<NSLayoutConstraint:0x12 UIView:0x11.width == 20   (active)>"]
        return conflict(listed: listed, broken: "<NSLayoutConstraint:\(first) 'own' UIView:0x11.width == 10   (active)>")
            + conflict(listed: listed, broken: "<NSLayoutConstraint:\(second) 'own' UIView:0x11.width == 10   (active)>")
    }

    /// The broken line is matched to a listed constraint by address, so
    /// whether it names a listed constraint is decided by addresses alone.
    func test_aBrokenConstraintMatchedByAddress_isNotConfusedWithOneThatIsNot() {
        assertSummaryMatchesFullRead(brokenLines(first: "0x10", second: "0x13"))
    }

    /// Two conflicts that differ only in the address inside an identifier.
    private func identifiers(_ first: String, _ second: String) -> String {
        [first, second].map { tag in
            conflict(listed: ["<NSLayoutConstraint:0x10 'tag:\(tag)' UIView:0x11.width == 10   (active)>",
                              "<NSLayoutConstraint:0x12 UIView:0x11.width == 20   (active)>"],
                     broken: "<NSLayoutConstraint:0x12 UIView:0x11.width == 20   (active)>")
        }.joined()
    }

    /// Hex digits after `:0x` inside an identifier are part of the signature.
    func test_anIdentifierHoldingAnAddress_keepsItsDigits() {
        assertSummaryMatchesFullRead(identifiers("0x1", "0x2"))
    }

    /// A run of zeros is an address too (found by the fuzzer: a check that
    /// changed every digit but `0` missed it).
    func test_anIdentifierHoldingAZeroAddress_keepsItsDigits() {
        assertSummaryMatchesFullRead(identifiers("0x0", "0x1"))
    }

    /// An unquoted `names:` key may hold `:0x` and digits, and the key is the
    /// class the body's item gets.
    func test_aNamesKeyHoldingAnAddress_keepsItsDigits() {
        let first = "<NSLayoutConstraint:0x10 V:|-(8)-[k:0x1a]   (active, names: k:0x1a:0x20, '|':UIView:0x21 )>"
        let second = "<NSLayoutConstraint:0x10 V:|-(8)-[k:0x1b]   (active, names: k:0x1b:0x20, '|':UIView:0x21 )>"
        let other = "<NSLayoutConstraint:0x12 UIView:0x20.top == UIView:0x21.top   (active)>"
        let text = conflict(listed: [first, other], broken: other) + conflict(listed: [second, other], broken: other)
        assertSummaryMatchesFullRead(text)
    }

    /// A `names:` key is matched by its text, so `0xab` and `0xAB`, one
    /// address to a broken-constraint match, are two names.
    func test_aNamesKeyMatchedByItsSpelling_isNotConfusedWithOneInOtherCapitals() {
        func visual(_ key: String, _ use: String) -> String {
            "<NSLayoutConstraint:0x10 V:|-(8)-[\(use)]   (active, names: \(key):0x20, '|':UIView:0x21 )>"
        }
        let other = "<NSLayoutConstraint:0x12 UIView:0x20.top == UIView:0x21.top   (active)>"
        let text = conflict(listed: [visual("k:0xab", "k:0xAB"), other], broken: other)
            + conflict(listed: [visual("k:0xcd", "k:0xcd"), other], broken: other)
        assertSummaryMatchesFullRead(text)
    }

    /// Leading zeros make a different text with the same address: a full
    /// read matches the broken constraint by value.
    func test_anAddressWithLeadingZeros_matchesTheSameConstraint() {
        assertSummaryMatchesFullRead(brokenLines(first: "0x010", second: "0x013"))
    }

    /// The point of the cache: a storm of one conflict with fresh addresses
    /// is read once and counted every time. The first conflict, read line by
    /// line, has an id of its own; its block, once a copy with other
    /// addresses reads the same, is kept (`ConflictBlockCache`) under an id
    /// every later one shares.
    func test_aConflictRepeatedWithNewAddresses_sharesOneShape() {
        var text = ""
        for index in 0..<6 {
            let a = String(0x7f00 + 4 * index, radix: 16), b = String(0x7f01 + 4 * index, radix: 16)
            let c = String(0x7f02 + 4 * index, radix: 16)
            text += conflict(listed: ["<NSLayoutConstraint:0x\(a) UIView:0x\(c).width == 10   (active)>",
                                      "<NSLayoutConstraint:0x\(b) UIView:0x\(c).width == 20   (active)>"],
                             broken: "<NSLayoutConstraint:0x\(b) UIView:0x\(c).width == 20   (active)>")
        }
        var parser = ConsoleLogParser(summarizing: true)
        var shapes: [Int?] = []
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { parser.consume($0) { shapes.append($0.shape) } }
        parser.finish { shapes.append($0.shape) }
        XCTAssertEqual(Set(shapes).count, 2)
        XCTAssertEqual(Set(shapes.dropFirst()).count, 1)
        XCTAssertEqual(summarized(text), ConsoleLogParser.parse(text).map(\.signature))
    }

    /// A line whose key leaves its plain identifier out shares one reading
    /// with every line like it; each is given its own identifier when its
    /// conflict is signed, and with it the owner that identifier gives:
    /// UIKit's encapsulated height of 0 makes its conflict transient, and the
    /// next line with an app's identifier is the app's again.
    func test_aSharedLineGivenAnotherIdentifier_takesThatIdentifiersOwner() {
        let identifiers = ["cell-1", "cell-2", "UIView-Encapsulated-Layout-Height", "cell-3"]
        let text = identifiers.enumerated().map { index, identifier in
            let view = String(0x7f10 + index, radix: 16), first = String(0x7e10 + index, radix: 16)
            let own = "<NSLayoutConstraint:0x\(first) '\(identifier)' UIView:0x\(view).height == 0   (active)>"
            return conflict(listed: [own, "<NSLayoutConstraint:0x12 UIView:0x\(view).height == 20   (active)>"],
                            broken: "<NSLayoutConstraint:0x12 UIView:0x\(view).height == 20   (active)>")
        }.joined()
        let full = ConsoleLogParser.parse(text)
        let summary = summarizedConflicts(text)
        XCTAssertEqual(summary.map(\.signature), full.map(\.signature))
        XCTAssertTrue(summary[2].signature.contains("'UIView-Encapsulated-Layout-Height' UIView.height == 0"))
        XCTAssertEqual(summary.map(\.owner), [.yours, .yours, .transient, .yours])
        XCTAssertEqual(summary.map(\.owner), full.map { ConflictTriage.classify($0).owner })
    }

    /// A line naming more views than the line key first makes room for
    /// (sixteen address runs) is keyed and shared like any other.
    func test_aLineWithManyAddresses_summarizesLikeAFullRead() {
        let text = (0..<3).map { round in
            let names = (0..<20).map { "v\($0):UIView:0x\(String(0x5000 + 64 * round + $0, radix: 16))" }
                .joined(separator: ", ")
            let first = String(0x6000 + round, radix: 16)
            return conflict(listed: ["<NSLayoutConstraint:0x\(first) V:[v0]-(8)-[v1]   (active, names: \(names) )>",
                                     "<NSLayoutConstraint:0x12 UIView:0x1.height == 20   (active)>"],
                            broken: "<NSLayoutConstraint:0x12 UIView:0x1.height == 20   (active)>")
        }.joined()
        let full = ConsoleLogParser.parse(text)
        XCTAssertEqual(full.count, 3)
        XCTAssertEqual(Set(full.map(\.signature)).count, 1, "the three differ only in their addresses")
        XCTAssertEqual(summarized(text), full.map(\.signature))
    }

    // MARK: - Varied consoles

    /// A small deterministic generator (SplitMix64), so a failure names its seed.
    private struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ z >> 30) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ z >> 27) &* 0x94D0_49BB_1331_11EB
            return z ^ z >> 31
        }
        mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func hex(_ digits: Int) -> String {
            String((0..<digits).map { _ in "0123456789abcdef".randomElement(using: &self)! })
        }
    }

    /// The corpus's conflicts as a varied console prints them: every address
    /// fresh for each conflict with 1 to 16 digits (widths mixed within one
    /// conflict), now and then identifiers holding numbers or an address,
    /// some conflicts cut mid-list, and conflicts repeated.
    private func variedConsole(seed: UInt64) throws -> String {
        var random = Seeded(state: seed)
        let blocks = try ParsingCorpus.names().map { try ParsingCorpus.enveloped($0, brokenIndex: 0).text }
        let address = try NSRegularExpression(pattern: ":0x[0-9a-f]+")
        let unnamed = try NSRegularExpression(pattern: "(<NSLayoutConstraint:0x[0-9a-f]+) (?!')")
        let labelTitle = try NSRegularExpression(pattern: "(UI(Label|Button):0x[0-9a-f]+)'[^']*'")
        let guideTitle = try NSRegularExpression(pattern: "(UILayoutGuide:0x[0-9a-f]+)'[^']*'")
        let encapsulated = try NSRegularExpression(pattern: "'UIView-Encapsulated-Layout-(Width|Height)'")
        var text = ""
        for _ in 0..<60 {
            var block = blocks[random.next(blocks.count)]
            var fresh: [String: String] = [:]
            for match in address.matches(in: block, range: NSRange(block.startIndex..., in: block)).reversed() {
                let range = Range(match.range, in: block)!
                let old = String(block[range])
                if fresh[old] == nil { fresh[old] = ":0x" + random.hex(1 + random.next(16)) }
                block.replaceSubrange(range, with: fresh[old]!)
            }
            switch random.next(4) {
            case 0: // an identifier with numbers in it, as a cell's
                let tag = "'cell-0x\(random.hex(4))-\(random.next(1000))' "
                block = unnamed.stringByReplacingMatches(in: block, range: NSRange(block.startIndex..., in: block),
                                                         withTemplate: "$1 " + tag)
            case 1: // an identifier holding an address, which the signature keeps
                let tag = "'tag:0x\(random.hex(1 + random.next(3)))' "
                block = unnamed.stringByReplacingMatches(in: block, range: NSRange(block.startIndex..., in: block),
                                                         withTemplate: "$1 " + tag)
            default:
                break
            }
            // Titles that differ from block to block: a label's count (a
            // parameter of its line's reading), and a layout guide's name,
            // which makes it a system guide or the app's.
            if random.next(2) == 0 {
                let title = ["'Item \(random.next(500)) of 0x\(random.hex(3))'", "'\(random.next(99))'",
                             "'Don-t_\(random.hex(2))'", "'a: 0x\(random.hex(2))'"][random.next(4)]
                block = labelTitle.stringByReplacingMatches(in: block, range: NSRange(block.startIndex..., in: block),
                                                            withTemplate: "$1" + title)
            }
            if random.next(3) == 0 {
                let title = ["'UIViewSafeAreaLayoutGuide'", "'Item Guide \(random.next(9))'"][random.next(2)]
                block = guideTitle.stringByReplacingMatches(in: block, range: NSRange(block.startIndex..., in: block),
                                                            withTemplate: "$1" + title)
            }
            // UIKit's identifiers, which the triage reads, or an app's in their
            // place: a parameter of a line's reading, each line given its own.
            if random.next(3) == 0 {
                let identifier = ["'_UITemporaryLayoutWidth'", "'cell-\(random.next(9))'",
                                  "'UIView-Encapsulated-Layout-$1'"][random.next(3)]
                block = encapsulated.stringByReplacingMatches(in: block,
                                                              range: NSRange(block.startIndex..., in: block),
                                                              withTemplate: identifier)
            }
            if random.next(6) == 0, let cut = block.range(of: "\n    \"<", options: .backwards) {
                block = String(block[..<cut.lowerBound]) + "\n"
            }
            text += block + String(repeating: "[Network] GET /v1/items?page=12 200 (35 ms)\n", count: random.next(3))
        }
        return text
    }

    /// The line cache (lines read once, of any address width, plain title or
    /// identifier) counts what a full read counts, conflict by conflict, on
    /// consoles as varied as real ones: owners included where a layout guide's
    /// title or an identifier decides.
    func test_aVariedConsole_summarizesLikeAFullRead() throws {
        for seed: UInt64 in 0..<4 {
            let text = try variedConsole(seed: seed)
            let full = ConsoleLogParser.parse(text)
            let summary = summarizedConflicts(text)
            XCTAssertGreaterThan(full.count, 50, "seed \(seed)")
            XCTAssertEqual(summary.map(\.signature), full.map(\.signature), "seed \(seed)")
            XCTAssertEqual(summary.map(\.snapshot.isRedacted), full.map(\.isRedacted), "seed \(seed)")
            // Each owner, worked out from the lines' evidence, is the full read's triage.
            XCTAssertEqual(summary.map(\.owner), full.map { ConflictTriage.classify($0).owner }, "seed \(seed)")
            XCTAssertEqual(Set(summary.map(\.owner)), [.yours, .system, .transient], "seed \(seed)")
            XCTAssertGreaterThan(Set(summary.compactMap(\.shape)).count, 1, "seed \(seed)")
        }
    }

    private func summarizedConflicts(_ text: String)
        -> [(signature: String, shape: Int?, owner: ConflictOwner?, snapshot: ConflictSnapshot)] {
        var parser = ConsoleLogParser(summarizing: true)
        var found: [(signature: String, shape: Int?, owner: ConflictOwner?, snapshot: ConflictSnapshot)] = []
        let bytes = Array(text.utf8)
        let add = { (parsed: ParsedConflict) in found.append((parsed.signature ?? "", parsed.shape, parsed.owner, parsed.snapshot)) }
        bytes.withUnsafeBufferPointer { parser.consume($0, emit: add) }
        parser.finish(emit: add)
        return found
    }
}
