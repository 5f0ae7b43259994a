// MARK: - One line

extension ConsoleLogParser {
    /// Moves the state machine over one line, or over each of its parts
    /// when it holds several (`parts`: a list pasted on one line).
    mutating func readLine(_ text: ByteText, _ lineStart: Int, _ lineEnd: Int, _ emit: (ParsedConflict) -> Void) {
        // A notice's lines are its own: its reason prints a constraint and a view on one line.
        guard state != .notice, let parts = Self.parts(text, lineStart, lineEnd) else {
            return readPart(text, lineStart, lineEnd, emit)
        }
        for part in parts { readPart(text, part.start, part.end, emit) }
    }

    /// Moves the state machine over one line, or one part of a line.
    mutating func readPart(_ text: ByteText, _ lineStart: Int, _ lineEnd: Int, _ emit: (ParsedConflict) -> Void) {
        let (start, end, constraint, keywords) = Self.envelope(text, lineStart, lineEnd)
        let found = keywords.found
        if wrapped != nil, start < end {
            if constraint == nil, found.isEmpty, joinWrapped(text, start, end, emit) { return }
            settleWrapped(emit)
        }
        if state == .notice {
            if start == end { return }
            if found.isDisjoint(with: [.header, .advice, .breaking]),
               noticeReader?.continues(with: text.string(start, end), opens: keywords.notice) == true {
                noticeLastLine = lineNumber
                return
            }
            flush(emit)
        }
        if let kind = keywords.notice {
            flush(emit)
            begin(header: false)
            state = .notice
            noticeReader = NoticeReader(kind: kind)
            noticeReader?.start(text.string(start, end))
            noticeLastLine = lineNumber
            return
        }
        if found.contains(.header) || (found.contains(.advice) && state != .header) {
            flush(emit)
            begin(header: true)
            state = .header
            let after = found.contains(.header) ? max(start, min(keywords.headerEnd, end)) : end
            // Only a constraint-named class starts a list here, as it does
            // between conflicts (`<UIView: 0x…>` after a header is not one).
            if Self.opening(text, after, end)?.isNamed == true {
                state = .implicitList
                addConstraint(text, after, end, isBroken: false, emit)
            }
            return
        }
        if found.contains(.advice) { return }
        if found.contains(.breaking) {
            if state == .idle { begin(header: false) }
            state = .expectBroken
            proseLines = 0  // prose after the list, not between constraints
            let after = max(start, min(keywords.breakingEnd, end))
            if Self.opening(text, after, end) != nil {
                addConstraint(text, after, end, isBroken: true, emit)
            }
            return
        }
        readListLine(text, start, end, constraint, emit)
    }

    /// A line trimmed (a `\r` before its end too), its constraint opening if
    /// any, and the keywords before that opening: keywords come before a
    /// constraint's text, never inside it (a syslog `<Notice>` before the
    /// header is not a constraint).
    static func envelope(_ text: ByteText, _ lineStart: Int, _ lineEnd: Int)
        -> (start: Int, end: Int, constraint: ConstraintLine.Opening?, keywords: Keywords) {
        var (start, end) = text.trimmed(lineStart, lineEnd)
        if end > start, text[end - 1] == 0x0D { end -= 1 }
        (start, end) = text.trimmed(start, end)
        let constraint = opening(text, start, end)
        var opening = end
        if case .constraint(let constraintStart, _, _, _)? = constraint { opening = constraintStart }
        return (start, end, constraint, Keywords(text, start, opening))
    }

    /// What a line is to a list, read once per line where `ConsoleLogPieces`
    /// looks for a place to cut a log.
    enum ListRole {
        /// Nothing but blanks: passed over.
        case blank
        /// No keyword and no constraint, not a bracket, a list's closing or
        /// an ellipsis: it leaves a parser between conflicts where it found
        /// it, so only a list left open reads it (as a stray line). A log is
        /// cut after ten of them.
        case ordinary
        /// A `(` line: a list is read from it until a line that ends one.
        case opensList
        /// A `)` line, a stray closing, a header, the advice or the
        /// "breaking" line: no list is open after it.
        case endsList
        /// A constraint or an ellipsis: part of a list, ending none.
        case other
    }

    /// `ListRole` of one line.
    static func listRole(_ text: ByteText, _ lineStart: Int, _ lineEnd: Int) -> ListRole {
        let (start, end, constraint, keywords) = envelope(text, lineStart, lineEnd)
        guard start < end else { return .blank }
        if !keywords.found.isEmpty { return .endsList }
        if isBracket(text, start, end, UInt8(ascii: "(")) { return .opensList }
        if isBracket(text, start, end, UInt8(ascii: ")")) || isStrayClosing(text, start, end) { return .endsList }
        if constraint != nil || isEllipsis(text, start, end) { return .other }
        return .ordinary
    }

