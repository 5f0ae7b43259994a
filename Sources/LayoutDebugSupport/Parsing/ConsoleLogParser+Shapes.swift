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
    /// signature with the id of the text.
    mutating func resolvePending() -> (signature: String, shape: Int) {
        let key = ConflictShapeCache.key(pending, droppedLines: droppedLines)
        if let known = shapes?.lookup(key) {
            conflict = known.snapshot
            return (known.signature, known.shape)
        }
        var bytes = pending.bytes
        let lines = pending.lines
        bytes.append(0)
        bytes.withUnsafeBufferPointer { buffer in
            let text = ByteText(base: buffer.baseAddress!, count: buffer.count - 1)
            for line in lines {
                if line.kind == .stray {
                    conflict.unparsedLines.append(text.string(line.start, line.end))
                } else {
                    record(text, line.start, line.end, isBroken: line.kind == .broken)
                }
            }
        }
        if droppedLines > 0 { conflict.unparsedLines.append("(\(droppedLines) more constraint lines not kept)") }
        let signature = conflict.signature
        let shape = shapes?.store(key, snapshot: conflict, signature: signature) ?? 0
        return (signature, shape)
    }
}

// MARK: - ConflictShapeCache

/// Conflicts already read, by their text with the addresses taken out.
///
/// A flooded console repeats a handful of conflicts with new addresses each
/// time. The signature does not depend on addresses (it has classes,
/// identifiers, attributes and numbers), so a conflict whose text matches an
/// earlier one once the hexadecimal digits after `:0x` are dropped has the
/// same signature. Bounded: the table is emptied when it grows past
/// `capacity`, so memory stays constant.
final class ConflictShapeCache {
    struct Key: Hashable {
        var hash: UInt64
        var bytes: [UInt8]

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.bytes == rhs.bytes }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    typealias Entry = (snapshot: ConflictSnapshot, signature: String, shape: Int)

    private static let capacity = 2048
    private var entries: [Key: Entry] = [:]
    private var shapes = 0

    func lookup(_ key: Key) -> Entry? { entries[key] }

    /// Stores a newly read text and returns its id (ids only go up, so an id
    /// is never reused for another text after the table is emptied).
    func store(_ key: Key, snapshot: ConflictSnapshot, signature: String) -> Int {
        if entries.count >= Self.capacity { entries.removeAll() }
        shapes += 1
        entries[key] = (snapshot, signature, shapes)
        return shapes
    }

    /// The kept lines without the digits of addresses (`:0x…` and `: 0x…`),
    /// with each line's kind, and a hash of that.
    ///
    /// Text between addresses is copied with `memcpy`, so building the key
    /// costs about as much as copying the conflict once.
    static func key(_ pending: PendingLines, droppedLines: Int) -> Key {
        let capacity = pending.bytes.count + pending.lines.count + 8
        let out = [UInt8](unsafeUninitializedCapacity: capacity) { destination, initialized in
            var written = 0
            pending.bytes.withUnsafeBufferPointer { buffer in
                let text = ByteText(base: buffer.baseAddress!, count: buffer.count)
                for line in pending.lines {
                    destination[written] = line.kind.rawValue
                    written += 1
                    var index = line.start
                    while index < line.end {
                        // Addresses are the only common `x` in constraint text.
                        let x = text.firstIndex(of: UInt8(ascii: "x"), from: index, to: line.end) ?? (line.end - 1)
                        let copyEnd = x + 1
                        (destination.baseAddress! + written).update(from: text.base + index, count: copyEnd - index)
                        written += copyEnd - index
                        index = copyEnd
                        if Self.isAddressPrefix(text, x, lineStart: line.start) {
                            while index < line.end, ByteClass.hexValue(text[index]) != nil { index += 1 }
                        }
                    }
                }
            }
            var dropped = droppedLines
            for _ in 0..<8 {
                destination[written] = UInt8(truncatingIfNeeded: dropped)
                dropped >>= 8
                written += 1
            }
            initialized = written
        }
        return Key(hash: hash(out), bytes: out)
    }

    /// Whether the `x` at `index` is the `x` of `:0x` or `: 0x`.
    private static func isAddressPrefix(_ text: ByteText, _ index: Int, lineStart: Int) -> Bool {
        guard index - 2 >= lineStart, text[index] == UInt8(ascii: "x"), text[index - 1] == UInt8(ascii: "0") else {
            return false
        }
        if text[index - 2] == UInt8(ascii: ":") { return true }
        return index - 3 >= lineStart && text[index - 2] == 0x20 && text[index - 3] == UInt8(ascii: ":")
    }

    /// A multiply-rotate hash over eight bytes at a time.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var index = 0
            while index + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
                hash = hash << 29 | hash >> 35
                index += 8
            }
            while index < raw.count {
                hash = (hash ^ UInt64(raw[index])) &* 0x100000001b3
                index += 1
            }
            return hash
        }
    }
}
