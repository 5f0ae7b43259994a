// MARK: - ConflictLineCache

/// Constraint lines already read, by their text with the digits of addresses
/// abstracted.
///
/// A varied console seldom repeats a whole conflict apart from its addresses
/// (an identifier or a title that differs in one line is enough), but it
/// repeats most of its lines, and addresses of any width. So lines are
/// read once each, and a conflict is put together from its lines' readings.
///
/// The key keeps everything but the digits of each address (what follows
/// `:0x` or `: 0x`, up to `AddressRuns.longest` digits): of those it keeps
/// only which addresses of the line are spelled alike, whether the run is
/// empty, and where capitals are. Neither a digit nor the width reaches the
/// key, so `0x7f8e1c` and `0x600003a4c2f0` read as one line. A plain title
/// right after an address (`'Item 42'`) and a plain identifier right after
/// the constraint's (`'cell-12'`) are left out of the key the same way (see
/// `QuotedParameters`); the identifier is put back in each line's reading.
///
/// A line is read when it is first met and kept unverified; when its key
/// comes again, the first line is read once more with every address and
/// plain title or identifier changed (each digit or letter, and the width)
/// and kept only if that reading is the same, as `readInFull` otherwise. A line met once is thus read once. Bounded: the
/// table is emptied when it grows past `capacity`.
final class ConflictLineCache {
    /// Where a kept line's own constraint address comes from.
    enum AddressSource: Equatable {
        /// The line names no constraint address.
        case none
        /// The value of the line's address run with this index.
        case run(Int)
        /// A value spelled outside any address run, so fixed by the key.
        case fixed(UInt64)
    }

    /// One line read and kept, with an id no other line gets. A class, so
    /// the table and each conflict's readings share it rather than copy it.
    final class Line {
        let id: Int
        let reading: LineReading
        let address: AddressSource
        /// The text the line was read from, until a second line with its key
        /// has had it verified (`nil` after).
        var unverifiedBytes: [UInt8]?

        init(id: Int, reading: LineReading, address: AddressSource, unverifiedBytes: [UInt8]?) {
            self.id = id
            self.reading = reading
            self.address = address
            self.unverifiedBytes = unverifiedBytes
        }
    }

    /// What is known of a line with a given key.
    enum Known {
        /// Later lines with its key share its reading, once it is verified.
        case line(Line)
        /// Its reading depends on its addresses, so each line is read in full.
        case readInFull
    }

    private static let capacity = 16384
    /// Stands in a key for a plain identifier's text (`QuotedParameters`).
    private static let identifierMark: UInt64 = 0x6964_656E_745F_6D6B
    /// Stands in a key for a plain title's text (`QuotedParameters`).
    private static let titleMark: UInt64 = 0x7469_746C_655F_6D6B
    // The fields below are exempt from run-time exclusivity checks, which
    // cost about 2.5% of a varied console's summary (a begin and an end
    // access, through thread-local storage, per address run keyed). That is
    // safe because each is touched only inside one call of this class, and
    // `AddressRuns.forEach`, the one call out while `key` changes them, never
    // calls back into the cache; and a parser, with its cache, is used by one
    // thread at a time.
    @exclusivity(unchecked) private var entries: [ConflictShapeCache.Key: Known] = [:]
    /// Lines kept so far: the last id handed out.
    @exclusivity(unchecked) private(set) var lines = 0
    /// Where the plain identifier of the line last keyed lies, when its key
    /// leaves it out: every line with that key has one, each its own.
    @exclusivity(unchecked) private(set) var identifier: (start: Int, end: Int)?
    // Their storage is a class's (`ScratchList`): filling them accesses no field here.
    private let spellings = SpellingNumbers()
    /// The values of the address runs of the line last keyed, in order.
    let values = ScratchList<UInt64>()

    func lookup(_ key: ConflictShapeCache.Key) -> Known? { entries[key] }

    /// Keeps a line read for the first time, with the text it was read from;
    /// returns it with its new id (ids only go up, so one is never reused
    /// after the table is emptied).
    func storeUnverified(_ key: ConflictShapeCache.Key, reading: LineReading, address: AddressSource,
                         bytes: [UInt8]) -> Line {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        lines += 1
        let line = Line(id: lines, reading: reading, address: address, unverifiedBytes: bytes)
        entries[key] = .line(line)
        return line
    }