    /// One line that holds no keyword; `constraint` is its constraint opening, if any.
    private mutating func readListLine(_ text: ByteText, _ start: Int, _ end: Int, _ constraint: ConstraintLine.Opening?,
                                       _ emit: (ParsedConflict) -> Void) {
        let blank = start == end
        let isConstraint = constraint != nil
        let isNamedConstraint = constraint?.isNamed == true
        switch state {
        case .idle:
            if Self.isBracket(text, start, end, UInt8(ascii: "(")) {
                begin(header: false)
                state = .explicitList
            } else if isNamedConstraint {
                begin(header: false)
                state = .implicitList
                addConstraint(text, start, end, isBroken: false, emit)
            }
        case .header:
            linesAfterHeader += 1
            if Self.isBracket(text, start, end, UInt8(ascii: "(")) {
                state = .explicitList
            } else if isNamedConstraint {
                state = .implicitList
                addConstraint(text, start, end, isBroken: false, emit)
            } else if linesAfterHeader >= Self.headerReach {
                // Too far from any list: the same text read in one buffer would
                // not tie them together either, so forget the header.
                reset()
            }
        case .explicitList:
            // A constraint first: one that lost its `<` may end in `)`. A view's description
            // opens like one (`<UIView: 0x…; frame = (…)>`) but is none: a list of views (an
            // app printing an array, UIKit's feedback-loop debugger naming the views caught in
            // a loop) is something else, dropped below unless a header or a constraint came first.
            let isView = isConstraint && !isNamedConstraint && Self.isViewDescription(text, end, constraint)
            if isConstraint, !isView {
                addConstraint(text, start, end, isBroken: false, emit)
            } else if Self.isBracket(text, start, end, UInt8(ascii: ")")) {
                state = .afterList
            } else if Self.isStrayClosing(text, start, end) {
                noteRepairs { $0.strayClosings += 1 }
                state = .afterList
            } else if Self.isEllipsis(text, start, end) {
                noteRepairs { $0.elisions += 1 }
            } else if !isView, looksLikeConstraint(text, start, end) {
                addConstraint(text, start, end, isBroken: false, emit)
            } else if !blank {
                // A list of something else (an app printing an array) is dropped;
                // a stray line inside a real list is reported, not skipped.
                if hasHeader || constraintLines > 0 {
                    // A reporter's sentence is passed over and said; anything else is kept.
                    if PastedProse.isProse(text, start, end) {
                        noteRepairs { $0.proseLines += 1 }
                    } else {
                        keepUnparsed(text, start, end)
                    }
                } else {
                    reset()
                }
            }
        case .implicitList:
            // After prose only a constraint-named class goes on with the list, as one would start a list.
            if isNamedConstraint || (isConstraint && proseLines == 0) {
                addConstraint(text, start, end, isBroken: false, emit)
            } else if Self.isBracket(text, start, end, UInt8(ascii: "(")) {
                flush(emit)
                begin(header: false)
                state = .explicitList
            } else if Self.isEllipsis(text, start, end) {
                noteRepairs { $0.elisions += 1 }
            } else if !blank, WrappedConstraintLine.isTail(text, start, end) {
                // A wrapped line's rest whose head did not take it is constraint text: kept, the list goes on.
                keepUnparsed(text, start, end)
            } else if !blank {
                // Prose may stand between items after a header: the list goes on when a
                // constraint follows, within the lines "recover by breaking" may come in.
                if hasHeader, proseLines < Self.linesAwaitingBreak, PastedProse.isProse(text, start, end) {
                    proseLines += 1
                } else {
                    linesAfterList = proseLines
                    proseLines = 0
                    state = .afterList
                }
            }
        case .afterList:
            if !blank { linesAfterList += 1 }
            if Self.isBracket(text, start, end, UInt8(ascii: "(")) {
                flush(emit)
                begin(header: false)
                state = .explicitList
            } else if isNamedConstraint {
                flush(emit)
                begin(header: false)
                state = .implicitList
                addConstraint(text, start, end, isBroken: false, emit)
            } else if linesAfterList > Self.linesAwaitingBreak {
                // No "Will attempt to recover" came: the log held the list only.
                flush(emit)
            }
        case .notice:
            break  // `readLine` reads a notice's lines
        case .expectBroken:
            if isConstraint {
                addConstraint(text, start, end, isBroken: true, emit)
            } else if !blank {
                if proseLines < Self.linesAwaitingBreak, PastedProse.isProse(text, start, end) {
                    proseLines += 1
                    return
                }
                flush(emit)
                readListLine(text, start, end, constraint, emit)
            }
        }
    }

    // MARK: - Constraints

