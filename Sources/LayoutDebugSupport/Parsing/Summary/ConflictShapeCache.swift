// MARK: - ConflictShapeCache

/// Conflicts already put together, by the lines they are made of (and the
/// identifiers their lines' keys leave out).
///
/// A flooded console repeats a handful of conflicts with new addresses each
/// time. Their lines come from `ConflictLineCache` with an id per text apart
/// from addresses; the key is those ids, each with its line's kind, and which
/// listed line the broken one names (found from the addresses, the one thing
/// of them that changes what a conflict says). A conflict put together from
/// lines all met before is kept the second time its key comes, and gives its
/// snapshot and signature to every later one with its key, so the signature
/// is made at most three times. Bounded: the tables are emptied when they
/// grow past `capacity`, so memory stays constant.
final class ConflictShapeCache {
    /// Two independent 64-bit hashes. Equal inputs always have equal keys;
    /// for different ones to share a key both hashes would have to collide
    /// (odds about 2⁻¹²⁸ per pair), which is why the input itself is not
    /// kept for comparison.
    struct Key: Hashable {
        var first: UInt64
        var second: UInt64

        /// One of the two hashes is enough to place a key in a table (both
        /// are compared on a match): hashing both again costs the line
        /// cache, which looks up every constraint line, twice the rounds.
        func hash(into hasher: inout Hasher) { hasher.combine(first) }

        /// What a table places a key by: `first`, already a well-mixed hash,
        /// mixed with the table's seed. `Hashable`'s hidden requirement,
        /// implemented so that the table does not run the standard library's
        /// SipHash over it: the line cache looks up every constraint line,
        /// and that hashing was a fortieth of a summary's cost.
        func _rawHashValue(seed: Int) -> Int { Int(truncatingIfNeeded: first) ^ seed }
    }

    /// A conflict kept: its snapshot (the envelope alone, as a summary
    /// makes it), signature, owner and id.
    struct Entry {
        var snapshot: ConflictSnapshot
        var signature: String
        var owner: ConflictOwner
        var shape: Int
    }

    private static let capacity = 4096
    private var entries: [Key: Entry] = [:]
    /// Keys met once and not kept: a snapshot is kept when its key comes
    /// again. A varied console names thousands of conflicts once each (an
    /// identifier of their own), and keeping each costs more than putting
    /// the few that do come again together twice.
    private var seenOnce: Set<Key> = []
    private var shapes = 0

    func lookup(_ key: Key) -> Entry? { entries[key] }

    /// Whether `key` was met before and not kept; remembers it otherwise.
    func isSecondSighting(_ key: Key) -> Bool {
        if seenOnce.remove(key) != nil { return true }
        // Emptied in place, as `entries` is: bounded whatever the input.
        if seenOnce.count >= Self.capacity * 4 { seenOnce.removeAll(keepingCapacity: true) }
        seenOnce.insert(key)
        return false
    }

    /// Stores a newly signed conflict under a new id, which it returns (ids only go
    /// up, so an id is never reused for another conflict after the table is
    /// emptied).
    func store(_ key: Key, _ entry: Entry) -> Int {
        // Emptied in place: the table would grow back to this size anyway.
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        var entry = entry
        entry.shape = newShape()
        entries[key] = entry
        return entry.shape
    }

    /// An id for a conflict put together but not kept (see `store`).
    func newShape() -> Int {
        shapes += 1
        return shapes
    }

    /// Hashes a conflict's line ids and kinds, the index of the listed line
    /// the broken one names, the lines not kept and the envelope's repairs;
    /// `nil` when a line has no id (read in full, or unreadable text).
    func key(_ readings: [KeptReading], matched: Int?, droppedLines: Int, envelope: PasteRepairs?) -> Key? {
        var hasher = StreamHasher()
        // By index, each field read in place: a reading copied out costs two retains and releases.
        for index in readings.indices {
            guard readings[index].isShared else { return nil }
            hasher.add(UInt64(readings[index].kind.rawValue) | UInt64(readings[index].line.id) << 8)
            if var identifier = readings[index].identifier {
                // The line's id stands for its reading's identifier; another one is in the signature.
                identifier.withUTF8 { hasher.add($0.baseAddress!, count: $0.count) }
            }
        }
        hasher.add(UInt64(readings.count))
        hasher.add(matched.map { UInt64($0) } ?? UInt64.max)
        hasher.add(UInt64(droppedLines))
        if let envelope {
            hasher.add(UInt64(envelope.strayClosings) | UInt64(envelope.elisions) << 32)
        }
        return hasher.key
    }
}

extension StreamHasher {
    /// Both hashes, as a key two inputs share only if both collide.
    var key: ConflictShapeCache.Key { ConflictShapeCache.Key(first: first, second: second) }
}