    /// Remembers that lines with this key are read in full.
    func storeReadInFull(_ key: ConflictShapeCache.Key) { entries[key] = .readInFull }

    /// Hashes one line with the digits and width of each address replaced by
    /// the number of its spelling in the line, and the text of each plain
    /// title or identifier (`QuotedParameters`) by a mark; fills `values` with
    /// the addresses' values in order and `identifier` with where the
    /// identifier left out lies.
    func key(_ text: ByteText, _ start: Int, _ end: Int) -> ConflictShapeCache.Key {
        var hasher = StreamHasher()
        spellings.reset()
        values.removeAll()
        var identifier: (start: Int, end: Int)?
        var index = start
        var isFirstRun = true
        AddressRuns.forEach(in: text, start, end) { runStart, runEnd, value, capitals in
            hasher.add(text.base + index, count: runStart - index)
            let digits = runEnd - runStart
            if digits <= AddressRuns.longest {
                values.append(value)
                let spelling = SpellingNumbers.Spelling(value: value, digits: digits, capitals: capitals)
                hasher.add(UInt64(spellings.number(of: spelling)) << 2 | (digits == 0 ? 1 : 0) | 2)
                hasher.add(capitals)
                defer { isFirstRun = false }
                if let parameter = Self.parameter(text, runStart, runEnd, lineStart: start, lineEnd: end,
                                                  isFirstRun: isFirstRun) {
                    // A plain identifier's or title's text: only that one is there reaches the key.
                    hasher.add(parameter.isIdentifier ? Self.identifierMark : Self.titleMark)
                    if parameter.isIdentifier { identifier = (runEnd + 2, parameter.close) }
                    index = parameter.close
                    return
                }
            } else {
                // Too long to be read as an address: it is only text.
                hasher.add(text.base + runStart, count: digits)
            }
            index = runEnd
        }
        hasher.add(text.base + index, count: end - index)
        self.identifier = identifier
        return hasher.key
    }

    /// The quote closing the plain identifier (after the line's first
    /// address run) or title right after an address run (`QuotedParameters`),
    /// and which of the two it is.
    @inline(__always)
    private static func parameter(_ text: ByteText, _ runStart: Int, _ runEnd: Int, lineStart: Int, lineEnd: Int,
                                  isFirstRun: Bool) -> (close: Int, isIdentifier: Bool)? {
        // Most addresses are followed by `.` or `>`: only a quote or a blank may open one.
        guard runEnd < lineEnd, text[runEnd] == UInt8(ascii: "'") || text[runEnd] == 0x20 else { return nil }
        if isFirstRun,
           let close = QuotedParameters.identifierEnd(in: text, runStart: runStart, runEnd: runEnd, lineEnd: lineEnd) {
            return (close, true)
        }
        return QuotedParameters.titleEnd(in: text, runStart: runStart, runEnd: runEnd, lineStart: lineStart,
                                         lineEnd: lineEnd).map { ($0, false) }
    }
}

// MARK: - SpellingNumbers

/// Numbers the address spellings of one line in order of first appearance.
/// A `names:` key is matched by its text, so which addresses of a line are
/// spelled alike can change what the line says; which values are equal
/// reaches only the match of a broken constraint, made from the values.
struct SpellingNumbers {
    struct Spelling: Equatable {
        var value: UInt64
        var digits: Int
        var capitals: UInt64
    }

    private let known = ScratchList<Spelling>()

    /// Forgets the spellings, for the next line.
    func reset() { known.removeAll() }

    /// The number of `spelling`, a new one if the line has not had it.
    func number(of spelling: Spelling) -> Int {
        if let found = known.elements.firstIndex(of: spelling) { return found }
        known.append(spelling)
        return known.count - 1
    }

    /// The number of `spelling`, a new one if not met since `reset`, and the
    /// number of the first spelling met of its value: equal values spelled
    /// apart (`0x010`, `0x10`) share the second and not the first.
    func numbers(of spelling: Spelling) -> (spelling: Int, value: Int) {
        var value: Int?
        for (index, met) in known.elements.enumerated() where met.value == spelling.value {
            if value == nil { value = index }
            if met == spelling { return (index, value ?? index) }
        }
        known.append(spelling)
        return (known.count - 1, value ?? known.count - 1)
    }
}
