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
