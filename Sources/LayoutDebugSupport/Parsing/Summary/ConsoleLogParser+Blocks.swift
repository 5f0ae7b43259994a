// MARK: - Blocks

extension ConsoleLogParser {
    /// The header a copy of a block is read after: any header leaves the
    /// parser as `isFreshHeader` says.
    private static let canonicalHeader: StaticString = "Unable to simultaneously satisfy constraints.\n"

    /// Reads the block after a header just read (`ConflictBlockCache`): the
    /// first time its key comes, line by line as the loop would; the second,
    /// from the first's conflict once a changed copy of it checks; then from
    /// the table.
    ///
    /// - Returns: where the loop reads on, or `nil` when it reads the block
    ///   itself (not summarizing, not a header alone, a block not in `text`,
    ///   or one whose key is read in full).
    mutating func readBlock(_ text: ByteText, from start: Int, _ emit: (ParsedConflict) -> Void) -> Int? {
        guard let blocks = caches?.blocks, !blocks.isChecking, isFreshHeader, start < text.count,
              let end = ConflictBlock.end(text, from: start) else { return nil }
        let key = blocks.key(text, start, end)
        switch blocks.lookup(key) {
        case .conflict(let entry)?:
            emitKept(entry, emit)
            return end + 1
        case .readInFull?:
            return nil
        case .seenOnce(let first)?:
            if var entry = caches?.shared?.entry(key) {
                keep(&entry, key, emit)
                return end + 1
            }
            guard var entry = checks(first, text, start, end) else {
                blocks.store(key, .readInFull)
                return nil
            }
            caches?.shared?.publish(key, entry)
            keep(&entry, key, emit)
            return end + 1
        case nil:
            if var entry = caches?.shared?.entry(key) {
                keep(&entry, key, emit)
                return end + 1
            }
            let (next, parsed) = readLines(text, start, end, emit)
            blocks.store(key, parsed.flatMap(Self.entry).map { .seenOnce($0) } ?? .readInFull)
            return next
        }
    }

    /// Whether the parser is as a header leaves it (`begin(header: true)`),
    /// so that what follows depends on the lines after it alone.
    private var isFreshHeader: Bool {
        state == .header && hasHeader && constraintLines == 0 && droppedLines == 0 && linesAfterHeader == 0
            && proseLines == 0 && wrapped == nil && pending.lines.isEmpty && conflict.repairs == nil
    }

    /// Keeps a checked conflict for every later block with `key`, and emits it.
    private mutating func keep(_ entry: inout ConflictBlockCache.Entry, _ key: ConflictShapeCache.Key,
                               _ emit: (ParsedConflict) -> Void) {
        // An id of its own: every conflict taken from this entry is grouped under one signature.
        entry.shape = caches?.shapes.newShape() ?? 0
        caches?.blocks.store(key, .conflict(entry))
        emitKept(entry, emit)
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

    /// What the table keeps of a conflict read line by line: `nil` when a
    /// line was read in full (its key depends on addresses) or it is a notice.
    private static func entry(_ parsed: ParsedConflict) -> ConflictBlockCache.Entry? {
        guard let signature = parsed.signature, let owner = parsed.owner, parsed.shape != nil,
              parsed.notice == nil else { return nil }
        var snapshot = parsed.snapshot
        snapshot.ordinal = nil
        return ConflictBlockCache.Entry(snapshot: snapshot, signature: signature, owner: owner, shape: 0)
    }

    /// `first`, when a copy of the block at `start..<end` with every address
    /// and plain title changed (`ConflictBlock.changed`) reads as it: one
    /// conflict, with its signature, owner and envelope. Read with the same
    /// caches, so its lines' readings are checked as the line cache checks
    /// any line it meets a second time.
    private func checks(_ first: ConflictBlockCache.Entry, _ text: ByteText, _ start: Int,
                        _ end: Int) -> ConflictBlockCache.Entry? {
        guard let caches else { return nil }
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
        guard found.count == 1, let read = Self.entry(found[0]), read.signature == first.signature,
              read.owner == first.owner, read.snapshot == first.snapshot else { return nil }
        return first
    }
}
