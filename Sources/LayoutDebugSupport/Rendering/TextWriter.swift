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
        reserve(20)
        if value < 0 { write(ascii: UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; digits += 1 }
        var index = end + digits
        end = index
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude != 0
    }

    /// Appends `value` in lower-case hexadecimal, without `0x`.
    mutating func write(hex value: UInt64) {
        reserve(16)
        let digits = max(1, (64 - value.leadingZeroBitCount + 3) / 4)
        var remaining = value
        var index = end + digits
        repeat {
            index -= 1
            base[index] = Self.hexDigits[Int(remaining & 0xF)]
            remaining >>= 4
        } while index > end
        end += digits
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

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
        for index in 0..<bytes.count {
            let byte = start[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            if index > run { append(start + run, index - run) }
            run = index + 1
            switch byte {
            case 0x22: write("\\\"")
            case 0x5C: write("\\\\")
            case 0x0A: write("\\n")
            case 0x0D: write("\\r")
            case 0x09: write("\\t")
            default:
                write("\\u00")
                write(ascii: Self.hexDigits[Int(byte >> 4)])
                write(ascii: Self.hexDigits[Int(byte & 0xF)])
            }
        }
        if bytes.count > run { append(start + run, bytes.count - run) }
    }

    /// Appends `"text"` as a JSON string.
    mutating func writeJSONString(_ text: String) {
        write("\"")
        writeJSONEscaped(text)
        write("\"")
    }

    /// Appends a number as `JSONText` writes one: integral values without a
    /// fraction, non-finite ones as `null`.
    mutating func writeJSONNumber(_ value: Double) {
        if let integral = JSONNode.integral(value) {
            write(decimal: integral)
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

    /// Appends the bytes another writer holds, as they are.
    mutating func write(contentsOf other: borrowing TextWriter) {
        append(other.base + other.reserved, other.count)
    }

    /// Appends the bytes another writer holds, escaped for a JSON string.
    mutating func writeJSONEscaped(contentsOf other: borrowing TextWriter) {
        writeJSONEscaped(UnsafeBufferPointer(start: other.base + other.reserved, count: other.count))
    }
}
