// MARK: - ParsedConflict

/// One conflict found in a console log, and where it was.
public struct ParsedConflict: Sendable {
    /// The conflict, as the live sources would describe it; when
    /// summarizing, its envelope alone (ordinal, redaction, unreadable
    /// lines, repairs), without its constraints: `signature` and `owner` say
    /// what a summary needs of them.
    public var snapshot: ConflictSnapshot
    /// The 1-based line where the conflict starts (0 when summarizing).
    public var firstLine: Int
    /// The 1-based line where it ends (0 when summarizing).
    public var lastLine: Int
    /// `snapshot.signature`, when the parser was made with
    /// `summarizing: true` (computed once per distinct conflict text).
    public var signature: String?
    /// When summarizing, an id shared by the conflicts whose text differs
    /// only in addresses and plain titles, from the second one met on (the
    /// first has an id of its own; several ids may have one signature); lets a caller
    /// count by a number instead of hashing the signature each time. `nil`
    /// for a text whose addresses change its signature (an address inside an
    /// identifier, say): such a conflict is read in full every time.
    public var shape: Int?
    /// When summarizing, `ConflictTriage.owner(of:)` of the conflict with its
    /// constraints, worked out from each distinct line's evidence
    /// (`OwnerEvidence`); `nil` otherwise.
    public var owner: ConflictOwner?
    /// Set when the lines held a message that is not a conflict (`LayoutNotice`):
    /// the snapshot is then empty and has no ordinal. Only a parser that is not
    /// summarizing gives notices; a summary counts conflicts.
    public var notice: LayoutNotice?

    /// Creates a parsed conflict.
    init(snapshot: ConflictSnapshot, firstLine: Int, lastLine: Int, signature: String? = nil,
                shape: Int? = nil, owner: ConflictOwner? = nil, notice: LayoutNotice? = nil) {
        self.snapshot = snapshot
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.signature = signature
        self.shape = shape
        self.owner = owner
        self.notice = notice
    }

    /// Whether any of the conflict's constraints could be read: from its
    /// snapshot, or when summarizing from its signature, which names every
    /// constraint read (a constraint's shape is never empty).
    public var hasReadableConstraint: Bool {
        if let signature { return !signature.isEmpty }
        return !snapshot.mutuallyExclusive.isEmpty || snapshot.brokenConstraint != nil
    }
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
struct ConsoleLogParser {
    enum State { case idle, header, explicitList, implicitList, afterList, expectBroken, notice }

    var state = State.idle
    var conflict = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [])
    var hasHeader = false
    var constraintLines = 0
    var droppedLines = 0
    var linesAfterList = 0
    var linesAfterHeader = 0
    /// Lines of a reporter's prose (`PastedProse`) met after an implicit
    /// list's last item or before the broken constraint, counted as repairs
    /// only when a constraint of the conflict follows them.
    var proseLines = 0
    /// A constraint line that ends before its closing `>`, held until the
    /// lines a mail client or web page wrapped from it are joined back
    /// (`WrappedConstraintLine`) or a line that does not continue it comes.
    var wrapped: WrappedConstraintLine?
    var firstLine = 0
    var lineNumber = 0
    /// Whether the bytes read so far end inside a line: `lineNumber` counts
    /// whole lines, so at the end of the input that last line is one more.
    var endsInsideLine = false
    var ordinal = 0
    /// The message being read in state `.notice`, and its last line.
    var noticeReader: NoticeReader?
    var noticeLastLine = 0
    /// The names met so far, shared by every constraint line read; a
    /// summarizing parser's are its `caches`' own, so pieces share them.
    let interner: StringInterner
    /// Set when summarizing: lines whose text differs only in addresses are
    /// read once (`caches.lines`), and conflicts made of the same lines are
    /// put together once (`caches.shapes`). `nil` when reading in full.
    let caches: SummarizingCaches?
    /// The raw lines of the conflict being read, when summarizing.
    var pending = PendingLines()
    /// The readings of `pending`'s lines, kept to reuse their storage.
    var readings: [KeptReading] = []
    /// The last lines of the previous buffer, from a header (or its advice)
    /// that no conflict followed within that buffer. Whether it begins a
    /// conflict depends on the lines after it, so it is read with the start
    /// of the next buffer (or at `finish`), as if the two were one.
    var heldTail: [UInt8] = []
    /// Whether `ParsedConflict` line numbers are kept: when reading in full.
    /// Counting every newline is the one cost that grows with the ordinary
    /// lines between conflicts, and a summary has no use for line numbers.
    var countsLines: Bool { caches == nil }
    /// The app's own modules, dropped from class names (`init(summarizing:appModules:)`).
    let appModules: Set<String>

