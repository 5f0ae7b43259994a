#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - PastedTextRepair

/// Undoes, one constraint line at a time, what a web page does to a pasted
/// console log, so the line reads as UIKit or AppKit printed it.
///
/// - Markdown takes `<NSLayoutConstraint:0x… …>` for an HTML tag and drops
///   the brackets (often the quotes too): the constraint starts at a class
///   named `…Constraint` followed by `:0x`, with no `<` before it.
/// - Blogs make quotes typographic: `“ ”` around a list item are `"`, `‘`
///   is `'`, and `’` is `'` except between two letters, where it is an
///   apostrophe a title may really hold (`'Don’t'` on the "breaking" line,
///   which prints non-ASCII as it is).
/// - Pages show HTML entities: `&lt; &gt; &quot; &#39; &apos; &amp;
///   &nbsp;` and numeric ones below 128, and keep runs of spaces as
///   non-breaking ones (U+00A0).
/// - A line may lose its whole `"<NSLayoutConstraint:` and start at the
///   constraint's address (`classlessOpening`, `reopened`), and a Markdown
///   renderer writes a name's `_` as `*` (`underscored`): both in
///   `PastedTextRepair+Names.swift`.
///
/// Only lines the envelope already takes for constraints come here, and a
/// line without `&`, a typographic quote, a `*` or a missing `<` is not
/// copied, so a log that was not damaged costs three `memchr` per
/// constraint line.
enum PastedTextRepair {
    /// A repaired line and what was repaired in it.
    struct Repaired {
        /// The line's bytes after repair.
        var bytes: [UInt8]
        /// One count per kind of repair made in the line.
        var repairs: PasteRepairs
    }

    /// The line `text[start..<end]` with its damage undone, or `nil` when it
    /// has none (the line is then read as it is).
    static func repaired(_ text: ByteText, _ start: Int, _ end: Int) -> Repaired? {
        var repairs = PasteRepairs()
        var bytes: [UInt8]
        if hasMarks(text, start, end) {
            bytes = decoded(text, start, end, &repairs)
        } else if ConstraintLine.find(text, start, end, strict: false) == nil
                    ? bareOpening(text, start, end) != nil || classlessOpening(text, start, end) != nil
                    : holdsStar(text, start, end) {
            bytes = Array(UnsafeBufferPointer(start: text.base + start, count: end - start))
        } else {
            return nil
        }
        // Underscores first: `_UILayoutSupportConstraint` is a class only with its `_` back.
        if underscored(&bytes) { repairs.starredUnderscoreLines = 1 }
        if bracketed(&bytes) {
            repairs.unbracketedLines = 1
        } else if reopened(&bytes) {
            repairs.classlessLines = 1
        }
        return repairs.isEmpty ? nil : Repaired(bytes: bytes, repairs: repairs)
    }

    /// A constraint that lost its `<`: a class whose name ends in
    /// `Constraint`, then `:0x` or `: 0x`, with no class-name byte before it.
    /// `ConstraintLine.find` is asked first; this is for the lines it misses.
    static func bareOpening(_ text: ByteText, _ start: Int, _ end: Int) -> ConstraintLine.Opening? {
        var search = start
        while let hit = text.firstIndex(of: "Constraint:", from: search, to: end) {
            search = hit + 1
            let colon = hit + 10
            guard text.has("0x", at: colon + 1) || text.has(" 0x", at: colon + 1) else { continue }
            var classStart = hit
            while classStart > start, ByteClass.isClassName(text[classStart - 1]) { classStart -= 1 }
            return .constraint(start: classStart, end: end, quoted: false, named: true)
        }
        return nil
    }

    // MARK: - Marks

    /// Whether the line holds a byte that may start damage: `&`, the first
    /// byte of a typographic quote (`E2 80 98`…`9D`) or of a non-breaking
    /// space (`C2 A0`).
    private static func hasMarks(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        text.firstIndex(of: UInt8(ascii: "&"), from: start, to: end) != nil
            || text.firstIndex(of: 0xE2, from: start, to: end) != nil
            || text.firstIndex(of: 0xC2, from: start, to: end) != nil
    }

