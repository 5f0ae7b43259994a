// MARK: - ConstraintParseError

/// Why one constraint's text could not be read.
public struct ConstraintParseError: Error, CustomStringConvertible, Sendable {
    /// What the parser expected, in words.
    let reason: String
    /// The 0-based byte offset in the constraint text where reading stopped.
    let offset: Int

    /// A one-line message: the reason and where.
    public var description: String { "\(reason) at column \(offset + 1)" }
}

// MARK: - ConstraintTextParser

/// Reads one printed constraint, `<CLASS:0xADDR[@File.swift#12] [h=.. v=..]
/// ['identifier'] BODY[ priority:N][   (active[, names: ...])]>`, from bytes.
///
/// The grammar is in `docs/LOG-GRAMMAR.md`. The parser reads the parts in
/// a fixed order and only ever moves forward, except for the identifier, whose
/// closing quote is ambiguous (identifiers hold spaces and quotes): each
/// `' ` is tried as its end, so the work stays linear in the number of quotes.
struct ConstraintTextParser {
    let text: ByteText
    let interner: StringInterner
    /// Bare names from the `names:` list, resolved to their objects.
    var names: [NameEntry] = []
    /// Uses of keys that several `names:` entries share.
    let nameUses = NameUses()

    /// A `names:` entry: a key as the body prints it, and the object.
    struct NameEntry {
        var keyStart: Int
        var keyEnd: Int
        var reference: ObjectReference
    }

    /// What the body says, before it becomes a snapshot.
    struct Body {
        var firstItem: ObjectReference?
        var firstAttribute: LayoutAttribute = .notAnAttribute
        var relation: LayoutRelation = .equal
        var secondItem: ObjectReference?
        var secondAttribute: LayoutAttribute = .notAnAttribute
        var multiplier = 1.0
        var constant = 0.0
        var priority: Double?
        var isSystemSpacing = false
    }

    func fail(_ reason: String, _ offset: Int) -> ConstraintParseError {
        ConstraintParseError(reason: reason, offset: offset)
    }

    // MARK: - Whole constraint

    /// Parses `text[from..<to]`, which starts at the constraint's `<`.
    mutating func parse(from: Int, to: Int) throws(ConstraintParseError) -> ConstraintSnapshot {
        guard from < to, text[from] == UInt8(ascii: "<") else { throw fail("expected '<'", 0) }
        guard let close = text.lastIndex(of: UInt8(ascii: ">"), from: from + 1, to: to) else {
            throw fail("no closing '>'", to - from)
        }
        var cursor = from + 1
        let nested = cursor < close && text[cursor] == UInt8(ascii: "<")
        if nested { cursor += 1 }
        let classStart = cursor
        while cursor < close, ByteClass.isClassName(text[cursor]) { cursor += 1 }
        guard cursor > classStart, cursor < close, text[cursor] == UInt8(ascii: ":") else {
            throw fail("expected CLASS:0xADDRESS", cursor - from)
        }
        let className = interner.string(text, classStart, cursor)
        cursor += 1
        if cursor < close, text[cursor] == UInt8(ascii: " ") { cursor += 1 }  // AppKit 2010: `<NSLayoutConstraint: 0x…`
        var address: UInt64?
        var masonryKey: String?
        if let hex = text.hexAddress(at: cursor, end: close) {
            address = hex.value
            cursor = hex.next
        } else if className.hasPrefix("MAS") {
            // Masonry prints a `mas_key` instead of the address when one is set: the
            // name the code gave the constraint, kept as its identifier.
            let keyStart = cursor
            while cursor < close, text[cursor] != UInt8(ascii: " ") { cursor += 1 }
            if cursor > keyStart { masonryKey = interner.string(text, keyStart, cursor) }
        } else {
            throw fail("expected an address (0x…) after '\(className):'", cursor - from)
        }
        if nested {
            guard cursor < close, text[cursor] == UInt8(ascii: ">") else {
                throw fail("expected '>' after the constraint's address", cursor - from)
            }
            cursor += 1
        }
        var sourceLocation: String?
        if cursor < close, text[cursor] == UInt8(ascii: "@") {
            let location = try readSourceLocation(cursor + 1, close, from)
            sourceLocation = location.text
            cursor = location.next
        }
        guard cursor == close || ByteClass.isBlank(text[cursor]) else {
            var tokenEnd = cursor
            while tokenEnd < close, !ByteClass.isBlank(text[tokenEnd]) { tokenEnd += 1 }
            throw fail("'\(text.string(classStart, tokenEnd))' does not end in a hexadecimal address", cursor - from)
        }
        var snapshot = ConstraintSnapshot(className: className, address: address, firstItem: nil,
                                          firstAttribute: .notAnAttribute, isActive: nil,
                                          sourceLocation: sourceLocation)
        let contentEnd = nested ? close : try readInfo(cursor, close, &snapshot)
        try readMaskIdentifierAndBody(cursor, contentEnd, from, &snapshot)
        if snapshot.identifier == nil { snapshot.identifier = masonryKey }
        snapshot.superview = namedSuperview()
        return snapshot
    }

    /// `@File.swift#12`: the path may hold spaces, so it ends at the first
    /// `#digits` followed by a blank.
    private func readSourceLocation(_ start: Int, _ close: Int, _ origin: Int) throws(ConstraintParseError)
        -> (text: String, next: Int) {
        var cursor = start
        while let hash = text.firstIndex(of: UInt8(ascii: "#"), from: cursor, to: close) {
            var end = hash + 1
            while end < close, ByteClass.isDigit(text[end]) { end += 1 }
            if end > hash + 1, end == close || ByteClass.isBlank(text[end]) {
                return (interner.string(text, start, end), end)
            }
            cursor = hash + 1
        }
        throw fail("expected File.swift#line after '@'", start - origin)
    }

