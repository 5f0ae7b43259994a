// MARK: - Finding a constraint in a line

/// Where a constraint sits in a console line, and how to read it.
///
/// Lines carry prefixes (timestamps, `[LayoutConstraints]`, `> `, `//`, `**`,
/// indentation) and suffixes (`",`, `.`). Instead of recognising every prefix,
/// the parser looks for the constraint's own opening: `<` followed by a class
/// name and `:`. Outside a list the class must end in `Constraint`, so that an
/// ordinary line printing `<UIView: 0x…>` is not mistaken for one.
enum ConstraintLine {
    /// What a `<` opens.
    enum Opening {
        /// A constraint's text; `named` when its class ends in `Constraint`.
        case constraint(start: Int, end: Int, quoted: Bool, named: Bool)
        case redacted

        /// Whether it may start a conflict outside a list: `<private>`, or a
        /// class named like a constraint (not `<UIView: 0x…>`).
        var isNamed: Bool {
            switch self {
            case .redacted: return true
            case .constraint(_, _, _, let named): return named
            }
        }
    }

    /// Finds the first constraint opening in `text[from..<to]`.
    /// - Parameter strict: require a class name ending in `Constraint`.
    static func find(_ text: ByteText, _ from: Int, _ to: Int, strict: Bool) -> Opening? {
        var search = from
        while let open = text.firstIndex(of: UInt8(ascii: "<"), from: search, to: to) {
            search = open + 1
            if text.has("<private>", at: open) { return .redacted }
            guard let cursor = classEnd(text, after: open, to: to) else { continue }
            let named = text.has("Constraint", at: cursor - 10)
            if strict, !named { continue }
            let close = text.lastIndex(of: UInt8(ascii: ">"), from: open, to: to).map { $0 + 1 } ?? to
            let quoted = open > from && text[open - 1] == UInt8(ascii: "\"")
            return .constraint(start: open, end: close, quoted: quoted, named: named)
        }
        return nil
    }

    /// Whether the `<` at `open` begins what `find(strict: true)` accepts:
    /// `<private>`, or a class named like a constraint and its `:`. A line
    /// holding a `<` starts a conflict outside a list exactly when one of
    /// its `<` does, so the parser between conflicts asks this of each `<`
    /// it meets and reads the line only for one that does.
    static func opensNamed(_ text: ByteText, at open: Int) -> Bool {
        if text.has("<private>", at: open) { return true }
        var nameStart = open + 1
        if nameStart < text.count, text[nameStart] == UInt8(ascii: "<") { nameStart += 1 }  // old SnapKit `<<Class:0x…>`
        // A class name ends at the first byte that is not one, which must be its `:`; and no class
        // name holds a `:`. So the first `:` near the `<` is found first and the ten bytes before it
        // compared with "Constraint": that turns away nearly every `<` (`<UIView: 0x…>`) without
        // reading its name a byte at a time. A name longer than the reach is read as before.
        let reach = min(text.count, nameStart + Self.nameReach)
        guard let colon = text.firstIndex(of: UInt8(ascii: ":"), from: nameStart, to: reach) else {
            // A class name stops at a blank or a line's end, so the text's end bounds it as the line's would.
            guard reach < text.count, let cursor = classEnd(text, after: open, to: text.count) else { return false }
            return text.has("Constraint", at: cursor - 10)
        }
        guard colon > nameStart, text.has("Constraint", at: colon - 10) else { return false }
        for index in nameStart..<colon where !ByteClass.isClassName(text[index]) { return false }
        return true
    }

    /// How far after a `<` `opensNamed` looks for its class name's `:` at once.
    static let nameReach = 64

    /// The index of the `:` after the class name that the `<` at `open`
    /// begins (`<Class:`, or `<<Class:` as old SnapKit prints it), within
    /// `to`; `nil` when no `:` follows a class name there.
    private static func classEnd(_ text: ByteText, after open: Int, to: Int) -> Int? {
        var cursor = open + 1
        if cursor < to, text[cursor] == UInt8(ascii: "<") { cursor += 1 }  // old SnapKit `<<Class:0x…>`
        let nameStart = cursor
        while cursor < to, ByteClass.isClassName(text[cursor]) { cursor += 1 }
        guard cursor > nameStart, cursor < to, text[cursor] == UInt8(ascii: ":") else { return nil }
        return cursor
    }

