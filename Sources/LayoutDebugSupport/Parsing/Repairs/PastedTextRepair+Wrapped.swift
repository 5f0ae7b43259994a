#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Wrapped constraint lines

/// A constraint line that a mail client or a web page wrapped, held while
/// its continuation lines are joined back onto it.
///
/// UIKit prints each constraint on one line, and the constraint closes with
/// the `>` that follows its info (`(active)>`). A line that opens a
/// constraint (`<` and a class) and holds no `>` after it but a relation's
/// `>=` is its head: the rest follows on the next lines, the last of them
/// ending in the `>` (`400   (active)>",`, `(active, names: '|':UIView:0x… )>",`).
/// A line in between (a middle) holds constraint text but no `>`; one that
/// reads as prose (`PastedProse`) is no part of a constraint. A mail client
/// quoting the text puts its `> ` before every line it wrapped, so the
/// head's prefix is taken off each continuation first.
///
/// Only a tail makes the lines one constraint. Until it comes, the middles
/// are kept as they were printed: when something else comes instead, the
/// head is read alone and the middles as the lines they were
/// (`ConsoleLogParser.settleWrapped`), so a head that no tail closes
/// leaves the log read as it was without the joining.
///
/// A class: the parser holds one rarely, and a reference keeps the parser's
/// own state, read on every line, one word larger rather than seven.
final class WrappedConstraintLine {
    /// What a continuation line is to the head above it.
    enum Continuation {
        /// Constraint text with no closing `>`: more follows.
        case middle
        /// The constraint's rest, ending in its closing `>` and the list's `",`.
        case tail
    }

    /// The head and the continuations joined so far, one blank between each.
    private var bytes: [UInt8]
    /// The head's length in `bytes`.
    private let headCount: Int
    /// The middles as printed (trimmed), and the line number each was on.
    private(set) var middles: [(bytes: [UInt8], line: Int)] = []
    /// The head's text before its constraint (`> `, `// `), without blanks and quotes.
    private let prefix: [UInt8]
    /// Whether the head is the constraint UIKit broke.
    let isBroken: Bool
    /// The continuation lines joined.
    private(set) var joinedLines = 0
    /// Whether a tail has closed the constraint.
    private(set) var isClosed = false

    /// Most middle lines held for one head: a constraint prints about 200
    /// characters, six lines at a narrow mail client's 40 columns.
    static let maximumMiddles = 6

    /// The head of a wrapped constraint at `text[start..<end]`, or `nil` when
    /// the line is whole.
    static func head(_ text: ByteText, _ start: Int, _ end: Int, isBroken: Bool) -> WrappedConstraintLine? {
        guard let (open, quoted) = headOpening(text, start, end) else { return nil }
        return WrappedConstraintLine(text, start, end, open: open, quoted: quoted, isBroken: isBroken)
    }

    private init(_ text: ByteText, _ start: Int, _ end: Int, open: Int, quoted: Bool, isBroken: Bool) {
        bytes = Array(UnsafeBufferPointer(start: text.base + start, count: end - start))
        headCount = bytes.count
        var prefixEnd = quoted ? open - 1 : open
        while prefixEnd > start, ByteClass.isBlank(text[prefixEnd - 1]) { prefixEnd -= 1 }
        prefix = Array(UnsafeBufferPointer(start: text.base + start, count: prefixEnd - start))
        self.isBroken = isBroken
    }

    /// Whether `text[start..<end]` opens a constraint that the line does not close.
    static func isHead(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        headOpening(text, start, end) != nil
    }

    /// Where the constraint a head opens starts (its `<`), and whether a `"`
    /// stands before it; `nil` when the line is no head.
    private static func headOpening(_ text: ByteText, _ start: Int, _ end: Int) -> (open: Int, quoted: Bool)? {
        guard !endsInClosing(text, start, end) else { return nil }
        let last = contentEnd(text, start, end)
        guard last > start, text[last - 1] != UInt8(ascii: ">"),
              case .constraint(let open, _, let quoted, _)? = ConstraintLine.find(text, start, end, strict: false),
              !holdsClosing(text, open, end) else { return nil }
        return (open, quoted)
    }