    /// The line with typographic quotes and HTML entities replaced, counting
    /// the lines that held each.
    private static func decoded(_ text: ByteText, _ start: Int, _ end: Int, _ repairs: inout PasteRepairs) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(end - start)
        var quotes = false, entities = false, spaces = false
        let singleQuotesTurned = holdsLeftSingleQuote(text, start, end)
        var index = start
        while index < end {
            if index + 1 < end, text[index] == 0xC2, text[index + 1] == 0xA0 {
                bytes.append(0x20)
                index += 2
                spaces = true
            } else if let quote = typographicQuote(text, index, end, after: bytes,
                                                   singleQuotesTurned: singleQuotesTurned) {
                bytes.append(quote)
                index += 3
                quotes = true
            } else if let entity = htmlEntity(text, index, end) {
                bytes.append(entity.byte)
                index = entity.next
                entities = true
            } else {
                bytes.append(text[index])
                index += 1
            }
        }
        if quotes { repairs.typographicQuoteLines = 1 }
        if entities { repairs.htmlEntityLines = 1 }
        if spaces { repairs.nonBreakingSpaceLines = 1 }
        return bytes
    }

    /// `"` or `'` for a typographic quote at `index`, or `nil`. A title may
    /// hold its own (the "breaking" line prints them as they are: `'Don’t'`,
    /// `'“Hi” there'`), so only quotes where the log's own stand are read:
    /// `“` opening a list item and `”` closing one (before `,` or the line
    /// end, or after `>`); `‘` always; `’` never between two letters, and
    /// otherwise where a log's `'` stands: when the line also holds a `‘` (a
    /// typographer turned its quotes), after an address (a title opens),
    /// or before `.`, `]`, `)`, `(`, `:`, `,`, `'` or the line end (a title
    /// or a name closes).
    private static func typographicQuote(_ text: ByteText, _ index: Int, _ end: Int, after output: [UInt8],
                                         singleQuotesTurned: Bool) -> UInt8? {
        guard index + 3 <= end, text[index] == 0xE2, text[index + 1] == 0x80 else { return nil }
        let previous = output.last
        switch text[index + 2] {
        case 0x9C:
            let opensItem = previous.map { ByteClass.isBlank($0) || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: ",") }
            return opensItem ?? true ? UInt8(ascii: "\"") : nil
        case 0x9D:
            let closesItem = previous == UInt8(ascii: ">") || onlyCommasAndBlanks(text, index + 3, end)
            return closesItem ? UInt8(ascii: "\"") : nil
        case 0x98: return UInt8(ascii: "'")
        case 0x99:
            let next: UInt8? = index + 3 < end ? text[index + 3] : nil
            if previous.map(isLetter) == true, next.map(isLetter) == true { return nil }
            let closes = next.map { Array(".])(:,'".utf8).contains($0) } ?? true
            return singleQuotesTurned || closes || followsAddress(output) ? UInt8(ascii: "'") : nil
        default: return nil
        }
    }

    /// Whether `output` ends in `0x` and hexadecimal digits: a title's quote
    /// comes right after its item's address.
    private static func followsAddress(_ output: [UInt8]) -> Bool {
        var index = output.count
        while index > 0, ByteClass.isHexDigit(output[index - 1]) { index -= 1 }
        return index < output.count && index >= 2 && output[index - 1] == UInt8(ascii: "x") && output[index - 2] == UInt8(ascii: "0")
    }

    /// Whether the line holds a `‘`, which UIKit never prints unescaped in a
    /// list and a typographer puts at every opening single quote.
    private static func holdsLeftSingleQuote(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        var search = start
        while let lead = text.firstIndex(of: 0xE2, from: search, to: end) {
            if lead + 2 < end, text[lead + 1] == 0x80, text[lead + 2] == 0x98 { return true }
            search = lead + 1
        }
        return false
    }

    private static func onlyCommasAndBlanks(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end, ByteClass.isBlank(text[index]) || text[index] == UInt8(ascii: ",") { index += 1 }
        return index == end
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// The character an HTML entity at `index` stands for (ASCII only), and
    /// the index after its `;`.
    private static func htmlEntity(_ text: ByteText, _ index: Int, _ end: Int) -> (byte: UInt8, next: Int)? {
        guard text[index] == UInt8(ascii: "&"),
              let semicolon = text.firstIndex(of: UInt8(ascii: ";"), from: index + 1, to: min(end, index + 8)) else {
            return nil
        }
        let name = text.string(index + 1, semicolon)
        let named: [String: UInt8] = ["lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "amp": 0x26, "nbsp": 0x20]
        if let byte = named[name] { return (byte, semicolon + 1) }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt8(digits.dropFirst(), radix: 16) : UInt8(digits, radix: 10)
        guard let value, value > 0, value < 0x80 else { return nil }
        return (value, semicolon + 1)
    }

    // MARK: - Brackets

    /// Puts back the `<…>` of a constraint that lost them, in place: `<`
    /// before its class, `>` after its last character (trailing blanks,
    /// `,`, quotes and a final `.` are the list's and the sentence's, not the
    /// constraint's). Returns whether it did.
    private static func bracketed(_ bytes: inout [UInt8]) -> Bool {
        let found: ConstraintLine.Opening?? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let text = ByteText(base: base, count: buffer.count)
            guard ConstraintLine.find(text, 0, buffer.count, strict: false) == nil else { return nil }
            return .some(bareOpening(text, 0, buffer.count))
        }
        guard case .constraint(let start, _, _, _)?? = found else { return false }
        var end = bytes.count
        while end > start, [0x20, 0x09, 0x0D, UInt8(ascii: ","), UInt8(ascii: "\"")].contains(bytes[end - 1]) {
            end -= 1
        }
        if end > start + 1, bytes[end - 1] == UInt8(ascii: "."), bytes[end - 2] != UInt8(ascii: ".") { end -= 1 }
        bytes.removeSubrange(end...)
        bytes.append(UInt8(ascii: ">"))
        bytes.insert(UInt8(ascii: "<"), at: start)
        // `\U2019` shows the list quoted the line, as `NSArray` quotes text
        // it escapes; the quote goes back so the escape is undone.
        if bytes.contains(UInt8(ascii: "\\")), start == 0 || bytes[start - 1] != UInt8(ascii: "\"") {
            bytes.insert(UInt8(ascii: "\""), at: start)
        }
        return true
    }
}
