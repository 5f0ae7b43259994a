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
        let snapshot = read(pending, onto: base)
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
        let changed = read(AddressRuns.changed(pending), onto: base)
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

// MARK: - ConflictShapeCache

/// Conflicts already read, by their text with the addresses abstracted.
///
/// A flooded console repeats a handful of conflicts with new addresses each
/// time. The key keeps everything but the digits of addresses, and of those
/// it keeps their length and which addresses are equal (`AddressNumbers`):
/// a broken constraint names a listed one by address, so that much of the
/// addresses does change what a conflict says. Bounded: the table is emptied
/// when it grows past `capacity`, so memory stays constant.
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

    /// What is known of a text read before.
    enum Known {
        /// Later texts like it share its signature and id.
        case shape(Entry)
        /// Its signature depends on its addresses, so each is read in full.
        case readInFull
    }

    private static let capacity = 2048
    private var entries: [Key: Known] = [:]
    private var shapes = 0

    func lookup(_ key: Key) -> Known? { entries[key] }

    /// Stores a newly read text and returns its id (ids only go up, so an id
    /// is never reused for another text after the table is emptied).
    func store(_ key: Key, snapshot: ConflictSnapshot, signature: String) -> Int {
        makeRoom()
        shapes += 1
        entries[key] = .shape((snapshot, signature, shapes))
        return shapes
    }

    /// Remembers that texts with this key are read in full, so each is read
    /// once rather than twice.
    func storeReadInFull(_ key: Key) {
        makeRoom()
        entries[key] = .readInFull
    }

    private func makeRoom() {
        if entries.count >= Self.capacity { entries.removeAll() }
    }

    /// Hashes the kept lines, each with its kind, replacing the digits of
    /// each address by their count and the address's numbers in order of
    /// first appearance (see `AddressNumbers`).
    func key(_ pending: PendingLines, droppedLines: Int, envelope: PasteRepairs? = nil) -> Key {
        var hasher = StreamHasher()
        var numbers = AddressNumbers()
        pending.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let text = ByteText(base: base, count: buffer.count)
            for line in pending.lines {
                hasher.add(UInt64(line.kind.rawValue) | UInt64(line.end - line.start) << 8)
                var index = line.start
                AddressRuns.forEach(in: text, line.start, line.end) { runStart, runEnd, value, capitals in
                    hasher.add(text.base + index, count: runStart - index)
                    if runEnd - runStart <= AddressRuns.longest {
                        hasher.add(UInt64(runEnd - runStart))
                        numbers.add(value, spelling: UInt64(runEnd - runStart) | capitals << 8, to: &hasher)
                    } else {
                        // Too long to be read as an address: it is only text.
                        hasher.add(text.base + runStart, count: runEnd - runStart)
                    }
                    index = runEnd
                }
                hasher.add(text.base + index, count: line.end - index)
            }
        }
        hasher.add(UInt64(droppedLines))
        if let envelope {
            hasher.add(UInt64(envelope.strayClosings) | UInt64(envelope.elisions) << 32)
        }
        return hasher.key
    }
}

// MARK: - AddressNumbers

/// Numbers the addresses of one text in order of first appearance, twice:
/// by value, since a broken constraint is matched to a listed one by value
/// (`0x10` is `0x010`), and by spelling, since names are matched by their
/// text (`0xab` is not `0xAB`). Two texts with the same numbers have the same
/// addresses equal and different, in both senses.
struct AddressNumbers {
    /// Past this many distinct values or spellings, the rest are hashed as
    /// they are, which only makes keys more particular.
    private static let limit = 64
    private var values: [UInt64] = []
    /// Each spelling met, with the number of its value: one spelling has one
    /// value, so a repeated spelling is looked up once.
    private var spellings: [(spelling: Spelling, value: Int)] = []

    private struct Spelling: Equatable {
        var value: UInt64
        /// The digit count, and which digits are capitals above it.
        var form: UInt64
    }