    /// Joins the line `text[start..<end]` (trimmed, holding no keyword and no
    /// constraint opening), number `line`, when it continues the head;
    /// returns whether it did.
    func join(_ text: ByteText, _ start: Int, _ end: Int, line: Int) -> Bool {
        var from = start
        if !prefix.isEmpty, end - start >= prefix.count,
           prefix.withUnsafeBufferPointer({ memcmp(text.base + start, $0.baseAddress!, prefix.count) }) == 0 {
            from += prefix.count
        }
        (from, _) = text.trimmed(from, end)
        guard let continuation = Self.continuation(text, from, end) else { return false }
        if continuation == .middle {
            guard middles.count < Self.maximumMiddles, !PastedProse.isProse(text, from, end) else { return false }
            middles.append((Array(UnsafeBufferPointer(start: text.base + start, count: end - start)), line))
        }
        bytes.append(0x20)
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.base + from, count: end - from))
        joinedLines += 1
        isClosed = continuation == .tail
        return true
    }

    /// What `text[start..<end]` would be after a head: `nil` when it holds a
    /// `<` or `>` that is no relation's (`<=`, `>=`) and not the final `>`,
    /// or is a list's bracket or an elision, which no constraint's text is.
    static func continuation(_ text: ByteText, _ start: Int, _ end: Int) -> Continuation? {
        let last = contentEnd(text, start, end)
        guard last > start, !ConsoleLogParser.isBracket(text, start, end, UInt8(ascii: "(")),
              !ConsoleLogParser.isBracket(text, start, end, UInt8(ascii: ")")) else { return nil }
        var index = start
        var holdsText = false
        while index < last {
            let byte = text[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
                if index + 1 < last, text[index + 1] == UInt8(ascii: "=") {
                    index += 2
                    holdsText = true
                    continue
                }
                // The closing `>` ends the tail; it must close something, not stand alone.
                return byte == UInt8(ascii: ">") && index == last - 1 && holdsText ? .tail : nil
            }
            if text.has("...", at: index) || text.has("…", at: index) { return nil }
            if !ByteClass.isBlank(byte) { holdsText = true }
            index += 1
        }
        return .middle
    }

    /// Whether `text[start..<end]` is a constraint's tail standing alone, as
    /// it does where no head above it can take it: `(active)>",`.
    static func isTail(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        continuation(text, start, end) == .tail
    }

    /// Calls `body` with the joined text when a tail closed it, else with
    /// the head alone, and its length (a `0` after it, as `ByteText` readers expect).
    func withText(_ body: (ByteText, Int) -> Void) {
        if !isClosed { bytes.removeSubrange(headCount...) }
        ByteText.withTerminated(&bytes, body)
    }

    // MARK: - Line ends

    /// Whether the trimmed line ends as nearly every constraint line does,
    /// in `>`, `>"` or `>",`: asked of each constraint line before `head`.
    @inline(__always) static func endsInClosing(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        var last = end - 1
        if last > start, text[last] == UInt8(ascii: ",") { last -= 1 }
        if last > start, text[last] == UInt8(ascii: "\"") { last -= 1 }
        return last >= start && text[last] == UInt8(ascii: ">")
    }

    /// The index after the line's last byte that is not the list's or a
    /// page's closing (blanks, `,`, `"`, `”`, Markdown's `*`, a sentence's `.`).
    private static func contentEnd(_ text: ByteText, _ start: Int, _ end: Int) -> Int {
        var last = end
        while last > start {
            let byte = text[last - 1]
            if ByteClass.isBlank(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"")
                || byte == UInt8(ascii: "*") || byte == UInt8(ascii: ".") || byte == 0x0D {
                last -= 1
            } else if last - start >= 3, text.has("”", at: last - 3) {
                last -= 3
            } else {
                break
            }
        }
        return last
    }

    /// Whether a `>` that is no relation's `>=` follows `open`: the constraint closes on its line.
    private static func holdsClosing(_ text: ByteText, _ open: Int, _ end: Int) -> Bool {
        var search = open
        while let close = text.firstIndex(of: UInt8(ascii: ">"), from: search, to: end) {
            if close + 1 >= end || text[close + 1] != UInt8(ascii: "=") { return true }
            search = close + 1
        }
        return false
    }
}