    // MARK: - Mask, identifier, body

    private mutating func readMaskIdentifierAndBody(_ start: Int, _ end: Int, _ origin: Int,
                                                    _ snapshot: inout ConstraintSnapshot) throws(ConstraintParseError) {
        var cursor = skipBlanks(start, end)
        if text.has("h=", at: cursor) {
            let maskStart = cursor
            cursor = skipToken(cursor, end)
            cursor = skipBlanks(cursor, end)
            guard text.has("v=", at: cursor) else { throw fail("expected 'v=' after 'h='", cursor - origin) }
            cursor = skipToken(cursor, end)
            snapshot.autoresizingMask = interner.string(text, maskStart, cursor)
            cursor = skipBlanks(cursor, end)
        }
        guard cursor < end else { throw fail("the constraint has no body", cursor - origin) }
        if text[cursor] == UInt8(ascii: "'") {
            var lastError = fail("unterminated identifier", cursor - origin)
            var quote = cursor + 1
            while let candidate = text.firstIndex(of: UInt8(ascii: "'"), from: quote, to: end) {
                quote = candidate + 1
                guard candidate + 1 < end, text[candidate + 1] == UInt8(ascii: " ") else { continue }
                do {
                    try readBody(candidate + 2, end, origin, &snapshot)
                    snapshot.identifier = interner.string(text, cursor + 1, candidate)
                    return
                } catch {
                    lastError = error
                }
            }
            throw lastError
        }
        try readBody(cursor, end, origin, &snapshot)
    }

    private mutating func readBody(_ start: Int, _ end: Int, _ origin: Int,
                                   _ snapshot: inout ConstraintSnapshot) throws(ConstraintParseError) {
        nameUses.reset()
        var (bodyStart, bodyEnd) = text.trimmed(start, end)
        var priority: Double?
        let contentSize = contentSizeTail(bodyStart, bodyEnd)
        if let contentSize { bodyEnd = contentSize.bodyEnd }
        if let marker = text.firstIndex(of: "priority:", from: bodyStart, to: bodyEnd) {
            guard let value = text.number(at: marker + 9, end: bodyEnd) else {
                throw fail("expected a number after 'priority:'", marker + 9 - origin)
            }
            priority = value.value
            bodyEnd = text.trimmed(bodyStart, marker).1
        } else if let at = text.lastIndex(of: UInt8(ascii: "@"), from: bodyStart, to: bodyEnd),
                  at > bodyStart, text[at - 1] == UInt8(ascii: " "),
                  let value = text.number(at: at + 1, end: bodyEnd), value.next == bodyEnd {
            // ` @999` after an equation, as older systems print a priority.
            priority = value.value
            bodyEnd = text.trimmed(bodyStart, at).1
        } else if let caret = text.lastIndex(of: UInt8(ascii: "^"), from: bodyStart, to: bodyEnd),
                  caret > bodyStart, text[caret - 1] == UInt8(ascii: " ") {
            priority = try masonryPriority(caret + 1, bodyEnd, origin)
            bodyEnd = text.trimmed(bodyStart, caret).1
        }
        (bodyStart, bodyEnd) = text.trimmed(bodyStart, bodyEnd)
        guard bodyStart < bodyEnd else { throw fail("the constraint has no body", bodyStart - origin) }
        let body: Body
        if text.has("H:", at: bodyStart) || text.has("V:", at: bodyStart) {
            body = try readVisual(bodyStart, bodyEnd, origin)
        } else {
            body = try readEquation(bodyStart, bodyEnd, origin)
        }
        snapshot.firstItem = body.firstItem
        snapshot.firstAttribute = body.firstAttribute
        snapshot.relation = body.relation
        snapshot.secondItem = body.secondItem
        snapshot.secondAttribute = body.secondAttribute
        snapshot.multiplier = body.multiplier
        snapshot.constant = body.constant
        snapshot.isSystemSpacing = body.isSystemSpacing
        if let value = priority ?? body.priority { snapshot.priority = value }
        if let contentSize {
            Self.applyContentSize(hug: contentSize.hug, resistance: contentSize.resistance, to: &snapshot)
        }
    }

    /// Masonry's ` ^high`, ` ^low`, ` ^medium`, ` ^fitting size` or ` ^750`.
    private func masonryPriority(_ start: Int, _ end: Int, _ origin: Int) throws(ConstraintParseError) -> Double {
        if let value = text.number(at: start, end: end), value.next == end { return value.value }
        switch text.string(start, end) {
        case "required": return 1000
        case "high": return 750
        case "medium": return 500
        case "low": return 250
        case "fitting size": return 50
        default: throw fail("unknown Masonry priority", start - origin)
        }
    }

    // MARK: - Small steps

    func skipBlanks(_ start: Int, _ end: Int) -> Int {
        var cursor = start
        while cursor < end, ByteClass.isBlank(text[cursor]) { cursor += 1 }
        return cursor
    }

    func skipToken(_ start: Int, _ end: Int) -> Int {
        var cursor = start
        while cursor < end, !ByteClass.isBlank(text[cursor]) { cursor += 1 }
        return cursor
    }
}
