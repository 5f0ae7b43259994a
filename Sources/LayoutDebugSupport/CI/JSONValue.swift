#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - JSONValue

/// A JSON document read into values, for the baseline file: Foundation's reader took an eighth of
/// a CI run's instructions on a baseline of 640 entries (callgrind, a 30 MB log), and a baseline is
/// read on every run.
///
/// It reads RFC 8259 JSON: objects, arrays, strings with every escape (`\uD83D\uDE00` pairs too),
/// numbers, `true`, `false` and `null`; anything else is `nil`.
indirect enum JSONValue: Equatable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)): return x.map(\.key) == y.map(\.key) && x.map(\.value) == y.map(\.value)
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// The value of `key` in an object; `nil` for another value or a missing key.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string it is, or `nil`.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The document `bytes` hold, or `nil` when they are not one JSON value.
    static func parse(_ bytes: [UInt8]) -> JSONValue? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: buffer)
            guard let value = reader.value() else { return nil }
            reader.skipBlanks()
            return reader.index == buffer.count ? value : nil
        }
    }

    // MARK: - Reader

    /// Reads values off bytes, front to back: one pass, each string made once from its bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// Nesting left, so a hostile file cannot overflow the stack.
        var depth = 512

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipBlanks() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func value() -> JSONValue? {
            skipBlanks()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        private mutating func object() -> JSONValue? {
            guard enter() else { return nil }
            defer { depth += 1 }
            var members: [(key: String, value: JSONValue)] = []
            skipBlanks()
            if take(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipBlanks()
                guard let key = string() else { return nil }
                skipBlanks()
                guard take(UInt8(ascii: ":")), let value = value() else { return nil }
                members.append((key, value))
                skipBlanks()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? .object(members) : nil
        }

        private mutating func array() -> JSONValue? {
            guard enter() else { return nil }
            defer { depth += 1 }
            var elements: [JSONValue] = []
            skipBlanks()
            if take(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                guard let element = value() else { return nil }
                elements.append(element)
                skipBlanks()
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? .array(elements) : nil
        }

        /// Steps into a container: past its bracket, one level deeper; `false` when too deep.
        private mutating func enter() -> Bool {
            depth -= 1
            guard depth > 0 else {
                depth += 1
                return false
            }
            index += 1
            return true
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
            let length = word.utf8CodeUnitCount
            guard index + length <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, length) == 0 else {
                return nil
            }
            index += length
            return value
        }

        private mutating func number() -> JSONValue? {
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            return Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)).map { .number($0) }
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }

        /// A string at `index` (its opening quote), unescaped: made straight from its bytes when
        /// it holds no escape, as nearly every one does.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = index
            // A baseline is mostly signatures' bytes: `memchr` finds the closing quote and any
            // escape before it, and the lowest byte up to there says whether a control
            // character is, each many bytes at a time; a byte at a time was a third of reading it.
            guard let quote = Self.find(UInt8(ascii: "\""), in: bytes, from: start, to: bytes.count) else { return nil }
            let plainEnd = Self.find(UInt8(ascii: "\\"), in: bytes, from: start, to: quote) ?? quote
            guard Self.lowestByte(in: bytes, from: start, to: plainEnd) >= 0x20 else { return nil }
            index = plainEnd
            guard plainEnd == quote else { return escapedString(from: start) }
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<quote]), as: UTF8.self)
        }

        /// The index of the first `byte` in `bytes[from..<to]`.
        private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
            guard from < to, let base = bytes.baseAddress,
                  let found = memchr(base + from, Int32(byte), to - from) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        /// The lowest byte of `bytes[from..<to]` (0xFF when empty): a loop the compiler vectorizes.
        private static func lowestByte(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> UInt8 {
            var lowest: UInt8 = 0xFF
            for byte in UnsafeBufferPointer(rebasing: bytes[from..<to]) { lowest = min(lowest, byte) }
            return lowest
        }

        /// The rest of a string that holds an escape, its bytes from `start` on.
        private mutating func escapedString(from start: Int) -> String? {
            var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        guard let scalar = unicodeEscape() else { return nil }
                        out.append(contentsOf: String(scalar).utf8)
                    default: return nil
                    }
                case 0x00..<0x20:
                    return nil
                default:
                    out.append(byte)
                }
            }
            return nil
        }

        /// The scalar of `XXXX` after `\u`, and of a low surrogate's `\uXXXX` after a high one.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low) else {
                    return nil
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                guard let digit = Self.hexDigit(bytes[index + offset]) else { return nil }
                value = value << 4 | digit
            }
            index += 4
            return value
        }

        private static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
    }
}