    /// Undoes the escaping `NSArray`'s description applies to quoted strings:
    /// `\"`, `\\`, `\n`, `\t` and `\Uxxxx` (with surrogate pairs), so titles in
    /// the list read like the same titles on the "breaking" line.
    static func unescaped(_ text: ByteText, _ from: Int, _ to: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(to - from)
        var index = from
        var pendingHigh: UInt32?
        while index < to {
            let byte = text[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < to else {
                bytes.append(byte); index += 1; continue
            }
            let next = text[index + 1]
            if next == UInt8(ascii: "U") || next == UInt8(ascii: "u"), index + 6 <= to,
               let scalar = hex4(text, index + 2) {
                index += 6
                if (0xD800...0xDBFF).contains(scalar) { pendingHigh = scalar; continue }
                var value = scalar
                if let high = pendingHigh, (0xDC00...0xDFFF).contains(scalar) {
                    value = 0x10000 + ((high - 0xD800) << 10) + (scalar - 0xDC00)
                }
                pendingHigh = nil
                bytes.append(contentsOf: Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8))
                continue
            }
            switch next {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            default: bytes.append(next)
            }
            index += 2
        }
        return bytes
    }

    private static func hex4(_ text: ByteText, _ index: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = ByteClass.hexValue(text[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

// MARK: - ConstraintLineParser

/// Reads single printed constraints, for callers that hold one line of text
/// (tests, the CLI's error messages) rather than a whole log.
public enum ConstraintLineParser {
    /// Parses the first constraint in `line`, which may carry the log's
    /// quotes, commas and prefixes, and a web page's damage
    /// (`PastedTextRepair`: no `<…>`, typographic quotes, HTML entities).
    ///
    /// - Parameter line: one line of a console log.
    /// - Returns: the constraint.
    /// - Throws: `ConstraintParseError` saying what could not be read.
    public static func parse(_ line: String) throws(ConstraintParseError) -> ConstraintSnapshot {
        var bytes = Array(line.utf8)
        bytes.append(0)
        let repaired: [UInt8]? = bytes.withUnsafeBufferPointer { buffer in
            PastedTextRepair.repaired(ByteText(base: buffer.baseAddress!, count: buffer.count - 1), 0, buffer.count - 1)?.bytes
        }
        if let repaired { bytes = repaired + [0] }
        let count = bytes.count - 1
        let result: Result<ConstraintSnapshot, ConstraintParseError> = bytes.withUnsafeBufferPointer { buffer in
            let text = ByteText(base: buffer.baseAddress!, count: count)
            return ConstraintLine.read(text, 0, count, strict: false, interner: StringInterner())
                ?? .failure(ConstraintParseError(reason: noConstraintReason(text, count), offset: 0))
        }
        return try result.get()
    }

    /// Why a line holding no constraint opening is none: the rest of a
    /// wrapped constraint line is told apart, as its head is not above it.
    private static func noConstraintReason(_ text: ByteText, _ count: Int) -> String {
        let (start, end) = text.trimmed(0, count)
        guard WrappedConstraintLine.isTail(text, start, end) else { return "no constraint on the line" }
        return "the end of a constraint line wrapped onto a line of its own, with no unfinished constraint line above it to join"
    }
}

extension ConstraintLine {
    /// Finds and reads the constraint in a line; `nil` when the line holds none
    /// (a redacted `<private>` is a failure the caller checks for first).
    static func read(_ text: ByteText, _ from: Int, _ to: Int, strict: Bool,
                     interner: StringInterner) -> Result<ConstraintSnapshot, ConstraintParseError>? {
        guard let opening = find(text, from, to, strict: strict) else { return nil }
        guard case let .constraint(start, end, quoted, _) = opening else {
            return .failure(ConstraintParseError(reason: "redacted by the OS (<private>)", offset: 0))
        }
        if quoted, text.firstIndex(of: UInt8(ascii: "\\"), from: start, to: end) != nil {
            var bytes = unescaped(text, start, end)
            return ByteText.withTerminated(&bytes) { text, count in
                var parser = ConstraintTextParser(text: text, interner: interner)
                return Result { () throws(ConstraintParseError) in try parser.parse(from: 0, to: count) }
            }
        }
        var parser = ConstraintTextParser(text: text, interner: interner)
        return Result { () throws(ConstraintParseError) in try parser.parse(from: start, to: end) }
    }
}
