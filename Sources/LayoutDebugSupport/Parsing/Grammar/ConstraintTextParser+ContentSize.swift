// MARK: - Content-size constraints

extension ConstraintTextParser {
    /// The ` Hug:250 CompressionResistance:750` an `NSContentSizeLayoutConstraint`
    /// prints after its equation, and where the equation ends.
    func contentSizeTail(_ start: Int, _ end: Int) -> (hug: Double, resistance: Double, bodyEnd: Int)? {
        guard let hug = text.firstIndex(of: "Hug:", from: start, to: end), hug > start,
              ByteClass.isBlank(text[hug - 1]),
              let hugValue = text.number(at: hug + 4, end: end) else { return nil }
        var cursor = skipBlanks(hugValue.next, end)
        guard text.has("CompressionResistance:", at: cursor),
              let resistance = text.number(at: cursor + 22, end: end) else { return nil }
        cursor = skipBlanks(resistance.next, end)
        guard cursor == end else { return nil }
        return (hugValue.value, resistance.value, text.trimmed(start, hug).1)
    }

    /// Folds hugging and compression resistance into the snapshot's relation
    /// and priority, as the engine uses them: hugging keeps the size at most
    /// the intrinsic one, resistance at least. A required one of the two is a
    /// required inequality, both required make an equation, and otherwise
    /// the constraint is optional at the stronger of the two.
    static func applyContentSize(hug: Double, resistance: Double, to snapshot: inout ConstraintSnapshot) {
        switch (hug >= 1000, resistance >= 1000) {
        case (true, true): snapshot.relation = .equal
        case (true, false): snapshot.relation = .lessThanOrEqual
        case (false, true): snapshot.relation = .greaterThanOrEqual
        case (false, false): snapshot.relation = .equal
        }
        snapshot.priority = max(hug, resistance)
    }
}
