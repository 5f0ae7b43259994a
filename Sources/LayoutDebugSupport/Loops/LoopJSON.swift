// MARK: - LoopJSON

/// A JSON value of an `.ips` crash report, read leniently: a report pasted into an issue is
/// often cut, so a value cut short keeps what came before the cut (`isCut`), and a key is
/// found wherever it stands (`value(after:in:)`), with or without the object around it. (CI's
/// `JSONValue` reads whole, well-formed documents only, and sits above this folder.)
enum LoopJSON {
    case object([(String, LoopJSON)])
    case array([LoopJSON])
    case string(String)
    case number(Double)
    case bool(Bool)
    case other

    /// The member `key` of an object.
    subscript(key: String) -> LoopJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    var string: String? { if case .string(let text) = self { return text }; return nil }
    var number: Double? { if case .number(let value) = self { return value }; return nil }
    var array: [LoopJSON] { if case .array(let items) = self { return items }; return [] }

    /// The value after the first `"key"` and its colon in `text`, and whether it was cut off.
    static func value(after key: String, in text: [UInt8]) -> (value: LoopJSON, isCut: Bool)? {
        let needle = Array("\"\(key)\"".utf8)
        guard let start = firstIndex(of: needle, in: text) else { return nil }
        var reader = Reader(bytes: text, index: start + needle.count)
        reader.skipBlanks()
        guard reader.peek == UInt8(ascii: ":") else { return nil }
        reader.index += 1
        let value = reader.value()
        return (value, reader.isCut)
    }

    /// The whole of `text` read as one value (an `.ips` file's header line).
    static func parse(_ text: [UInt8]) -> LoopJSON? {
        var reader = Reader(bytes: text, index: 0)
        let value = reader.value()
        return reader.isCut ? nil : value
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8]) -> Int? {
        guard needle.count <= text.count else { return nil }
        var index = 0
        while index + needle.count <= text.count {
            if text[index] == needle[0], Array(text[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }

    // MARK: - Reader

    /// Reads values forward from `index`; `isCut` once the text ends inside one.
    private struct Reader {
        let bytes: [UInt8]
        var index: Int
        var isCut = false

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipBlanks() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func value() -> LoopJSON {
            skipBlanks()
            guard let byte = peek else {
                isCut = true
                return .other
            }
            switch byte {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return .string(string())
            default: return scalar()
            }
        }

        private mutating func object() -> LoopJSON {
            index += 1
            var members: [(String, LoopJSON)] = []
            while !isCut {
                skipBlanks()
                guard let byte = peek else { isCut = true; break }
                if byte == UInt8(ascii: "}") { index += 1; break }
                if byte == UInt8(ascii: ",") { index += 1; continue }
                guard byte == UInt8(ascii: "\"") else { isCut = true; break }
                let key = string()
                skipBlanks()
                guard peek == UInt8(ascii: ":") else { isCut = true; break }
                index += 1
                members.append((key, value()))
            }
            return .object(members)
        }

        private mutating func array() -> LoopJSON {
            index += 1
            var items: [LoopJSON] = []
            while !isCut {
                skipBlanks()
                guard let byte = peek else { isCut = true; break }
                if byte == UInt8(ascii: "]") { index += 1; break }
                if byte == UInt8(ascii: ",") { index += 1; continue }
                items.append(value())
            }
            return .array(items)
        }

        /// A string literal from its opening quote, its escapes undone.
        private mutating func string() -> String {
            index += 1
            var out: [UInt8] = []
            while let byte = peek {
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\"), let escaped = peek else { out.append(byte); continue }
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "u"): out += unicodeEscape()
                default: out.append(escaped)
                }
            }
            isCut = true
            return String(decoding: out, as: UTF8.self)
        }

        /// `\uXXXX` after its `u`, as UTF-8 (a lone surrogate becomes U+FFFD).
        private mutating func unicodeEscape() -> [UInt8] {
            guard index + 4 <= bytes.count,
                  let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                return Array("\u{FFFD}".utf8)
            }
            index += 4
            return Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
        }

        private mutating func scalar() -> LoopJSON {
            let start = index
            while let byte = peek, !",]} \n\r\t".utf8.contains(byte) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if peek == nil { isCut = true }
            if text == "true" || text == "false" { return .bool(text == "true") }
            return Double(text).map(LoopJSON.number) ?? .other
        }
    }
}
