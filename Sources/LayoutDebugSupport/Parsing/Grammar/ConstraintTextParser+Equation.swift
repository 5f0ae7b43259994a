#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Equation bodies

extension ConstraintTextParser {
    /// `ITEM.attr REL [m*]ITEM.attr[ * m][ + c| - c| NSSpace(c)]` or `ITEM.attr REL c`.
    mutating func readEquation(_ start: Int, _ end: Int, _ origin: Int) throws(ConstraintParseError) -> Body {
        var body = Body()
        let first = try readItemAndAttribute(start, end, origin)
        body.firstItem = first.reference
        body.firstAttribute = first.attribute
        var cursor = skipBlanks(first.next, end)
        guard let relation = relation(at: cursor) else { throw fail("expected ==, <= or >=", cursor - origin) }
        body.relation = relation
        cursor = skipBlanks(cursor + 2, end)
        if let constant = signedNumber(cursor, end), constant.next == end {
            body.constant = constant.value
            return body
        }
        if let multiplier = text.number(at: cursor, end: end), multiplier.next < end,
           text[multiplier.next] == UInt8(ascii: "*") {
            body.multiplier = multiplier.value
            cursor = skipBlanks(multiplier.next + 1, end)
        }
        let second = try readItemAndAttribute(cursor, end, origin)
        body.secondItem = second.reference
        body.secondAttribute = second.attribute
        cursor = skipBlanks(second.next, end)
        if cursor < end, text[cursor] == UInt8(ascii: "*") {
            guard let multiplier = text.number(at: skipBlanks(cursor + 1, end), end: end) else {
                throw fail("expected a multiplier after '*'", cursor - origin)
            }
            body.multiplier = multiplier.value
            cursor = skipBlanks(multiplier.next, end)
        }
        if cursor < end {
            try readConstantTail(cursor, end, origin, &body)
        }
        return body
    }

    /// ` + c`, ` - c`, ` NSSpace(c)`, ` + NSLayoutAnchorConstraintSpace(c)`; nothing may follow.
    private func readConstantTail(_ start: Int, _ end: Int, _ origin: Int,
                                  _ body: inout Body) throws(ConstraintParseError) {
        var cursor = start
        var sign = 1.0
        if text[cursor] == UInt8(ascii: "+") || text[cursor] == UInt8(ascii: "-") {
            sign = text[cursor] == UInt8(ascii: "-") ? -1 : 1
            cursor = skipBlanks(cursor + 1, end)
        }
        if let space = systemSpace(cursor, end) {
            body.constant = sign * space.value
            body.isSystemSpacing = true
            cursor = space.next
        } else if let number = text.number(at: cursor, end: end), cursor > start {
            body.constant = sign * number.value
            cursor = number.next
        } else {
            throw fail("expected '+ constant' or the end of the constraint", start - origin)
        }
        guard skipBlanks(cursor, end) == end else { throw fail("unexpected text after the constant", cursor - origin) }
    }

    /// `NSSpace(8)` or `NSLayoutAnchorConstraintSpace(8)`: a system spacing, printed with its value.
    func systemSpace(_ start: Int, _ end: Int) -> (value: Double, next: Int)? {
        var cursor: Int
        if text.has("NSSpace(", at: start) {
            cursor = start + 8
        } else if text.has("NSLayoutAnchorConstraintSpace(", at: start) {
            cursor = start + 30
        } else {
            return nil
        }
        guard let number = text.number(at: cursor, end: end), number.next < end,
              text[number.next] == UInt8(ascii: ")") else { return nil }
        cursor = number.next + 1
        return (number.value, cursor)
    }

    /// A constant that may be written `- 16` with a space after the sign.
    func signedNumber(_ start: Int, _ end: Int) -> (value: Double, next: Int)? {
        guard start < end else { return nil }
        if text[start] == UInt8(ascii: "-") || text[start] == UInt8(ascii: "+") {
            let negative = text[start] == UInt8(ascii: "-")
            guard let number = text.number(at: skipBlanks(start + 1, end), end: end) else { return nil }
            return (negative ? -number.value : number.value, number.next)
        }
        return text.number(at: start, end: end)
    }

