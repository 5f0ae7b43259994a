// MARK: - Visual-format bodies

extension ConstraintTextParser {
    /// One `|` or `[ITEM(size)]` of a visual-format body.
    private struct Element {
        var reference: ObjectReference
        var isSuperview: Bool
        var size: Predicate?
    }

    /// `(>=NSSpace(8)@250)`: a relation, a value (a number, a system space
    /// or another item) and a priority.
    private struct Predicate {
        var relation: LayoutRelation = .equal
        var constant = 0.0
        var item: ObjectReference?
        var isSystemSpacing = false
        var priority: Double?
    }

    /// `H:[ITEM(768)]`, `V:|-(10)-[ITEM]`, `H:[A]-(8)-[B]`, `V:[ITEM]-(0)-|`,
    /// optionally followed by `(LTR)` or `(RTL)`. A printed constraint is one
    /// relation, so the body is one sized element or two elements and a gap.
    mutating func readVisual(_ start: Int, _ end: Int, _ origin: Int) throws(ConstraintParseError) -> Body {
        let horizontal = text[start] == UInt8(ascii: "H")
        var cursor = start + 2
        var elements: [Element] = []
        var gap: Predicate?
        while cursor < end {
            if text[cursor] == UInt8(ascii: "|") {
                elements.append(Element(reference: superview(), isSuperview: true))
                cursor += 1
            } else if text[cursor] == UInt8(ascii: "[") {
                let element = try readElement(cursor + 1, end, origin)
                elements.append(element.element)
                cursor = element.next
            } else {
                break
            }
            guard cursor < end, text[cursor] == UInt8(ascii: "-") else { continue }
            guard gap == nil, cursor + 1 < end else { throw fail("a visual body holds one relation", cursor - origin) }
            if text[cursor + 1] == UInt8(ascii: "(") {
                let predicate = try readPredicate(cursor + 2, end, origin)
                gap = predicate.predicate
                cursor = predicate.next
            } else if let number = text.number(at: cursor + 1, end: end) {
                gap = Predicate(constant: number.value)
                cursor = number.next
            } else {
                throw fail("a standard-spacing gap has no value in the log", cursor - origin)
            }
            guard cursor < end, text[cursor] == UInt8(ascii: "-") else { throw fail("expected '-' after the gap", cursor - origin) }
            cursor += 1
        }
        var direction = 0  // 0: leading/trailing, 1: left to right, -1: right to left
        if text.has("(LTR)", at: cursor) { direction = 1; cursor += 5 } else if text.has("(RTL)", at: cursor) { direction = -1; cursor += 5 }
        guard skipBlanks(cursor, end) == end else { throw fail("unexpected text in a visual-format body", cursor - origin) }
        if elements.count == 1, gap == nil, let size = elements[0].size, !elements[0].isSuperview {
            return sizeBody(elements[0].reference, size, horizontal)
        }
        guard elements.count == 2, let gap, elements[0].size == nil, elements[1].size == nil else {
            throw fail("a visual body holds one size or one gap between two elements", start - origin)
        }
        return gapBody(elements[0], elements[1], gap, horizontal, direction)
    }

    private func sizeBody(_ item: ObjectReference, _ size: Predicate, _ horizontal: Bool) -> Body {
        var body = Body()
        body.firstItem = item
        body.firstAttribute = horizontal ? .width : .height
        body.relation = size.relation
        if let other = size.item {
            body.secondItem = other
            body.secondAttribute = body.firstAttribute
        }
        body.constant = size.constant
        body.isSystemSpacing = size.isSystemSpacing
        body.priority = size.priority
        return body
    }

