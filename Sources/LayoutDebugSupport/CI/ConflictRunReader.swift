// MARK: - ConflictRunReader

/// Reads a test run's log as it streams and builds its `ConflictRun`: each conflict counted
/// under its signature and the test case it was printed in.
///
/// The log goes to a summarizing `ConsoleLogParser` (the `--summary` one: each distinct line
/// read once) in runs cut just before each test line (`TestLogLine`), so the conflicts emitted
/// while a run is read are the running test's. A conflict still open when its test ends (its
/// list read, its "breaking" line not yet) is the ending test's: it is the next one emitted.
///
/// A new conflict's first occurrence is read again in full, for its report: the bytes from the
/// last point where the parser stood between conflicts are handed to a full parser, which
/// emits the same conflicts in the same order. Runs are cut every `runBytes` too, so that point
/// is never far back; bytes since it that a buffer cannot keep are copied (`carry`), at most
/// `carryLimit`.
///
/// The state each conflict and each test line touches is marked `@exclusivity(unchecked)`:
/// only the reader's own methods reach it, on one thread, and `handle` (which runs inside the
/// parser's access, as its `emit`) touches everything but the parser; checked, each access was
/// a call into the runtime, some 80 instructions, tens of thousands of them in a CI log. The
/// parser stays checked, so a `handle` that reached it would still trap.
final class ConflictRunReader {
    /// What has been read.
    @exclusivity(unchecked) private(set) var run: ConflictRun
    private var parser: ConsoleLogParser
    @exclusivity(unchecked) private var context = TestContext()
    private let appModules: Set<String>
    /// The conflict being read when a test line came, by the ordinal it will be emitted with,
    /// and the test it was printed in.
    @exclusivity(unchecked) private var straddling: (ordinal: Int, target: TestContext.Target)?
    /// Lines read before the current position.
    private var lineCount = 0
    private let piece: (index: Int, firsts: FirstOccurrences)?
    /// Whether the bytes read so far end inside a line (the input's last line, unended).
    private var endsInsideLine = false
    /// Test lines read since the parser was last fed that need no cut of their own (an end, a
    /// suite, a failure), applied once it has read up to the next cut.
    @exclusivity(unchecked) private var deferred: [TestLogEvent] = []
    /// The XCTest name read last, so the test's end line need not make it again.
    private var testNames = TestNameMemo()

    // MARK: Reading first occurrences again

    /// The last place the parser stood between conflicts: lines and conflicts before it, and
    /// its offset in the current buffer (`nil` when it lies in `carry`, before the buffer).
    private var quietLine = 0
    private var quietOrdinal = 0
    private var quietOffset: Int? = 0
    /// The bytes from the quiet point to the current buffer, when the quiet point is before it.
    private var carry: [UInt8] = []
    /// Whether `carry` holds every such byte (false once they outgrew `carryLimit`).
    private var carryComplete = true
    /// New conflicts emitted in the current run whose first occurrence is kept: their ordinals
    /// and groups.
    @exclusivity(unchecked) private var toKeep: [(ordinal: Int, group: Int)] = []

    /// Most bytes the parser is given in one call: a quiet point at least this often.
    static let runBytes = 64 << 10
    /// Most bytes kept from earlier buffers to read a conflict again.
    static let carryLimit = 4 << 20

    /// A reader at the start of a log.
    ///
    /// - Parameters:
    ///   - run: the run to add to (its baseline's signatures decide what is new).
    ///   - appModules: the app's own modules, dropped from class names.
    ///   - caches: what earlier summarizing reads of the input learned.
    ///   - inherits: whether this is a piece of a log read apart (`ConflictRunPieces`): its
    ///     conflicts before its first test line are the test the log before it ended in.
    ///   - piece: when this is one piece of several read apart, its index and which piece keeps
    ///     each new conflict's first occurrence (`FirstOccurrences`).
    init(run: ConflictRun, appModules: Set<String> = [], caches: SummarizingCaches? = nil, inherits: Bool = false,
         piece: (index: Int, firsts: FirstOccurrences)? = nil) {
        self.run = run
        self.piece = piece
        self.appModules = appModules
        context = TestContext(inherits: inherits)
        parser = ConsoleLogParser(summarizing: true, appModules: appModules, caches: caches)
    }

    // MARK: Pieces

    /// The groups of conflicts read before the piece's first test line, with their counts.
    @exclusivity(unchecked) private var inheritedCounts: [Int: Int] = [:]
    /// The first xcbeautify result line's test, to which the log before the piece's waiting
    /// conflicts belong.
    @exclusivity(unchecked) private var firstCompleted: Int?
    /// Test ids of result lines read before the piece's first suite line: their suite is the
    /// log's before the piece.
    @exclusivity(unchecked) private var testsWithoutSuite: Set<Int> = []

