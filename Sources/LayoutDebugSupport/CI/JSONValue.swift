// MARK: - JSONValue

/// A JSON document read into values, for the baseline file: Foundation's reader took an eighth of
/// a CI run's time on a baseline of a few hundred entries (callgrind, 30 MB log), most of it
/// bridging, and a baseline is read on every run.
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
        var reader = Reader(bytes: bytes)
        guard let value = reader.value() else { return nil }
        reader.skipBlanks()
        return reader.index == bytes.count ? value : nil
    }

    // MARK: - Reader

    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// Nesting left, so a hostile file cannot overflow the stack.
        var depth = 512

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipBlanks() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                index += 1
            }
        }

        mutating func value() -> JSONValue? {
            skipBlanks()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}")) { reader in
                guard let key = reader.string() else { return nil }
                reader.skipBlanks()
                guard reader.take(UInt8(ascii: ":")), let value = reader.value() else { return nil }
                return .object([(key, value)])
            }
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]")) { reader in reader.value().map { .array([$0]) } }
            case UInt8(ascii: "\""): return string().map { .string($0) }
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        /// An object or an array: `item` reads one member (as a one-member container), and the
        /// members are put together.
        private mutating func container(close: UInt8, _ item: (inout Reader) -> JSONValue?) -> JSONValue? {
            depth -= 1
            defer { depth += 1 }
            guard depth > 0 else { return nil }
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            var elements: [JSONValue] = []
            skipBlanks()
            if take(close) { return close == UInt8(ascii: "}") ? .object([]) : .array([]) }
            repeat {
                skipBlanks()
                switch item(&self) {
                case .object(let one)?: members += one
                case .array(let one)?: elements += one
                default: return nil
                }
                skipBlanks()
            } while take(UInt8(ascii: ","))
            guard take(close) else { return nil }
            return close == UInt8(ascii: "}") ? .object(members) : .array(elements)
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
            let length = word.utf8CodeUnitCount
            guard index + length <= bytes.count,
                  (0..<length).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else { return nil }
            index += length
            return value
        }

        private mutating func number() -> JSONValue? {
            let start = index
            while index < bytes.count, let byte = Optional(bytes[index]),
                  (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                    || byte == UInt8(ascii: "E") {
                index += 1
            }
            guard index > start else { return nil }
            return Double(String(decoding: bytes[start..<index], as: UTF8.self)).map { .number($0) }
        }

        /// A string at `index` (its opening quote), unescaped.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
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
            guard index + 4 <= bytes.count,
                  let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            return value
        }
    }
}
