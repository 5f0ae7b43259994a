// MARK: - Summarizing

/// The raw lines of one conflict, kept while summarizing.
struct PendingLines {
    /// What a kept line was in the envelope.
    enum Kind: UInt8 { case listed = 1, broken = 2, stray = 3 }

    var bytes: [UInt8] = []
    var lines: [(start: Int, end: Int, kind: Kind)] = []

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }
}

extension ConsoleLogParser {
    mutating func keep(_ text: ByteText, _ start: Int, _ end: Int, _ kind: PendingLines.Kind) {
        let offset = pending.bytes.count
        pending.bytes.append(contentsOf: UnsafeBufferPointer(start: text.base + start, count: end - start))
        pending.lines.append((offset, pending.bytes.count, kind))
    }

    /// Fills `conflict` from the kept lines, parsing them only when no earlier
    /// conflict had the same text apart from addresses, and returns the
    /// signature with the id of the text (`nil` when the text cannot share one).
    mutating func resolvePending() -> (signature: String, shape: Int?) {
        guard let shapes else { preconditionFailure("kept lines without a shape cache") }
        // The envelope's repairs (a stray `}`, elisions) are not in the kept
        // lines, so they join the key: a cached snapshot carries them.
        let key = shapes.key(pending, droppedLines: droppedLines, envelope: conflict.repairs)
        let known = shapes.lookup(key)
        if case .shape(let entry)? = known {
            conflict = entry.snapshot
            return (entry.signature, entry.shape)
        }
        let base = conflict
        let snapshot = readable(read(pending, onto: base))
        let signature = snapshot.signature
        guard known == nil else {
            conflict = snapshot
            return (signature, nil)
        }
        // Sharing a text's signature with later texts that differ only in
        // their addresses is right only when the signature does not depend on
        // them, which an address inside an identifier or a `names:` key
        // breaks. Reading the text again with every address changed (same
        // pattern of equal and different ones) shows whether it does.
        let changed = readable(read(AddressRuns.changed(pending), onto: base))
        conflict = snapshot
        guard changed.signature == signature else {
            shapes.storeReadInFull(key)
            return (signature, nil)
        }
        return (signature, shapes.store(key, snapshot: snapshot, signature: signature))
    }

    /// Parses kept lines into a copy of `base`.
    private mutating func read(_ kept: PendingLines, onto base: ConflictSnapshot) -> ConflictSnapshot {
        conflict = base
        var bytes = kept.bytes
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            let text = ByteText(base: buffer.baseAddress!, count: buffer.count - 1)
            for line in kept.lines {
                if line.kind == .stray {
                    conflict.unparsedLines.append(text.string(line.start, line.end))
                } else {
                    record(text, line.start, line.end, isBroken: line.kind == .broken)
                }
            }
        }
        if droppedLines > 0 { conflict.unparsedLines.append("(\(droppedLines) more constraint lines not kept)") }
        return conflict
    }
}
