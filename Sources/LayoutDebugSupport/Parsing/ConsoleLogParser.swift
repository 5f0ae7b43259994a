// MARK: - ParsedConflict

/// One conflict found in a console log, and where it was.
public struct ParsedConflict: Sendable {
    /// The conflict, as the live sources would describe it.
    public var snapshot: ConflictSnapshot
    /// The 1-based line where the conflict starts.
    public var firstLine: Int
    /// The 1-based line where it ends.
    public var lastLine: Int
}

// MARK: - ConsoleLogParser

/// Turns console text into `ConflictSnapshot`s, one line at a time.
///
/// Feed it whole lines with `consume(_:emit:)` (any number of calls) and call
/// `finish(emit:)` at the end; each conflict is emitted as soon as it is
/// complete. The parser holds only the conflict being read, so memory does not
/// grow with the input, and every line is looked at once, so time is linear.
///
/// The envelope is read with a small state machine rather than by matching
/// whole blocks: headers may be trimmed, lists may lack their parentheses,
/// logs may run back to back, and any line may carry a prefix.
public struct ConsoleLogParser {
    enum State { case idle, header, explicitList, implicitList, afterList, expectBroken }

    var state = State.idle
    var conflict = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [])
    var hasHeader = false
    var constraintLines = 0
    var droppedLines = 0
    var firstLine = 0
    var lineNumber = 0
    var ordinal = 0
    let interner = StringInterner()

    /// Most constraint lines kept for one conflict; the rest are counted, so a
    /// pathological list cannot make memory grow with the input.
    static let maximumLines = 10_000

    /// Creates a parser at the start of a log.
    public init() {}

    // MARK: - Whole texts

    /// Parses a whole text at once.
    ///
    /// - Parameter text: console output.
    /// - Returns: every conflict in it, in order.
    public static func parse(_ text: String) -> [ConflictSnapshot] {
        var parser = ConsoleLogParser()
        var conflicts: [ConflictSnapshot] = []
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            parser.consume(UnsafeBufferPointer(rebasing: buffer[0..<count])) { conflicts.append($0.snapshot) }
        }
        parser.finish { conflicts.append($0.snapshot) }
        return conflicts
    }

    // MARK: - Streaming

    /// Reads whole lines (the buffer ends at a line end, or at the end of the input).
    ///
    /// - Parameters:
    ///   - buffer: UTF-8 bytes; `\n` separates lines and `\r` before it is ignored.
    ///   - emit: called with each conflict as soon as it is complete.
    /// - Complexity: O(`buffer.count`).
    public mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, emit: (ParsedConflict) -> Void) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let text = ByteText(base: base, count: buffer.count)
        // Keyword positions are searched once per buffer, not once per line:
        // most lines hold none, and one `memmem` over the rest finds the next.
        var keywords = KeywordCursor()
        var lineStart = 0
        while lineStart < text.count {
            let lineEnd = text.firstIndex(of: 0x0A, from: lineStart, to: text.count) ?? text.count
            lineNumber += 1
            let found = keywords.find(in: text, lineStart: lineStart, lineEnd: lineEnd)
            if found.isEmpty, state == .idle, !mayStartConflict(text, lineStart, lineEnd) {
                lineStart = lineEnd + 1
                continue
            }
            var (start, end) = text.trimmed(lineStart, lineEnd)
            if end > start, text[end - 1] == 0x0D { end -= 1 }
            (start, end) = text.trimmed(start, end)
            readLine(text, start, end, found, keywords, emit)
            lineStart = lineEnd + 1
        }
    }

    /// Ends the input, emitting the conflict being read, if any.
    public mutating func finish(emit: (ParsedConflict) -> Void) {
        flush(emit)
    }

    /// The cheap test that lets ordinary lines through untouched: a conflict
    /// starts only at a `<` or at a line ending in `(`.
    private func mayStartConflict(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        var last = end
        while last > start, ByteClass.isBlank(text[last - 1]) { last -= 1 }
        if last > start, text[last - 1] == UInt8(ascii: "(") { return true }
        return text.firstIndex(of: UInt8(ascii: "<"), from: start, to: end) != nil
    }
}

// MARK: - KeywordCursor

/// The next positions of the envelope's keywords in a buffer.
struct KeywordCursor {
    /// Which keywords a line holds.
    struct Found: OptionSet {
        let rawValue: UInt8
        static let header = Found(rawValue: 1)
        static let advice = Found(rawValue: 2)
        static let breaking = Found(rawValue: 4)
    }

    private var header = -1, advice = -1, breaking = -1
    /// Where each keyword's text ends in the line, to read a constraint after it.
    private(set) var breakingEnd = 0
    private(set) var headerEnd = 0

    mutating func find(in text: ByteText, lineStart: Int, lineEnd: Int) -> Found {
        var found: Found = []
        if header < lineStart {
            header = text.firstIndex(of: "simultaneously satisfy constraints", from: lineStart, to: text.count) ?? Int.max
        }
        if advice < lineStart {
            advice = text.firstIndex(of: "at least one of the constraints in the following list",
                                     from: lineStart, to: text.count) ?? Int.max
        }
        if breaking < lineStart {
            breaking = text.firstIndex(of: "recover by breaking", from: lineStart, to: text.count) ?? Int.max
        }
        if header < lineEnd { found.insert(.header); headerEnd = header + 34 }
        if advice < lineEnd { found.insert(.advice) }
        if breaking < lineEnd { found.insert(.breaking); breakingEnd = breaking + 19 }
        return found
    }
}