    private mutating func addConstraint(_ text: ByteText, _ start: Int, _ end: Int, isBroken: Bool,
                                        _ emit: (ParsedConflict) -> Void) {
        constraintLines += 1
        if proseLines > 0 {
            let passed = proseLines
            noteRepairs { $0.proseLines += passed }
            proseLines = 0
        }
        if !isBroken, keptLines >= Self.maximumLines {
            droppedLines += 1
            return
        }
        // A wrapped line waits for its rest (`joinWrapped`); the broken one too, so the conflict stays open.
        if !WrappedConstraintLine.endsInClosing(text, start, end),
           let head = WrappedConstraintLine.head(text, start, end, isBroken: isBroken) {
            wrapped = head
            return
        }
        store(text, start, end, isBroken: isBroken, emit)
    }

    /// Reads a constraint line, or keeps it to read when summarizing; the
    /// broken constraint ends the conflict.
    mutating func store(_ text: ByteText, _ start: Int, _ end: Int, isBroken: Bool, _ emit: (ParsedConflict) -> Void) {
        if caches != nil {
            keep(text, start, end, isBroken ? .broken : .listed)
        } else {
            record(text, start, end, isBroken: isBroken)
        }
        if isBroken { flush(emit) }
    }

    /// Reads one constraint line into the conflict being built, repairing
    /// it first when a web page damaged it (`PastedTextRepair`).
    mutating func record(_ text: ByteText, _ start: Int, _ end: Int, isBroken: Bool) {
        guard let repaired = PastedTextRepair.repaired(text, start, end) else {
            return recordAsPrinted(text, start, end, isBroken: isBroken, original: nil)
        }
        noteRepairs { $0.add(repaired.repairs) }
        var bytes = repaired.bytes
        let original = text.string(start, end)
        ByteText.withTerminated(&bytes) { text, count in
            recordAsPrinted(text, 0, count, isBroken: isBroken, original: original)
        }
    }

    /// Reads one constraint line as it stands; `original` is the line before
    /// repair, kept as `unparsed:` when even the repaired line cannot be read.
    private mutating func recordAsPrinted(_ text: ByteText, _ start: Int, _ end: Int, isBroken: Bool,
                                          original: String?) {
        if case .redacted? = ConstraintLine.find(text, start, end, strict: false) {
            conflict.isRedacted = true
            return
        }
        switch ConstraintLine.read(text, start, end, strict: false, interner: interner) {
        case .success(let constraint)?:
            if isBroken {
                // Match by address: the list escapes non-ASCII titles and
                // this line does not, so the texts may differ.
                conflict.brokenConstraint = conflict.mutuallyExclusive.first {
                    $0.address != nil && $0.address == constraint.address && $0.className == constraint.className
                } ?? constraint
            } else {
                conflict.mutuallyExclusive.append(constraint)
            }
        case .failure?, nil:
            conflict.unparsedLines.append(original ?? text.string(start, end))
        }
    }

    /// Adds to the repairs of the conflict being built.
    mutating func noteRepairs(_ change: (inout PasteRepairs) -> Void) {
        var repairs = conflict.repairs ?? PasteRepairs()
        change(&repairs)
        conflict.repairs = repairs.isEmpty ? nil : repairs
    }

    private mutating func keepUnparsed(_ text: ByteText, _ start: Int, _ end: Int) {
        if caches != nil {
            keep(text, start, end, .stray)
        } else {
            conflict.unparsedLines.append(text.string(start, end))
        }
    }

    private var keptLines: Int {
        caches != nil ? pending.lines.count : conflict.mutuallyExclusive.count + conflict.unparsedLines.count
    }

    // MARK: - Conflicts

    mutating func begin(header: Bool) {
        reset()
        hasHeader = header
        firstLine = lineNumber
    }

    mutating func reset() {
        clearConflict()
        hasHeader = false
        constraintLines = 0
        droppedLines = 0
        linesAfterList = 0
        linesAfterHeader = 0
        proseLines = 0
        if wrapped != nil { wrapped = nil }
        pending.removeAll()
        noticeReader = nil
        state = .idle
    }

