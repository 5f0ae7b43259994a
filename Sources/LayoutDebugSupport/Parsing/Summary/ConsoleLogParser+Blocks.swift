// MARK: - Blocks

extension ConsoleLogParser {
    /// The header a copy of a block is read after: any header leaves the
    /// parser as `isFreshHeader` says.
    private static let canonicalHeader: StaticString = "Unable to simultaneously satisfy constraints.\n"

    /// Reads the block after a header just read (`ConflictBlockCache`): from
    /// the table when a block with its key was read and checked, else line
    /// by line as the loop would, keeping the conflict when it checks.
    ///
    /// - Returns: where the loop reads on, or `nil` when it reads the block
    ///   itself (not summarizing, not a header alone, a block not in `text`,
    ///   or one whose key is read in full).
    mutating func readBlock(_ text: ByteText, from start: Int, _ emit: (ParsedConflict) -> Void) -> Int? {
        guard let blocks = caches?.blocks, !blocks.isChecking, isFreshHeader, start < text.count,
              let end = ConflictBlock.end(text, from: start) else { return nil }
        let key = blocks.key(text, start, end)
        let known = blocks.lookup(key)
        switch known {
        case .conflict(let entry)?:
            emitKept(entry, emit)
            return end + 1
        case .readInFull?:
            return nil
        case .seenOnce?, nil:
            let (next, parsed) = readLines(text, start, end, emit)
            guard let parsed else {
                blocks.store(key, .readInFull)
                return next
            }
            if case .seenOnce? = known {
                blocks.store(key, checked(parsed, text, start, end))
            } else {
                blocks.store(key, .seenOnce)
            }
            return next
        }
    }

    /// Whether the parser is as a header leaves it (`begin(header: true)`),
    /// so that what follows depends on the lines after it alone.
    private var isFreshHeader: Bool {
        state == .header && hasHeader && constraintLines == 0 && droppedLines == 0 && linesAfterHeader == 0
            && proseLines == 0 && wrapped == nil && pending.lines.isEmpty && conflict.repairs == nil
    }

    /// Emits a kept conflict as `flush` would have, and leaves the parser between conflicts.
    private mutating func emitKept(_ entry: ConflictBlockCache.Entry, _ emit: (ParsedConflict) -> Void) {
        ordinal += 1
        var snapshot = entry.snapshot
        snapshot.ordinal = ordinal
        emit(ParsedConflict(snapshot: snapshot, firstLine: firstLine, lastLine: lineNumber, signature: entry.signature,
                            shape: entry.shape, owner: entry.owner))
        reset()
    }

    /// Reads the block's lines one by one until the parser is between
    /// conflicts (from there the loop skips to the next candidate, not line
    /// by line). Returns where it stopped, and the conflict when the block
    /// was one conflict alone: one emitted, and none open after its last line.
    private mutating func readLines(_ text: ByteText, _ start: Int, _ end: Int,
                                    _ emit: (ParsedConflict) -> Void) -> (next: Int, parsed: ParsedConflict?) {
        var lineStart = start
        var count = 0
        var last: ParsedConflict?
        while lineStart <= end {
            let lineEnd = text.firstIndex(of: 0x0A, from: lineStart, to: text.count) ?? text.count
            readLine(text, lineStart, lineEnd) { parsed in
                count += 1
                last = parsed
                emit(parsed)
            }
            lineStart = lineEnd + 1
            if state == .idle { break }
        }
        let isOneConflict = lineStart == end + 1 && count == 1 && isBetweenConflicts
        return (lineStart, isOneConflict ? last : nil)
    }

    /// The table's entry for a block read the second time: its conflict,
    /// when a copy with every address and plain title changed
    /// (`ConflictBlock.changed`) reads the same, read with the same caches
    /// (its lines' readings checked already), and its lines had a shape.
    private func checked(_ parsed: ParsedConflict, _ text: ByteText, _ start: Int,
                         _ end: Int) -> ConflictBlockCache.Known {
        guard let caches, let signature = parsed.signature, let owner = parsed.owner, parsed.shape != nil,
              parsed.notice == nil else { return .readInFull }
        var snapshot = parsed.snapshot
        snapshot.ordinal = nil
        var copy = Array(UnsafeBufferPointer(start: Self.canonicalHeader.utf8Start,
                                             count: Self.canonicalHeader.utf8CodeUnitCount))
        copy.append(contentsOf: ConflictBlock.changed(text, start, end))
        copy.append(0x0A)
        var found: [ParsedConflict] = []
        caches.blocks.isChecking = true
        defer { caches.blocks.isChecking = false }
        var reader = ConsoleLogParser(summarizing: true, appModules: appModules, caches: caches)
        ByteText.withTerminated(&copy) { text, count in
            reader.consume(UnsafeBufferPointer(start: text.base, count: count)) { found.append($0) }
        }
        reader.finish { found.append($0) }
        guard found.count == 1, found[0].signature == signature, found[0].owner == owner else { return .readInFull }
        found[0].snapshot.ordinal = nil
        guard found[0].snapshot == snapshot else { return .readInFull }
        // An id of its own: every conflict taken from this entry is grouped under one signature.
        let entry = ConflictBlockCache.Entry(snapshot: snapshot, signature: signature, owner: owner,
                                             shape: caches.shapes.newShape())
        return .conflict(entry)
    }
}