    func relation(at index: Int) -> LayoutRelation? {
        if text.has("==", at: index) { return .equal }
        if text.has("<=", at: index) { return .lessThanOrEqual }
        if text.has(">=", at: index) { return .greaterThanOrEqual }
        return nil
    }

    // MARK: - Items

    /// `ITEM.attr` where ITEM is `Class:0xADDR['title']`, a `names:` key, a
    /// Masonry `Class:key`, old SnapKit's `<Class:0xADDR>`, or a bare name.
    func readItemAndAttribute(_ start: Int, _ end: Int, _ origin: Int) throws(ConstraintParseError)
        -> (reference: ObjectReference, attribute: LayoutAttribute, next: Int) {
        let isEnd = { (index: Int) -> Bool in self.attributeAfterDot(index, end) != nil }
        if let named = matchName(start, end, isEnd: isEnd), let attribute = attributeAfterDot(named.next, end) {
            return (named.reference, attribute.attribute, attribute.next)
        }
        if let object = try? readObject(start, end, isEnd: isEnd),
           let attribute = attributeAfterDot(object.next, end) {
            return (object.reference, attribute.attribute, attribute.next)
        }
        // A bare name or a Masonry key: everything up to the first `.attr`.
        var search = start
        while let dot = text.firstIndex(of: UInt8(ascii: "."), from: search, to: end) {
            if dot > start, let attribute = attributeAfterDot(dot, end) {
                return (bareReference(start, dot), attribute.attribute, attribute.next)
            }
            search = dot + 1
        }
        throw fail("expected ITEM.attribute", start - origin)
    }

    /// The object for a name the `names:` list does not resolve.
    private func bareReference(_ start: Int, _ end: Int) -> ObjectReference {
        if let colon = text.firstIndex(of: UInt8(ascii: ":"), from: start, to: end), colon > start {
            // Masonry `UIView:key`: the class, then the view's mas_key.
            return ObjectReference(className: interner.string(text, start, colon),
                                   name: interner.string(text, colon + 1, end))
        }
        let name = interner.string(text, start, end)
        return ObjectReference(className: name, name: name)
    }

    /// `.attr` at `index`, followed by a blank or the end.
    func attributeAfterDot(_ index: Int, _ end: Int) -> (attribute: LayoutAttribute, next: Int)? {
        guard index < end, text[index] == UInt8(ascii: ".") else { return nil }
        return attribute(at: index + 1, end) { $0 >= end || ByteClass.isBlank(self.text[$0]) }
    }

    /// The longest attribute spelled at `index` after which `isEnd` holds.
    func attribute(at index: Int, _ end: Int, isEnd: (Int) -> Bool) -> (attribute: LayoutAttribute, next: Int)? {
        guard index < end else { return nil }
        for (spelling, attribute) in AttributeSpellings.byLengthDescending {
            let length = spelling.count
            guard index + length <= end, text[index] == spelling[0] else { continue }
            let same = spelling.withUnsafeBufferPointer { memcmp(text.base + index, $0.baseAddress!, length) == 0 }
            if same, isEnd(index + length) { return (attribute, index + length) }
        }
        return nil
    }
}

/// Attribute spellings as bytes, longest first so `leftMargin` wins over `left`.
/// `(null)` is how AppKit since macOS 13 prints an attribute with no name
/// (`NSLayoutAttributeNotAnAttribute`, raw value 0): `TBSplitView:0x….(null)`.
enum AttributeSpellings {
    static let byLengthDescending: [([UInt8], LayoutAttribute)] = (LayoutAttribute.allCases
        .filter { $0 != .notAnAttribute }
        .map { (Array($0.rawValue.utf8), $0) } + [(Array("(null)".utf8), .notAnAttribute)])
        .sorted { $0.0.count > $1.0.count }
}
