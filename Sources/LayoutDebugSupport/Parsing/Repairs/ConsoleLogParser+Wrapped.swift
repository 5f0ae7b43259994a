// MARK: - Wrapped constraint lines

extension ConsoleLogParser {
    /// Joins the line `text[start..<end]` onto the held head when it
    /// continues it (`WrappedConstraintLine.join`), reading the whole once its
    /// tail has closed it; returns whether the line was joined.
    mutating func joinWrapped(_ text: ByteText, _ start: Int, _ end: Int, _ emit: (ParsedConflict) -> Void) -> Bool {
        guard wrapped?.join(text, start, end, line: lineNumber) == true else { return false }
        if wrapped?.isClosed == true { settleWrapped(emit) }
        return true
    }

    /// Reads the held head with the lines joined to it: as one constraint,
    /// counted as a repair, when a tail closed it. Else the head is read as
    /// it stands, which lists it as `unparsed:` (its `>` is missing), and
    /// then its middles as the lines they were, on their own line numbers:
    /// what follows is read as it was before any joining. The broken
    /// constraint ends the conflict, as it does unwrapped; inside `flush`
    /// that inner flush emits the conflict, and the outer one finds nothing left.
    mutating func settleWrapped(_ emit: (ParsedConflict) -> Void) {
        guard let held = wrapped else { return }
        wrapped = nil
        if held.isClosed {
            let lines = held.joinedLines
            noteRepairs { $0.wrappedLines += lines }
        }
        let isBroken = held.isBroken
        held.withText { text, count in store(text, 0, count, isBroken: isBroken, emit) }
        guard !held.isClosed, !held.middles.isEmpty else { return }
        let current = lineNumber
        defer { lineNumber = current }
        for var middle in held.middles {
            lineNumber = middle.line
            ByteText.withTerminated(&middle.bytes) { text, count in readPart(text, 0, count, emit) }
        }
    }
}