    mutating func add(_ value: UInt64, spelling form: UInt64, to hasher: inout StreamHasher) {
        let spelling = Spelling(value: value, form: form)
        if let known = spellings.firstIndex(where: { $0.spelling == spelling }) {
            hasher.add(UInt64(spellings[known].value))
            hasher.add(UInt64(known))
            return
        }
        let valueNumber: Int
        if let found = values.firstIndex(of: value) {
            valueNumber = found
        } else if values.count < Self.limit {
            values.append(value)
            valueNumber = values.count - 1
        } else {
            return Self.addAsItIs(spelling, to: &hasher)
        }
        guard spellings.count < Self.limit else { return Self.addAsItIs(spelling, to: &hasher) }
        spellings.append((spelling, valueNumber))
        hasher.add(UInt64(valueNumber))
        hasher.add(UInt64(spellings.count - 1))
    }

    private static func addAsItIs(_ spelling: Spelling, to hasher: inout StreamHasher) {
        hasher.add(UInt64.max)
        hasher.add(spelling.value)
        hasher.add(spelling.form)
    }
}

// MARK: - AddressRuns

/// The hexadecimal digits after `:0x` or `: 0x` in a line: where logs print
/// addresses, and now and then text that only looks like one.
enum AddressRuns {
    /// The most digits an address has; the parser reads no longer run as one.
    static let longest = 16

    /// Calls `body` with the start and end of each run of digits, in order
    /// (an empty run when `:0x` has no digit after it), its value and a bit
    /// per capital letter, last digit lowest (of its last 16 digits when
    /// longer).
    @inline(__always)
    static func forEach(in text: ByteText, _ start: Int, _ end: Int,
                        _ body: (Int, Int, UInt64, UInt64) -> Void) {
        var index = start
        while index < end, let x = text.firstIndex(of: UInt8(ascii: "x"), from: index, to: end) {
            index = x + 1
            guard isAddressPrefix(text, x, lineStart: start) else { continue }
            var value: UInt64 = 0
            var capitals: UInt64 = 0
            while index < end, let digit = ByteClass.hexValue(text[index]) {
                value = value &<< 4 | digit
                capitals = capitals &<< 1 | (text[index] &- UInt8(ascii: "A") < 6 ? 1 : 0)
                index += 1
            }
            body(x + 1, index, value, capitals)
        }
    }

    /// A copy of the lines with every digit of every address changed and
    /// everything else kept: each digit is replaced by the next one of its
    /// kind (`0`…`9`, `a`…`f`, `A`…`F`, wrapping), so lengths, letters and
    /// which addresses are spelled alike stay as they were. Every digit
    /// changes (zeros too, as in `'tag:0x0'`), so any part of an address that
    /// reaches a signature shows. Two spellings of one address (`0x010` and
    /// `0x10`) may part; the worst that does is keep a text out of the cache.
    static func changed(_ pending: PendingLines) -> PendingLines {
        var copy = pending
        copy.bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let text = ByteText(base: UnsafePointer(base), count: buffer.count)
            for line in pending.lines {
                forEach(in: text, line.start, line.end) { runStart, runEnd, _, _ in
                    guard runEnd - runStart <= longest else { return }
                    for index in runStart..<runEnd { base[index] = next(base[index]) }
                }
            }
        }
        return copy
    }

    private static func next(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "9"): UInt8(ascii: "0")
        case UInt8(ascii: "f"): UInt8(ascii: "a")
        case UInt8(ascii: "F"): UInt8(ascii: "A")
        default: digit + 1
        }
    }

    /// Whether the `x` at `index` is the `x` of `:0x` or `: 0x`.
    private static func isAddressPrefix(_ text: ByteText, _ index: Int, lineStart: Int) -> Bool {
        guard index - 2 >= lineStart, text[index - 1] == UInt8(ascii: "0") else { return false }
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