    /// What a piece leaves for the pieces after it, and takes from those before
    /// (`ConflictRunPieces`).
    struct PieceEnd {
        /// Conflicts read before the piece's first test line, by group.
        var inherited: [Int: Int]
        /// Conflicts waiting for a result line when the piece ended, by group.
        var awaiting: [Int: Int]
        /// The test of the piece's first result line.
        var firstCompleted: Int?
        /// Where a conflict read at the piece's end belonged; `nil` when it held no test line.
        var target: TestContext.Target?
        /// The suite at its end, when it held a suite line.
        var suite: String?
        /// Result lines' tests read before its first suite line.
        var testsWithoutSuite: Set<Int>
        /// Whether the piece ended between conflicts, as a parser reading on would be.
        var endsBetweenConflicts: Bool
    }

    /// Ends a piece: like `finish`, but the conflicts still waiting for a result line wait on
    /// into the next piece.
    func finishPiece() -> PieceEnd {
        let between = parser.isBetweenConflicts
        finish(waitingEnds: false)
        return PieceEnd(inherited: inheritedCounts, awaiting: context.takeAwaiting(), firstCompleted: firstCompleted,
                        target: context.sawTestLine ? context.current : nil, suite: context.sawSuite ? context.suite : nil,
                        testsWithoutSuite: testsWithoutSuite, endsBetweenConflicts: between)
    }

    // MARK: - Lines

    /// Reads whole lines (the buffer ends at a line end, or at the end of the input).
    ///
    /// - Complexity: O(`buffer.count`).
    func consume(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let text = ByteText(base: base, count: buffer.count)
        if quietOffset != nil { quietOffset = 0 }
        var segment = 0
        var lineStart = 0
        // Counted here and stored before each feed (`feed` reads it), not once a line in the reader.
        var lines = lineCount
        // Held here while the lines are read, so a test line's look-up costs no access to the reader.
        var names = TestNameMemo()
        swap(&names, &testNames)
        defer { swap(&names, &testNames) }
        while lineStart < text.count {
            let lineEnd = text.firstIndex(of: 0x0A, from: lineStart, to: text.count) ?? text.count
            // A test line's first byte, after the blanks xcbeautify indents with, tells it from
            // the rest; most lines need nothing more than their end found.
            var first = lineStart
            // Four spaces at a time first: XCTest's activity lines and a conflict's list are indented by four.
            while lineEnd - first >= 4, UnsafeRawPointer(text.base + first).loadUnaligned(as: UInt32.self) == 0x2020_2020 {
                first += 4
            }
            while first < lineEnd, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
            if first < lineEnd, Self.mayBeTestLine(text[first]), let event = TestLogLine.event(text, first, lineEnd, names: &names) {
                if Self.startsOutput(event) {
                    lineCount = lines
                    feed(text, segment, lineStart)
                    segment = lineStart
                    apply(event)
                } else {
                    deferred.append(event)
                }
            } else if lineStart - segment >= Self.runBytes {
                lineCount = lines
                feed(text, segment, lineStart)
                segment = lineStart
            }
            if lineEnd < text.count { lines += 1 }
            lineStart = lineEnd + 1
        }
        lineCount = lines
        feed(text, segment, text.count)
        keepCarry(text)
        endsInsideLine = text[text.count - 1] != 0x0A
    }

    /// Ends the input: the conflict being read is emitted, and conflicts still waiting for a
    /// result line belong to no test (unless `waitingEnds` is off: a piece's wait on).
    func finish(waitingEnds: Bool = true) {
        let cut = parser.state == .explicitList || parser.state == .header || parser.state == .expectBroken
            || !parser.heldTail.isEmpty
        if cut {
            // Its signature would lack what was cut: the conflict is left out, and the run says so.
            run.markCut()
            parser.finish { _ in }
        } else {
            parser.finish { handle($0) }
        }
        if !toKeep.isEmpty { replayCarry() }
        applyDeferred()
        if waitingEnds {
            for (group, count) in context.takeAwaiting() { run.note(test: nil, in: group, count: count) }
        }
        if endsInsideLine { lineCount += 1 }
        run.addLines(lineCount)
        run.finishInput()
    }

    /// Whether the parser is fed up to `event` before it is applied: a start, or xcbeautify's
    /// result line, says whose the output after it is, and so does a Swift Testing test's end
    /// (its name has no suite), since others may still run. XCTest's end, a suite or a failure
    /// waits for the next cut, so the parser is handed half as many runs (each costs it a look
    /// back for a header): XCTest runs one test at a time, and output between a test's end and
    /// the next start stays the ended test's.
    private static func startsOutput(_ event: TestLogEvent) -> Bool {
        switch event {
        case .started, .completed: return true
        case .ended(let test): return test.suite == nil
        case .suite, .failure: return false
        }
    }