    /// `[A]-(g)-[B]` says B's near edge REL A's far edge + g, with B first,
    /// as the visual format language creates it. `|` on the left is the
    /// superview's near edge, on the right its far edge. Right to left
    /// reverses the order: A.left − B.right REL g.
    private func gapBody(_ a: Element, _ b: Element, _ gap: Predicate, _ horizontal: Bool, _ direction: Int) -> Body {
        let near: LayoutAttribute, far: LayoutAttribute
        switch (horizontal, direction) {
        case (false, _): (near, far) = (.top, .bottom)
        case (true, 1): (near, far) = (.left, .right)
        case (true, -1): (near, far) = (.right, .left)
        default: (near, far) = (.leading, .trailing)
        }
        var body = Body()
        body.firstItem = b.reference
        body.firstAttribute = b.isSuperview ? far : near
        body.secondItem = a.reference
        body.secondAttribute = a.isSuperview ? near : far
        body.isSystemSpacing = gap.isSystemSpacing
        body.priority = gap.priority
        if direction == -1 {
            // B.right REL' A.left − g, with the relation reversed by the sign flip.
            body.constant = -gap.constant
            switch gap.relation {
            case .equal: body.relation = .equal
            case .lessThanOrEqual: body.relation = .greaterThanOrEqual
            case .greaterThanOrEqual: body.relation = .lessThanOrEqual
            }
        } else {
            body.constant = gap.constant
            body.relation = gap.relation
        }
        return body
    }

    /// `ITEM]` or `ITEM(size)]` after the `[`.
    private func readElement(_ start: Int, _ end: Int, _ origin: Int) throws(ConstraintParseError)
        -> (element: Element, next: Int) {
        let isEnd = { (index: Int) -> Bool in
            index < end && (self.text[index] == UInt8(ascii: "]") || self.text[index] == UInt8(ascii: "("))
        }
        var reference: ObjectReference
        var cursor: Int
        if let named = matchName(start, end, isEnd: isEnd) {
            (reference, cursor) = named
        } else if let object = try? readObject(start, end, isEnd: isEnd), isEnd(object.next) {
            (reference, cursor) = object
        } else {
            var stop = start
            while stop < end, !isEnd(stop) { stop += 1 }
            guard stop > start, stop < end else { throw fail("unterminated '[' element", start - origin) }
            let name = interner.string(text, start, stop)
            reference = ObjectReference(className: name, name: name)
            cursor = stop
        }
        var size: Predicate?
        if text[cursor] == UInt8(ascii: "(") {
            let predicate = try readPredicate(cursor + 1, end, origin)
            size = predicate.predicate
            cursor = predicate.next
        }
        guard cursor < end, text[cursor] == UInt8(ascii: "]") else { throw fail("expected ']'", cursor - origin) }
        return (Element(reference: reference, isSuperview: false, size: size), cursor + 1)
    }

    /// `[REL]VALUE[@PRIORITY])` after the `(`; returns the index after `)`.
    private func readPredicate(_ start: Int, _ end: Int, _ origin: Int) throws(ConstraintParseError)
        -> (predicate: Predicate, next: Int) {
        var predicate = Predicate()
        var cursor = start
        if let relation = relation(at: cursor) {
            predicate.relation = relation
            cursor += 2
        }
        if let space = systemSpace(cursor, end) {
            predicate.constant = space.value
            predicate.isSystemSpacing = true
            cursor = space.next
        } else if let number = text.number(at: cursor, end: end) {
            predicate.constant = number.value
            cursor = number.next
        } else {
            let isEnd = { (index: Int) -> Bool in
                index < end && (self.text[index] == UInt8(ascii: ")") || self.text[index] == UInt8(ascii: "@"))
            }
            if let named = matchName(cursor, end, isEnd: isEnd) {
                predicate.item = named.reference
                cursor = named.next
            } else {
                let object = try readObject(cursor, end, isEnd: isEnd)
                predicate.item = object.reference
                cursor = object.next
            }
        }
        if cursor < end, text[cursor] == UInt8(ascii: "@") {
            guard let priority = text.number(at: cursor + 1, end: end) else {
                throw fail("expected a priority after '@'", cursor - origin)
            }
            predicate.priority = priority.value
            cursor = priority.next
        }
        guard cursor < end, text[cursor] == UInt8(ascii: ")") else { throw fail("expected ')'", cursor - origin) }
        return (predicate, cursor + 1)
    }
}