    /// Most constraint lines kept for one conflict; the rest are counted, so a
    /// pathological list cannot make memory grow with the input.
    static let maximumLines = 10_000
    /// Lines after a list within which "Will attempt to recover by breaking"
    /// still belongs to it; past them the conflict is emitted without it.
    static let linesAwaitingBreak = 8
    /// Lines after a header within which its list must start.
    static let headerReach = 10
    /// The most bytes of a buffer's last lines held for the next buffer.
    static let maximumHeldBytes = 64 * 1024

    /// Creates a parser at the start of a log.
    ///
    /// - Parameters:
    ///   - summarizing: read each distinct constraint line once, fill
    ///   `ParsedConflict.signature` and `owner`, leave the snapshot's
    ///   constraints out and line numbers at 0. A line whose text differs from
    ///   an earlier one only in its addresses then gets that earlier
    ///   line's reading (addresses included), and a conflict made of the
    ///   same lines an earlier conflict's signature: right for counting
    ///   signatures (`--summary`), wrong for reports.
    ///   - appModules: the app's own modules, dropped from class names
    ///     (`App.HeaderView` reads `HeaderView`; see `AppModuleNames`); a log
    ///     does not say which module is the app's, so the caller does.
    ///   - caches: when summarizing, what earlier parsers of the same input
    ///     learned (`SummarizingCaches`); new ones when `nil`. Passing some
    ///     summarizes.
    init(summarizing: Bool = false, appModules: Set<String> = [], caches: SummarizingCaches? = nil) {
        let caches = caches ?? (summarizing ? SummarizingCaches() : nil)
        self.caches = caches
        interner = caches?.interner ?? StringInterner()
        self.appModules = appModules
    }

    /// The conflict with the app's modules dropped from its class names.
    func readable(_ conflict: ConflictSnapshot) -> ConflictSnapshot {
        guard !appModules.isEmpty else { return conflict }
        return conflict.renamingClasses { AppModuleNames.shortened($0, modules: appModules) }
    }

    // MARK: - Whole texts

    /// Parses a whole text at once.
    ///
    /// - Parameter text: console output.
    /// - Returns: every conflict in it, in order.
    static func parse(_ text: String) -> [ConflictSnapshot] {
        parseAll(text).compactMap { $0.notice == nil ? $0.snapshot : nil }
    }

