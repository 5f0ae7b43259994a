// MARK: - Conflict signatures

extension ConstraintSnapshot {
    /// The constraint's shape without addresses or titles: class, identifier,
    /// item classes, attributes, relation, multiplier, constant and priority.
    ///
    /// Two constraints made by the same line of code in two cells have the
    /// same shape, so repeats of one bug count as one.
    public var shape: String {
        var parts = [className]
        if let identifier { parts.append("'\(identifier)'") }
        parts.append(Self.side(firstItem, firstAttribute))
        parts.append(relation.symbol)
        if secondItem != nil || secondAttribute != .notAnAttribute {
            parts.append(Self.side(secondItem, secondAttribute))
            if multiplier != 1 { parts.append("*\(Self.number(multiplier))") }
        }
        parts.append(Self.number(constant))
        if priority < 1000 { parts.append("@\(Self.number(priority))") }
        return parts.joined(separator: " ")
    }

    private static func side(_ item: ObjectReference?, _ attribute: LayoutAttribute) -> String {
        "\(item?.className ?? "?").\(attribute.canonical.rawValue)"
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
        // One string of the right size, not one per join: a varied
        // console's summary makes thousands of these, each hundreds of bytes.
        let sorted = listedShapes.sorted()
        var signature = ""
        signature.reserveCapacity(sorted.reduce(0) { $0 + $1.utf8.count + 3 } + (brokenShape?.utf8.count ?? 0) + 4)
        for (index, shape) in sorted.enumerated() {
            if index > 0 { signature += " | " }
            signature += shape
        }
        guard let brokenShape else { return signature }
        signature += " => "
        signature += brokenShape
        return signature
    }
}
