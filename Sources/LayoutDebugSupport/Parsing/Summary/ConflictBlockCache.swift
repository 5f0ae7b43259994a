// MARK: - ConflictBlockCache

/// Conflicts already read, by their block's bytes with addresses and plain
/// titles abstracted: a conflict met again is signed from one pass over its
/// bytes, before the envelope's state machine or the line cache runs.
///
/// A block is the lines after a header, up to the broken constraint's line
/// (`ConflictBlock.end`). Its key (`ConflictBlock.key`) is what
/// `ConflictLineCache.key` keeps of one line, but across the whole block: the
/// addresses are numbered by spelling and by value over every line, so
/// which listed constraint the broken one names (matched by value) stays in
/// the key, as do identifiers, which reach the signature. A test run prints
/// the same conflicts with fresh addresses and numbered titles: the bench's
/// 9,482 blocks are all distinct as bytes and 638 with these abstracted.
///
/// A block is read as any other the first time its key comes, and its
/// conflict noted. The second time, a copy of it with every address and
/// plain title changed (`ConflictBlock.changed`) is read with the same caches
/// (which check each line's reading the same way, `ConflictLineCache`); when
/// it reads as the first did, that conflict is the block's and is kept,
/// and otherwise the key is read in full from then on. What the copy checks
/// beyond the lines' readings is the rest: which lines the envelope keeps,
/// as what, and where the block ends. Bounded: the table is emptied when it
/// grows past `capacity`.
final class ConflictBlockCache {
    /// A conflict kept: what its flush emitted, apart from its ordinal.
    struct Entry {
        var snapshot: ConflictSnapshot
        var signature: String
        var owner: ConflictOwner
        var shape: Int
    }

    /// What is known of a block with a given key.
    enum Known {
        /// Met once, read line by line into this conflict.
        case seenOnce(Entry)
        /// Later blocks with its key are this conflict.
        case conflict(Entry)
        /// Its reading depends on its addresses or titles, or it is not one conflict alone.
        case readInFull
    }

    static let capacity = 4096
    private var entries: [ConflictShapeCache.Key: Known] = [:]
    /// Set while a changed copy is read, so that its parser reads it line by line.
    var isChecking = false
    /// How many conflicts were taken from the table once kept (the second of
    /// a key's is not counted), for tests.
    private(set) var hits = 0
    private let spellings = SpellingNumbers()

    func lookup(_ key: ConflictShapeCache.Key) -> Known? {
        let known = entries[key]
        if case .conflict? = known { hits += 1 }
        return known
    }

    /// `ConflictBlock.key` of `text[start..<end]`.
    func key(_ text: ByteText, _ start: Int, _ end: Int) -> ConflictShapeCache.Key {
        ConflictBlock.key(text, start, end, spellings: spellings)
    }

    func store(_ key: ConflictShapeCache.Key, _ known: Known) {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = known
    }
}

// MARK: - ConflictBlock

/// The bytes of one conflict's block, as `ConflictBlockCache` reads them.
enum ConflictBlock {
    /// The most bytes a block spans; a longer list is read line by line.
    static let longest = 64 * 1024
    /// Stands in a key for a plain title's text (`QuotedParameters`).
    private static let titleMark: UInt64 = 0x7469_746C_655F_6D6B

    /// The index of the newline ending the block that starts at `start`: the
    /// broken constraint's line, on the "recover by breaking" line after its
    /// phrase or the first line after it with more than blanks; `nil` when
    /// that newline is not within `longest` bytes in `text`.
    static func end(_ text: ByteText, from start: Int) -> Int? {
        let limit = min(text.count, start + longest)
        guard let phrase = text.firstIndex(of: "recover by breaking", anchor: 15, from: start, to: limit),
              var lineEnd = text.firstIndex(of: 0x0A, from: phrase, to: limit) else { return nil }
        if text.firstIndex(of: UInt8(ascii: "<"), from: phrase, to: lineEnd) != nil { return lineEnd }
        while true {
            let lineStart = lineEnd + 1
            guard let next = text.firstIndex(of: 0x0A, from: lineStart, to: limit) else { return nil }
            let (contentStart, contentEnd) = text.trimmed(lineStart, next)
            if contentStart < contentEnd, !(contentEnd - contentStart == 1 && text[contentStart] == 0x0D) {
                return next
            }
            lineEnd = next
        }
    }

    /// Hashes `text[start..<end]` with each address's digits and width
    /// replaced by its numbers among the block's spellings and values, and
    /// each plain title's text (`QuotedParameters.titleEnd`) by a mark.
    static func key(_ text: ByteText, _ start: Int, _ end: Int, spellings: SpellingNumbers) -> ConflictShapeCache.Key {
        var hasher = StreamHasher()
        spellings.reset()
        var index = start
        AddressRuns.forEach(in: text, start, end) { runStart, runEnd, value, capitals in
            hasher.add(text.base + index, count: runStart - index)
            index = runEnd
            let digits = runEnd - runStart
            guard digits <= AddressRuns.longest else {
                // Too long to be read as an address: it is only text.
                return hasher.add(text.base + runStart, count: digits)
            }
            // A broken constraint names a listed one by value: equal values spelled apart must stay so.
            let numbers = spellings.numbers(of: .init(value: value, digits: digits, capitals: capitals))
            hasher.add(UInt64(numbers.spelling) << 33 | UInt64(numbers.value) << 2 | (digits == 0 ? 1 : 0) | 2)
            hasher.add(capitals)
            if let close = QuotedParameters.titleEnd(in: text, runStart: runStart, runEnd: runEnd, lineStart: start,
                                                     lineEnd: end) {
                hasher.add(titleMark)
                index = close
            }
        }
        hasher.add(text.base + index, count: end - index)
        return hasher.key
    }

    /// A copy of `text[start..<end]` with what `key` abstracts changed: each
    /// address digit the next of its kind, one digit more when shorter than
    /// `AddressRuns.longest`, and each plain title's letters and digits the
    /// next of theirs, one letter more. Spellings alike stay alike, so the
    /// copy has the same key (unless one address is spelled two ways, which
    /// then part: the block is read in full); a part of an address or title
    /// that reaches a reading shows as a difference.
    static func changed(_ text: ByteText, _ start: Int, _ end: Int) -> [UInt8] {
        AddressRuns.changedLine(text, start, end, identifier: false)
    }
}