    /// Parses a whole text at once, notices included.
    ///
    /// - Parameter text: console output.
    /// - Returns: every conflict and every `LayoutNotice` in it, in order.
    static func parseAll(_ text: String) -> [ParsedConflict] {
        var parser = ConsoleLogParser()
        var found: [ParsedConflict] = []
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            parser.consume(UnsafeBufferPointer(rebasing: buffer[0..<count])) { found.append($0) }
        }
        parser.finish { found.append($0) }
        return found
    }

    // MARK: - Streaming

    /// Reads whole lines (the buffer ends at a line end, or at the end of the input).
    ///
    /// - Parameters:
    ///   - buffer: UTF-8 bytes; `\n` separates lines and `\r` before it is ignored.
    ///   - emit: called with each conflict as soon as it is complete.
    /// - Complexity: O(`buffer.count`).
    mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, emit: (ParsedConflict) -> Void) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        var rest = buffer[...]
        while !heldTail.isEmpty, !rest.isEmpty {
            // The held lines and enough of this buffer to decide about them
            // (a header starts a conflict only when a list or constraint
            // follows within `headerReach` lines) are read as one text. That
            // may hold a new tail, from the lines just joined.
            let lines = ByteText(base: base + rest.startIndex, count: rest.count)
            var joinEnd = 0
            for _ in 0...Self.headerReach where joinEnd < lines.count {
                joinEnd = (lines.firstIndex(of: 0x0A, from: joinEnd, to: lines.count) ?? lines.count - 1) + 1
            }
            var joined = heldTail
            heldTail = []
            joined.append(contentsOf: rest.prefix(joinEnd))
            consumeLines(joined, atEndOfInput: false, emit: emit)
            rest = rest.dropFirst(joinEnd)
        }
        guard !rest.isEmpty else { return }
        consumeLines(ByteText(base: base + rest.startIndex, count: rest.count), atEndOfInput: false, emit: emit)
    }

    /// `consumeLines` on bytes the parser owns: held lines, alone or joined.
    private mutating func consumeLines(_ bytes: [UInt8], atEndOfInput: Bool, emit: (ParsedConflict) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            consumeLines(ByteText(base: base, count: buffer.count), atEndOfInput: atEndOfInput, emit: emit)
        }
    }

    /// `consume`'s work on one text; at the end of the input a header in the
    /// last lines is read at once, since nothing can follow it.
    private mutating func consumeLines(_ text: ByteText, atEndOfInput: Bool, emit: (ParsedConflict) -> Void) {
        // Between conflicts the parser jumps from one candidate line (a `<`,
        // or a `(` ending its line) to the next, found by `memchr` over the
        // rest of the buffer, and only counts the newlines in between.
        var candidates = CandidateCursor()
        var lineStart = 0
        var counted = 0, linesBefore = lineNumber
        var end = text.count
        while lineStart < text.count {
            if state == .idle {
                if let start = nextConflictLine(text, from: lineStart, &candidates) {
                    lineStart = start
                } else if let header = tailHeaderLine(text, notBefore: lineStart) {
                    // A header in the last lines: the list it introduces may
                    // arrive with the next buffer, so the lines are held for
                    // it. Not when the buffer ends inside a line (a reader
                    // splits only a line longer than its chunk) or the lines
                    // are huge: holding those would copy them again with
                    // every buffer; they are read now, as nothing could be
                    // decided about them any better.
                    let holds = text[text.count - 1] == 0x0A && text.count - header <= Self.maximumHeldBytes
                    guard atEndOfInput || !holds else {
                        heldTail = Array(UnsafeBufferPointer(start: text.base + header, count: text.count - header))
                        end = header
                        break
                    }
                    lineStart = header
                } else {
                    break
                }
            }
            if countsLines {
                linesBefore += text.newlines(from: counted, to: lineStart)
                counted = lineStart
                lineNumber = linesBefore + 1
            }
            let lineEnd = text.firstIndex(of: 0x0A, from: lineStart, to: text.count) ?? text.count
            let wasHeader = state == .header
            readLine(text, lineStart, lineEnd, emit)
            lineStart = lineEnd + 1
            // A summary reads a conflict met before from its block's bytes (`ConflictBlockCache`).
            if !wasHeader, state == .header, let next = readBlock(text, from: lineStart, emit) { lineStart = next }
        }
        // Held lines are counted when they are read.
        if countsLines { lineNumber = linesBefore + text.newlines(from: counted, to: end) }
        if text.count > 0 { endsInsideLine = text[text.count - 1] != 0x0A }
    }

    /// The start of the next line that begins a conflict, or its header a few
    /// lines before it; `nil` when the buffer holds none.
    private func nextConflictLine(_ text: ByteText, from: Int, _ candidates: inout CandidateCursor) -> Int? {
        var search = from
        while true {
            let next = candidates.next(in: text, from: search)
            guard next < text.count else { return nil }
            // A `<` that opens no constraint (`<UIView: 0x…>`, `<Notice>`) is
            // passed over alone, the rest of its line searched on: a line
            // holding a `<` never opens a list, so only such a `<` could make
            // it start a conflict (`ConstraintLine.opensNamed`).
            // A notice's view or anchor (`View: <App.Cell: 0x…`) is the one
            // exception, and so is a notice phrase `candidates` found.
            let byte = text[next]
            var opensNotice = byte != UInt8(ascii: "<") && byte != UInt8(ascii: "(")
            if byte == UInt8(ascii: "<"), !ConstraintLine.opensNamed(text, at: next) {
                opensNotice = NoticePhrases.opensNoticeObject(text, at: next)
                if !opensNotice {
                    search = next + 1
                    continue
                }
            }
            let start = text.lineStart(containing: next, notBefore: from)
            let end = text.firstIndex(of: 0x0A, from: next, to: text.count) ?? text.count
            if opensNotice || startsConflict(text, start, end) {
                return headerLine(text, before: start, notBefore: from) ?? start
            }
            search = end + 1
        }
    }

    /// A list opening or a constraint. A header always comes a few lines
    /// before one of them, and `headerLine` finds it from there.
    private func startsConflict(_ text: ByteText, _ lineStart: Int, _ lineEnd: Int) -> Bool {
        let (start, end) = text.trimmed(lineStart, lineEnd)
        return ConstraintLine.find(text, start, end, strict: true) != nil
            || Self.isBracket(text, start, end, UInt8(ascii: "("))
    }

    /// The earliest of up to `headerReach` lines before `lineStart` holding
    /// the header or the advice, so a conflict is read from its header.
    private func headerLine(_ text: ByteText, before lineStart: Int, notBefore: Int) -> Int? {
        var found: Int?
        var end = lineStart - 1
        for _ in 0..<Self.headerReach where end > notBefore {
            let start = text.lineStart(containing: end - 1, notBefore: notBefore)
            // Keywords count only before a constraint's text, as in `readLine`;
            // most lines here hold none anywhere, and need no constraint looked for.
            var keywords = Keywords(text, start, end).found
            if !keywords.isEmpty,
               case .constraint(let constraintStart, _, _, _)? = ConstraintLine.find(text, start, end, strict: false) {
                keywords = Keywords(text, start, constraintStart).found
            }
            // The nearest header wins, as it does when lines are read one by one;
            // a notice's first line is one too (its constraint may wrap onto a later line).
            if keywords.contains(.header) || keywords.contains(.notice) { return start }
            if keywords.contains(.advice) { found = start }
            end = start - 1
        }
        return found
    }

    /// `headerLine` before the end of the text. A run seldom ends with a header (a CI reader
    /// ends one at each test's start), so one search over all the lines it would read first
    /// says whether any holds a phrase that could make it one, for about what one line costs.
    private func tailHeaderLine(_ text: ByteText, notBefore: Int) -> Int? {
        let reach = reachStart(text, before: text.count, notBefore: notBefore)
        guard Keywords.mayOpen(text, reach, text.count - 1) else { return nil }
        return headerLine(text, before: text.count, notBefore: notBefore)
    }

    /// The start of the earliest line `headerLine` reads.
    private func reachStart(_ text: ByteText, before lineStart: Int, notBefore: Int) -> Int {
        var start = lineStart
        var end = lineStart - 1
        for _ in 0..<Self.headerReach where end > notBefore {
            start = text.lineStart(containing: end - 1, notBefore: notBefore)
            end = start - 1
        }
        return start
    }

    /// Whether the parser is between conflicts, with nothing read and
    /// nothing held: a parser made afresh here would go on as this one
    /// (`ConsoleLogPieces`).
    var isBetweenConflicts: Bool { state == .idle && heldTail.isEmpty }

    /// Ends the input, emitting the conflict being read, if any.
    mutating func finish(emit: (ParsedConflict) -> Void) {
        let held = heldTail
        heldTail = []
        consumeLines(held, atEndOfInput: true, emit: emit)
        if countsLines, endsInsideLine { lineNumber += 1 }
        endsInsideLine = false
        flush(emit)
    }
}
