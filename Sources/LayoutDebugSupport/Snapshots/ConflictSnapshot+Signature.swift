// MARK: - Conflict signatures

extension ConstraintSnapshot {
    /// The constraint's shape without addresses or titles: class, identifier,
    /// item classes, attributes, relation, multiplier, constant and priority.
    ///
    /// Two constraints made by the same line of code in two cells have the
    /// same shape, so repeats of one bug count as one.
    var shape: String {
        // One string appended to, parts separated by a space: a summary
        // makes a shape for every distinct line, and an array of parts
        // joined, each made by interpolation, cost several times this.
        var text = ""
        text.reserveCapacity(className.utf8.count + 96)
        text += className
        if let identifier {
            text += " '"
            text += identifier
            text += "'"
        }
        text += " "
        Self.appendSide(&text, firstItem, firstAttribute)
        text += " "
        text += relation.symbol
        if secondItem != nil || secondAttribute != .notAnAttribute {
            text += " "
            Self.appendSide(&text, secondItem, secondAttribute)
            if multiplier != 1 {
                text += " *"
                text += Self.number(multiplier)
            }
        }
        text += " "
        text += Self.number(constant)
        if priority < 1000 {
            text += " @"
            text += Self.number(priority)
        }
        return text
    }

    /// `Class.attribute`, `?` standing for a missing item.
    private static func appendSide(_ text: inout String, _ item: ObjectReference?, _ attribute: LayoutAttribute) {
        text += item?.className ?? "?"
        text += "."
        text += attribute.canonical.rawValue
    }

    /// Prints a number the way logs do: no trailing `.0`, no exponent for integers.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

extension ConflictSnapshot {
    /// A stable signature with no addresses, so repeats of a conflict can be
    /// counted across cells, sessions and logs.
    ///
    /// It is the sorted shapes of the mutually exclusive constraints, then the
    /// broken constraint's shape after `=> `. Sorting makes the signature
    /// independent of the order in which an engine or a log lists them.
    public var signature: String {
        Self.signature(listedShapes: mutuallyExclusive.map(\.shape), brokenShape: brokenConstraint?.shape)
    }

    /// The signature from shapes already made: the summary makes each
    /// line's shape once and puts conflicts together from them.
    static func signature(listedShapes: [String], brokenShape: String?) -> String {
        // One string of the right size, its parts copied in as bytes: a
        // varied console's summary makes thousands of these, each hundreds
        // of bytes, and `+=` costs several times a copy per part.
        var parts: [String] = []
        parts.reserveCapacity(listedShapes.count * 2 + 2)
        for (index, shape) in listedShapes.sorted().enumerated() {
            if index > 0 { parts.append(" | ") }
            parts.append(shape)
        }
        if let brokenShape { parts += [" => ", brokenShape] }
        let count = parts.reduce(0) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            func copy(_ text: String) {
                var text = text
                text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress else { return }
                    (buffer.baseAddress! + offset).initialize(from: base, count: bytes.count)
                    offset += bytes.count
                }
            }
            for part in parts { copy(part) }
            return offset
        }
    }
}
