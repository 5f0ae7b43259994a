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
    /// Two independent 64-bit hashes of the text without addresses. Equal
    /// texts always have equal keys; for different texts to share a key both
    /// hashes would have to collide (odds about 2⁻¹²⁸ per pair), which is why
    /// the text itself is not kept for comparison.
    struct Key: Hashable {
        var first: UInt64
        var second: UInt64
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

    /// Hashes the kept lines without the digits of addresses (`:0x…` and
    /// `: 0x…`), with each line's kind, eight bytes at a time between addresses.
    static func key(_ pending: PendingLines, droppedLines: Int) -> Key {
        var hasher = StreamHasher()
        pending.bytes.withUnsafeBufferPointer { buffer in
            let text = ByteText(base: buffer.baseAddress!, count: buffer.count)
            for line in pending.lines {
                hasher.add(UInt64(line.kind.rawValue) | UInt64(line.end - line.start) << 8)
                var index = line.start
                while index < line.end {
                    // Addresses are the only common `x` in constraint text.
                    let x = text.firstIndex(of: UInt8(ascii: "x"), from: index, to: line.end) ?? (line.end - 1)
                    hasher.add(text.base + index, count: x + 1 - index)
                    index = x + 1
                    if isAddressPrefix(text, x, lineStart: line.start) {
                        while index < line.end, ByteClass.isHexDigit(text[index]) { index += 1 }
                    }
                }
            }
        }
        hasher.add(UInt64(droppedLines))
        return hasher.key
    }

    /// Whether the `x` at `index` is the `x` of `:0x` or `: 0x`.
    private static func isAddressPrefix(_ text: ByteText, _ index: Int, lineStart: Int) -> Bool {
        guard index - 2 >= lineStart, text[index] == UInt8(ascii: "x"), text[index - 1] == UInt8(ascii: "0") else {
            return false
        }
        if text[index - 2] == UInt8(ascii: ":") { return true }
        return index - 3 >= lineStart && text[index - 2] == 0x20 && text[index - 3] == UInt8(ascii: ":")
    }
}

// MARK: - StreamHasher

/// Two multiply-rotate hashes fed with byte runs of any length.
///
/// Each run is mixed eight bytes at a time and its tail as one zero-padded
/// word followed by its length, so the same bytes split into different runs
/// hash differently; that is fine here because runs are cut at the same
/// places (the addresses) in texts that are equal apart from addresses.
struct StreamHasher {
    private var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    var key: ConflictShapeCache.Key { ConflictShapeCache.Key(first: first, second: second) }

    mutating func add(_ word: UInt64) {
        first = (first ^ word) &* 0xFF51_AFD7_ED55_8CCD
        first = first << 31 | first >> 33
        second = (second ^ word) &* 0xC4CE_B9FE_1A85_EC53
        second = second << 27 | second >> 37
        second = second &* 5 &+ 0x52DC_E729
    }

    mutating func add(_ bytes: UnsafePointer<UInt8>, count: Int) {
        let raw = UnsafeRawPointer(bytes)
        var offset = 0
        while offset + 8 <= count {
            add(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        add(tail)
        add(UInt64(count))
    }
}