    /// Whether a line whose first byte after its blanks is `byte` may be a test line: its
    /// first letter, a path, a workflow command's colon, an escape, or a symbol's first byte.
    @inline(__always) private static func mayBeTestLine(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "T") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":") || byte == 0x1B || byte >= 0xC0
    }

    // MARK: - The parser

    /// Gives the parser `text[from..<to]` (whole lines) and reads again what it must.
    private func feed(_ text: ByteText, _ from: Int, _ to: Int) {
        guard to > from else { return }
        parser.consume(UnsafeBufferPointer(start: text.base + from, count: to - from)) { handle($0) }
        if !toKeep.isEmpty { replay(text, upTo: to) }
        applyDeferred()
        if parser.isBetweenConflicts {
            quietLine = lineCount
            quietOrdinal = parser.ordinal
            quietOffset = to
            carry.removeAll(keepingCapacity: true)
            carryComplete = true
        }
    }

    /// Counts one conflict under the test it belongs to.
    private func handle(_ parsed: ParsedConflict) {
        let ordinal = parsed.snapshot.ordinal ?? 0
        var target = context.current
        if let straddling, straddling.ordinal == ordinal {
            target = straddling.target
            self.straddling = nil
        }
        let (group, keepsFirst) = run.add(parsed)
        switch target {
        case .test(let id): run.note(test: id, in: group)
        case .awaitingResult: context.wait(group: group)
        case .inherited: inheritedCounts[group, default: 0] += 1
        }
        if keepsFirst, piece?.firsts.claim(run.groups[group].signature, piece: piece?.index ?? 0) ?? true {
            toKeep.append((ordinal, group))
        }
    }

    // MARK: - Test lines

    /// Applies the test lines that waited for the parser, in order.
    private func applyDeferred() {
        guard !deferred.isEmpty else { return }
        // `apply` adds none: the list is read in place and emptied after, its storage kept.
        for event in deferred { apply(event) }
        deferred.removeAll(keepingCapacity: true)
    }

    /// Moves the test context over one test line, the parser having read every line before it.
    private func apply(_ event: TestLogEvent) {
        // The conflict being read was printed where it began: a later test line leaves it there.
        if parser.state != .idle, parser.state != .notice, parser.constraintLines > 0,
           straddling?.ordinal != parser.ordinal + 1 {
            straddling = (parser.ordinal + 1, context.current)
        }
        switch event {
        case .started(let test):
            context.noteTestLine()
            context.start(run.testID(test))
        case .ended(let test):
            context.noteTestLine()
            context.end(run.testID(test))
        case .completed(var test):
            context.noteTestLine()
            test.suite = context.suite
            let id = run.testID(test)
            if context.inherits, !context.sawSuite { testsWithoutSuite.insert(id) }
            if firstCompleted == nil { firstCompleted = id }
            for (group, count) in context.takeAwaiting() { run.note(test: id, in: group, count: count) }
            if straddling?.target == .awaitingResult { straddling?.target = .test(id) }
        case .suite(let name):
            context.enter(suite: name)
        case .failure(let test, let location):
            run.noteFailure(of: test, at: location)
        }
    }

    // MARK: - Reading again

    /// Reads the bytes from the quiet point to `to` with a full parser and keeps the first
    /// occurrences `toKeep` names.
    private func replay(_ text: ByteText, upTo to: Int) {
        let start = quietOffset ?? 0
        replay(UnsafeBufferPointer(start: text.base + start, count: to - start))
    }

    /// `replay` at the end of the input: what is left in `carry` alone.
    private func replayCarry() {
        replay(UnsafeBufferPointer(start: nil, count: 0), finishing: true)
    }

    private func replay(_ bytes: UnsafeBufferPointer<UInt8>, finishing: Bool = false) {
        defer { toKeep.removeAll() }
        guard carryComplete else { return }
        var full = ConsoleLogParser(appModules: appModules)
        var found: [ParsedConflict] = []
        let collect: (ParsedConflict) -> Void = { if $0.notice == nil { found.append($0) } }
        if quietOffset == nil, !carry.isEmpty {
            // The parser looks one byte past a line's end, as a read buffer has one.
            carry.append(0)
            carry.withUnsafeBufferPointer { full.consume(UnsafeBufferPointer(rebasing: $0.dropLast()), emit: collect) }
            carry.removeLast()
        }
        if bytes.count > 0 { full.consume(bytes, emit: collect) }
        if finishing { full.finish(emit: collect) }
        for (ordinal, group) in toKeep {
            let index = ordinal - quietOrdinal - 1
            guard found.indices.contains(index) else { continue }
            var conflict = found[index]
            guard ConflictRun.signature(of: conflict) == run.groups[group].signature else { continue }
            conflict.firstLine += quietLine
            conflict.lastLine += quietLine
            // Its number in the input, not in the bytes read again.
            conflict.snapshot.ordinal = ordinal
            run.keepFirst(conflict, of: group)
        }
    }

    /// Keeps the bytes since the quiet point when the buffer ends inside a conflict.
    private func keepCarry(_ text: ByteText) {
        guard !parser.isBetweenConflicts else { return }
        let from = quietOffset ?? 0
        if carryComplete, carry.count + text.count - from <= Self.carryLimit {
            carry.append(contentsOf: UnsafeBufferPointer(start: text.base + from, count: text.count - from))
        } else {
            carryComplete = false
            carry.removeAll()
        }
        quietOffset = nil
    }
}
