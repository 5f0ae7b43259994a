// MARK: - TextWriter

/// The UTF-8 bytes of a report being written, piece by piece.
///
/// A descent report over a thousand views is a megabyte made of some hundred
/// thousand short pieces. `String +=` checks uniqueness, capacity and its
/// ASCII flags for every piece, and even `[UInt8].append(contentsOf:)` pays
/// for generic dispatch and uniqueness; here a piece costs a bounds check and
/// a copy. The C surface publishes the bytes as they are, so the text is
/// never turned into a `String` on its way to the debugger.
///
/// Not copyable: it owns its storage, and a copy would either share it or
/// silently duplicate a megabyte.
struct TextWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes kept free before the text, for a header the owner writes later.
    private let reserved: Int
    /// The end of the text in `base` (the reserved bytes included).
    private var end: Int

    /// An empty writer with room for `capacity` bytes before it grows.
    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        reserved = 0
        end = 0
    }

    /// An empty writer that takes over `storage` (allocated with
    /// `UnsafeMutablePointer<UInt8>.allocate`) and writes after its first
    /// `reserved` bytes. `ReportBuffer` lends its buffer this way, so a
    /// megabyte report is written in place, into pages already mapped.
    init(adopting storage: UnsafeMutablePointer<UInt8>, capacity: Int, reserved: Int) {
        base = storage
        self.capacity = capacity
        self.reserved = reserved
        end = reserved
    }

    /// Gives the storage back without freeing it: where it starts, its size,
    /// and where the text ends (after the reserved bytes).
    consuming func releaseStorage() -> (storage: UnsafeMutablePointer<UInt8>, capacity: Int, end: Int) {
        let released = (base, capacity, end)
        discard self
        return released
    }

    /// The number of bytes written.
    var count: Int { end - reserved }

    /// Makes sure `extra` more bytes fit without the storage moving.
    mutating func reserveCapacity(_ extra: Int) {
        reserve(extra)
    }

    deinit { base.deallocate() }

    /// The text as a `String` (for the Swift API; the C surface takes the bytes).
    var string: String { String(decoding: UnsafeBufferPointer(start: base + reserved, count: count), as: UTF8.self) }


    // MARK: - Writing

    /// Appends a literal.
    ///
    /// Inlined, with `append`, into every call site: a literal's length is
    /// then a constant, and its copy a few moves instead of a call to
    /// `memmove` (literals are most of a report's two million pieces).
    @inline(__always)
    mutating func write(_ text: StaticString) {
        if text.hasPointerRepresentation {
            append(text.utf8Start, text.utf8CodeUnitCount)
        } else {
            text.withUTF8Buffer { append($0.baseAddress!, $0.count) }
        }
    }

    /// Appends a string's UTF-8.
    ///
    /// Disfavoured so that a literal (`out.write(" on ")`) takes the
    /// `StaticString` overload above, a pointer and a length: without it
    /// Swift prefers `String` for a literal, and every literal piece paid for
    /// the string's storage check and a closure (about a tenth of a report).
    @_disfavoredOverload
    mutating func write(_ text: String) {
        // Borrowed, not copied into a `var` for `withUTF8`: that copy costs a
        // retain and a release per piece. Native and small strings are
        // contiguous; anything else (a bridged string) is copied once.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let start = bytes.baseAddress { append(start, bytes.count) }
        }
        if done == nil {
            var copy = text
            copy.withUTF8 { if let start = $0.baseAddress { append(start, $0.count) } }
        }
    }

    /// Appends one ASCII byte.
    mutating func write(ascii byte: UInt8) {
        reserve(1)
        base[end] = byte
        end += 1
    }

    /// Appends an integer in decimal, without making a `String`.
    mutating func write(decimal value: Int64) {
        if writeSmallDecimal(value) { return }
        reserve(20)
        if value < 0 { write(ascii: UInt8(ascii: "-")) }
        var remaining = value.magnitude
        var digits = 1
        var probe = remaining
        while probe >= 10 { probe /= 10; digits += 1 }
        var index = end + digits
        end = index
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining != 0
    }

    /// Appends `value` when it has one to four digits, the most numbers in a
    /// report have (constants, priorities, sizes, depths), without a loop.
    /// Inlined into the writers of numbers.
    ///
    /// - Returns: Whether it did; `false` leaves `value` to `write(decimal:)`.
    @inline(__always)
    private mutating func writeSmallDecimal(_ value: Int64) -> Bool {
        guard value > -10_000, value < 10_000 else { return false }
        reserve(5)
        if value < 0 {
            base[end] = UInt8(ascii: "-")
            end += 1
        }
        let number = UInt(value.magnitude)
        let digits = number < 10 ? 1 : number < 100 ? 2 : number < 1000 ? 3 : 4
        let last = end + digits - 1
        base[last] = Self.decimalDigit(number % 10)
        if digits > 1 { base[last - 1] = Self.decimalDigit(number / 10 % 10) }
        if digits > 2 { base[last - 2] = Self.decimalDigit(number / 100 % 10) }
        if digits > 3 { base[last - 3] = Self.decimalDigit(number / 1000) }
        end += digits
        return true
    }

    @inline(__always)
    private static func decimalDigit(_ digit: UInt) -> UInt8 { UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit) }

    /// Appends `value` in lower-case hexadecimal, without `0x`.
    ///
    /// Eight digits at a time (`hexDigits(of:)`), not a digit per step: a
    /// thousand-view report writes tens of thousands of twelve-digit addresses.
    mutating func write(hex value: UInt64) {
        reserve(16)
        let digits = max(1, (64 - value.leadingZeroBitCount + 3) / 4)
        if digits > 8 {
            store(Self.hexDigits(of: UInt32(truncatingIfNeeded: value >> 32)), last: digits - 8)
            store(Self.hexDigits(of: UInt32(truncatingIfNeeded: value)), last: 8)
        } else {
            store(Self.hexDigits(of: UInt32(truncatingIfNeeded: value)), last: digits)
        }
    }

    /// The eight hexadecimal digits of `value` as ASCII, the most significant
    /// digit in the most significant byte: each nibble is spread into a byte
    /// of its own, then `0` is added to each, and to those of 10 and above
    /// the distance from `9` to `a` as well.
    @inline(__always)
    private static func hexDigits(of value: UInt32) -> UInt64 {
        var nibbles = UInt64(value)
        nibbles = (nibbles | nibbles << 16) & 0x0000_FFFF_0000_FFFF
        nibbles = (nibbles | nibbles << 8) & 0x00FF_00FF_00FF_00FF
        nibbles = (nibbles | nibbles << 4) & 0x0F0F_0F0F_0F0F_0F0F
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* UInt64(UInt8(ascii: "a") - UInt8(ascii: "9") - 1)
    }

    /// Appends the last `count` (1–8) characters of `characters`, eight ASCII
    /// bytes whose first is the most significant, with one 8-byte store (the
    /// caller reserved room for it).
    @inline(__always)
    private mutating func store(_ characters: UInt64, last count: Int) {
        let kept = characters << (8 * (8 - count))
        UnsafeMutableRawPointer(base + end).storeBytes(of: kept.bigEndian, as: UInt64.self)
        end += count
    }

    /// The lower-case hexadecimal digit for `nibble` (0–15). Worked out, not
    /// looked up: a static table costs a lazy-initialisation check and a
    /// bounds check per digit, and an address has twelve.
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
    }

    // MARK: - Storage

    @inline(__always)
    private mutating func append(_ start: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length)
        (base + end).update(from: start, count: length)
        end += length
    }

    /// Makes room for `extra` more bytes, doubling so appends stay amortised O(1).
    ///
    /// Every piece written passes here, and it almost never grows: the test
    /// is inlined into each writer and only the growing is a call (as one
    /// function, both cost about 3% of a descent report).
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if end + extra > capacity { grow(toFit: extra) }
    }

    /// Moves the text into storage at least twice as large, with room for `extra` more bytes.
    @inline(never)
    private mutating func grow(toFit extra: Int) {
        var grown = capacity * 2
        while grown < end + extra { grown *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: end)
        base.deallocate()
        base = moved
        capacity = grown
    }
}