    /// Empties `conflict` field by field. A snapshot is large (its broken
    /// constraint is held inline), and putting a new one in place costs
    /// copies and a destroy of the whole, most often of one already empty
    /// (`begin` resets right after `flush` has).
    private mutating func clearConflict() {
        if conflict.ordinal != nil { conflict.ordinal = nil }
        if case .some = conflict.brokenConstraint { conflict.brokenConstraint = nil }
        if !conflict.mutuallyExclusive.isEmpty { conflict.mutuallyExclusive = [] }
        if !conflict.views.isEmpty { conflict.views = [] }
        if conflict.viewController != nil { conflict.viewController = nil }
        conflict.isSystemViewController = false
        if !conflict.unparsedLines.isEmpty { conflict.unparsedLines = [] }
        conflict.isRedacted = false
        if conflict.repairs != nil { conflict.repairs = nil }
        // A field added to the snapshot must be emptied here too: debug builds (the tests) check.
        assert(conflict == ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: []), "a field left unemptied")
    }

    /// Emits the conflict being read when there is one: at least one line
    /// that was meant to be a constraint (a readable one, an unreadable one or
    /// `<private>`). A header alone is not a conflict: what follows it decides,
    /// and the same text must give the same conflicts however it is split.
    mutating func flush(_ emit: (ParsedConflict) -> Void) {
        defer { reset() }
        if wrapped != nil { settleWrapped(emit) }
        if state == .notice {
            // A summary counts conflicts; it reads a notice's lines only so that
            // the constraint a notice prints is not taken for a conflict.
            if caches == nil, let reader = noticeReader {
                emit(ParsedConflict(snapshot: ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: []),
                                    firstLine: firstLine, lastLine: noticeLastLine, notice: reader.notice))
            }
            return
        }
        guard state != .idle, constraintLines > 0 else { return }
        var signed: (signature: String, owner: ConflictOwner, shape: Int?)?
        if caches != nil {
            signed = resolvePending()
        } else {
            if droppedLines > 0 { conflict.unparsedLines.append("(\(droppedLines) more constraint lines not kept)") }
            conflict = readable(conflict)
        }
        ordinal += 1
        conflict.ordinal = ordinal
        emit(ParsedConflict(snapshot: conflict, firstLine: firstLine, lastLine: lineNumber,
                            signature: signed?.signature, shape: signed?.shape, owner: signed?.owner))
    }

    // MARK: - Line shapes

    /// A line that is `(` or `)` after a prefix: the prefix, if any, ends in a
    /// blank or one of `>`, `/`, `*`, `]`, `:`, `|` (a line-number gutter),
    /// or the last byte of a non-breaking space (a web page's indentation).
    /// A `*`, `,` or (AppKit since macOS 13: `).`) `.` may follow it.
    static func isBracket(_ text: ByteText, _ start: Int, _ end: Int, _ bracket: UInt8) -> Bool {
        var last = end
        while last > start, text[last - 1] == UInt8(ascii: "*") || text[last - 1] == UInt8(ascii: ",")
            || text[last - 1] == UInt8(ascii: ".") { last -= 1 }
        guard last > start, text[last - 1] == bracket else { return false }
        let before = last - 1
        guard before > start else { return true }
        switch text[before - 1] {
        case 0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "]"), UInt8(ascii: ":"),
             UInt8(ascii: "|"), 0xA0:
            return text.firstIndex(of: UInt8(ascii: "<"), from: start, to: end) == nil
        default:
            return false
        }
    }

    /// `...` or `…` (a reporter's elision), with nothing but a prefix before
    /// it and nothing but quotes, commas and closing brackets after it
    /// (`...`, `"...",`, `[...]`, `(…)`, `<...>`).
    private static func isEllipsis(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        var last = end
        while last > start, Self.closesElision(text[last - 1]) { last -= 1 }
        if last - start >= 3, text.has("...", at: last - 3) { return true }
        return last - start >= 3 && text.has("…", at: last - 3)
    }

    private static func closesElision(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: ">"):
            return true
        default:
            return false
        }
    }

    /// A list closed with `}` or `]` instead of `)`, as a reporter retyped it.
    private static func isStrayClosing(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        Self.isBracket(text, start, end, UInt8(ascii: "}")) || Self.isBracket(text, start, end, UInt8(ascii: "]"))
    }

    /// The constraint a line opens: as printed (`ConstraintLine.find`), or
    /// with its `<` lost on a web page (`PastedTextRepair.bareOpening`), or
    /// with its whole `"<Class:` lost (`PastedTextRepair.classlessOpening`).
    static func opening(_ text: ByteText, _ start: Int, _ end: Int) -> ConstraintLine.Opening? {
        ConstraintLine.find(text, start, end, strict: false) ?? PastedTextRepair.bareOpening(text, start, end)
            ?? PastedTextRepair.classlessOpening(text, start, end)
    }

    /// Whether the opening a line holds is a view's description with its frame, not a
    /// constraint (checked only for a class not named like a constraint).
    private static func isViewDescription(_ text: ByteText, _ end: Int, _ opening: ConstraintLine.Opening?) -> Bool {
        guard case .constraint(let start, _, _, _)? = opening else { return false }
        return text.viewDescription(at: start, end: end) != nil
    }

    /// Inside a list, anything opening with `<` or `"<` is meant to be a constraint.
    private func looksLikeConstraint(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        guard let open = text.firstIndex(of: UInt8(ascii: "<"), from: start, to: end) else { return false }
        let (contentStart, _) = text.trimmed(start, open)
        return contentStart == open || (open - contentStart == 1 && text[contentStart] == UInt8(ascii: "\""))
            || text[open - 1] == UInt8(ascii: "\"")
    }
}
