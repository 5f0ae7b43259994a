// MARK: - JSONText

/// Encodes any `Encodable` value as compact JSON, without Foundation.
///
/// The injected library does not link Foundation (loading it into a process
/// that lacks it is slow and can clash with the app's copy), so it cannot use
/// `JSONEncoder`. This encoder writes the same JSON `JSONEncoder` would read
/// back: keys in declaration order, `nil` optionals left out, integral
/// doubles without a fraction, non-finite numbers as `null`.
public enum JSONText {
    /// The value as one line of JSON.
    ///
    /// - Parameter value: Any encodable value.
    /// - Returns: JSON text.
    /// - Complexity: O(n) in the size of the encoded tree.
    public static func encode<T: Encodable>(_ value: T) -> String {
        let root = JSONNode()
        // The tree encoder never throws; a value's own `encode(to:)` could, and
        // then the partial tree is still valid JSON, which is the best we can do.
        try? value.encode(to: JSONTreeEncoder(node: root, codingPath: []))
        var out = ""
        out.reserveCapacity(256)
        root.write(into: &out)
        return out
    }

    /// A JSON string literal for `text`, with quotes and escapes.
    static func quoted(_ text: String) -> String {
        var out = ""
        JSONNode.writeString(text, into: &out)
        return out
    }

    /// `text` as it stands inside a JSON string, without the quotes: what JSON requires
    /// escaped, escaped (`layout-explain --symbolicate` writes into backlog lines with it).
    public static func escaped(_ text: String) -> String {
        var out = ""
        JSONNode.writeEscaped(text, into: &out)
        return out
    }
}

// MARK: - Tree

/// One node of the JSON being built; a class so containers handed out by the
/// encoder can keep filling it after the call that created them returns.
final class JSONNode {
    enum Content {
        case empty
        case literal(String)
        case array([JSONNode])
        case object([(String, JSONNode)])
    }

    var content: Content = .empty

    func makeObject() { if case .object = content { return }; content = .object([]) }
    func makeArray() { if case .array = content { return }; content = .array([]) }

    func append(_ key: String, _ child: JSONNode) {
        makeObject()
        if case .object(var pairs) = content {
            content = .empty  // drop the old reference so the append does not copy
            pairs.append((key, child))
            content = .object(pairs)
        }
    }

    func append(_ child: JSONNode) {
        makeArray()
        if case .array(var items) = content {
            content = .empty
            items.append(child)
            content = .array(items)
        }
    }

    var count: Int {
        switch content {
        case .array(let items): return items.count
        case .object(let pairs): return pairs.count
        default: return 0
        }
    }

    static func literal(_ text: String) -> JSONNode {
        let node = JSONNode()
        node.content = .literal(text)
        return node
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if let integral = integral(value) { return String(integral) }
        return String(value)
    }

    /// The value as an integer when JSON prints it without a fraction: finite,
    /// whole and below 10^15 (where every integer is exact in a double). The
    /// one rule for both writers (`number`, `TextWriter.writeJSONNumber`).
    @inline(__always)
    static func integral(_ value: Double) -> Int64? {
        // False for NaN and the infinities too. Below 10^15 the conversion is
        // exact both ways, so a whole value is one that comes back unchanged
        // (`rounded()` is a call into libm on x86-64, and a report has a hundred
        // thousand numbers).
        guard abs(value) < 1e15 else { return nil }
        let whole = Int64(value)
        return Double(whole) == value ? whole : nil
    }

    static func string(_ value: String) -> JSONNode {
        var out = ""
        writeString(value, into: &out)
        return literal(out)
    }

    // MARK: - Writing

    func write(into out: inout String) {
        switch content {
        case .empty: out += "{}"  // a value that encoded nothing, as JSONEncoder does
        case .literal(let text): out += text
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(pair.0, into: &out)
                out += ":"
                pair.1.write(into: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ text: String, into out: inout String) {
        out += "\""
        writeEscaped(text, into: &out)
        out += "\""
    }

    /// Appends `text` as it stands inside a JSON string, without the quotes.
    /// The escapes are `TextWriter.writeJSONEscaped`'s, the one copy of them.
    static func writeEscaped(_ text: String, into out: inout String) {
        // Most text needs no escape: append it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += text
            return
        }
        var escaped = TextWriter(capacity: text.utf8.count + 16)
        escaped.writeJSONEscaped(text)
        out += escaped.string
    }
}
