// MARK: - ByteClass

/// Character classes over single ASCII bytes: the parser reads log lines with them, and the
/// triage tells a framework's class name from a digit-suffixed one.
enum ByteClass {
    /// Space, tab or carriage return.
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// `0`…`9`.
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Whether the byte is a hexadecimal digit: two unsigned compares, the
    /// letters folded to lower case by setting bit 5.
    @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt64? {
        // Without a branch per kind of digit: an address's digits and
        // letters come at random, so such branches are mispredicted about
        // a third of the time, which made reading addresses most of the
        // cost of a summary's line keys.
        let digit = byte &- 0x30
        let letter = (byte | 0x20) &- 0x61  // `A`…`F` and `a`…`f` alike
        let isDigit = digit < 10
        guard isDigit || letter < 6 else { return nil }
        return UInt64(isDigit ? digit : letter &+ 10)
    }

    /// A byte that may appear in a class name as runtimes print it:
    /// letters, digits, `_`, `.` (module prefix), `$` (mangled generics) and
    /// any non-ASCII byte.
    @inline(__always) static func isClassName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F, 0x2E, 0x24: return true
        default: return byte >= 0x80
        }
    }
}