// MARK: - JSON strings

extension TextWriter {
    /// Appends `text` as it stands inside a JSON string, without the quotes, as
    /// `JSONText.escaped` writes it: runs of plain bytes are copied whole, and
    /// only `"`, `\` and control bytes are escaped.
    mutating func writeJSONEscaped(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { writeJSONEscaped($0) }
        if done == nil {
            var copy = text
            copy.withUTF8 { writeJSONEscaped($0) }
        }
    }

    /// `writeJSONEscaped` for bytes already in memory (a report written first).
    mutating func writeJSONEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        var run = 0
        while let index = Self.firstJSONEscape(start, from: run, count: bytes.count) {
            if index > run { append(start + run, index - run) }
            writeJSONEscape(of: start[index])
            run = index + 1
        }
        if bytes.count > run { append(start + run, bytes.count - run) }
    }

    /// The escape for one byte that needs one: `\"`, `\\`, `\n`, `\r`, `\t` or `\u00XX`.
    @inline(__always)
    private mutating func writeJSONEscape(of byte: UInt8) {
        switch byte {
        case 0x22: write("\\\"")
        case 0x5C: write("\\\\")
        case 0x0A: write("\\n")
        case 0x0D: write("\\r")
        case 0x09: write("\\t")
        default:
            write("\\u00")
            write(ascii: Self.hexDigit(byte >> 4))
            write(ascii: Self.hexDigit(byte & 0xF))
        }
    }

    /// The index of the first byte at or after `from` that JSON requires
    /// escaped (`"`, `\`, or below 0x20), or `nil`.
    ///
    /// Eight bytes at a time: a descent report's JSON escapes its text (three
    /// quarters of a megabyte for a thousand views) and tens of thousands of
    /// names, and testing byte by byte was a sixth of the instructions it took
    /// (callgrind). For each byte of a word, the SWAR tests below set the
    /// byte's top bit when it is below 0x20, or equal to `"` or `\`; a borrow
    /// can flag a byte above one that really matches, never below, so the
    /// lowest flag marks the first match.
    @inline(__always)
    static func firstJSONEscape(_ start: UnsafePointer<UInt8>, from: Int, count: Int) -> Int? {
        var index = from
        while index + 8 <= count {
            let flags = jsonEscapeFlags(word(at: start + index))
            if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
            index += 8
        }
        if index < count, count - from >= 8 {
            // The last bytes as the word that ends at `count`: the bytes it
            // shares with the words before are plain, so its first flag is a
            // match past them.
            let flags = jsonEscapeFlags(word(at: start + count - 8))
            return flags != 0 ? count - 8 + flags.trailingZeroBitCount / 8 : nil
        }
        while index < count {
            let byte = start[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return index }
            index += 1
        }
        return nil
    }

    /// The eight bytes at `bytes` as a word, in little-endian order, so that
    /// byte i is bits 8i…8i+7 on every platform.
    @inline(__always)
    private static func word(at bytes: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self))
    }

    /// The eight bytes of `word` (`word(at:)`) with the top bit of each one
    /// JSON escapes set, and perhaps of bytes after it (see `firstJSONEscape`).
    @inline(__always)
    private static func jsonEscapeFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let below = (word &- ones &* 0x20) & ~word
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        return (below | isQuote | isBackslash) & (ones &* 0x80)
    }

    /// Appends `"text"` as a JSON string.
    ///
    /// - Returns: Whether `text` went in as it is, with nothing escaped.
    @discardableResult
    mutating func writeJSONString(_ text: String) -> Bool {
        write("\"")
        let start = count
        writeJSONEscaped(text)
        write("\"")
        return count - start - 1 == text.utf8.count
    }

    /// Appends a number as `JSONText` writes one: integral values without a
    /// fraction, non-finite ones as `null`.
    mutating func writeJSONNumber(_ value: Double) {
        if let integral = JSONNode.integral(value) {
            if !writeSmallDecimal(integral) { write(decimal: integral) }
        } else {
            write(JSONNode.number(value))
        }
    }

    /// Appends an unsigned integer in decimal.
    mutating func writeJSONNumber(_ value: UInt64) {
        if value <= UInt64(Int64.max) {
            write(decimal: Int64(value))
        } else {
            write(String(value))
        }
    }

    /// Appends the bytes another writer holds, escaped for a JSON string.
    mutating func writeJSONEscaped(contentsOf other: borrowing TextWriter) {
        writeJSONEscaped(UnsafeBufferPointer(start: other.base + other.reserved, count: other.count))
    }

    /// Puts the bytes another writer holds at `offset` (a count of bytes
    /// already written), moving what follows.
    ///
    /// A descent report's JSON has its text before its entries, and both are
    /// written during one visit of the views: the entries go straight into
    /// the report's buffer and the text, complete only at the end, in front
    /// of them. That moves the entries once.
    mutating func insert(contentsOf other: borrowing TextWriter, at offset: Int) {
        precondition(offset >= 0 && offset <= count, "insertion point outside the text")
        reserve(other.count)
        let gap = reserved + offset
        UnsafeMutableRawPointer(base + gap + other.count).copyMemory(from: base + gap, byteCount: end - gap)
        (base + gap).update(from: other.base + other.reserved, count: other.count)
        end += other.count
    }

    /// Appends a copy of `count` bytes written earlier, from `offset` bytes in.
    @inline(__always)
    mutating func writeAgain(from offset: Int, count: Int) {
        precondition(offset >= 0 && count >= 0 && offset + count <= self.count, "copy from outside the text")
        reserve(count)
        // After `reserve`, which may have moved the storage.
        (base + end).update(from: base + reserved + offset, count: count)
        end += count
    }

    /// Forgets everything written after the first `count` bytes.
    mutating func truncate(toCount count: Int) {
        precondition(count >= 0 && count <= self.count, "truncation past the end")
        end = reserved + count
    }
}
