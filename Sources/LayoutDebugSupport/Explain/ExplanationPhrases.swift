// MARK: - ExplanationPhrases

/// Constraints and rows in words, the way a person reads a layout.
///
/// The explainer sits below the renderers, so it names items itself (class
/// or name, with the address only when two items would read alike).
struct ExplanationPhrases {
    let conflict: ConflictSnapshot
    let system: LinearSystem
    private let labels: ItemLabels

    init(_ conflict: ConflictSnapshot, _ system: LinearSystem) {
        self.conflict = conflict
        self.system = system
        self.labels = ItemLabels(conflict.mutuallyExclusive)
    }

    /// The row as an equation over frame variables: `UIButton.minX - UIView.minX = 0`.
    func equation(_ row: LinearSystem.Row) -> String {
        var text = ""
        for variable in row.coefficients.keys.sorted() {
            let coefficient = row.coefficients[variable]!
            let magnitude = abs(coefficient)
            let name = (magnitude == 1 ? "" : ExplainNumber.text(magnitude) + "·") + system.variableName(variable)
            if text.isEmpty {
                text = (coefficient < 0 ? "-" : "") + name
            } else {
                text += (coefficient < 0 ? " - " : " + ") + name
            }
        }
        let symbol: String
        switch row.relation {
        case .equal: symbol = "="
        case .lessThanOrEqual: symbol = "<="
        case .greaterThanOrEqual: symbol = ">="
        }
        return (text.isEmpty ? "0" : text) + " " + symbol + " " + ExplainNumber.text(row.constant)
    }

    /// What a row says, in words.
    func meaning(_ row: LinearSystem.Row) -> String {
        switch row.source {
        case .nonNegative(let variable):
            return "\(system.itemName(variable)) cannot be \(system.isWidth(variable) ? "narrower" : "shorter") than 0"
        case .constraint(let index):
            return sentence(conflict.mutuallyExclusive[index])
        }
    }

    /// The constraint as printed, with short item names: `UIButton.width == 768`.
    func formula(_ constraint: ConstraintSnapshot) -> String {
        var text = side(constraint.firstItem, constraint.firstAttribute, constraint) + " " + constraint.relation.symbol + " "
        // A second item whose attribute has no name (AppKit's `(null)`) is still printed.
        if let second = constraint.secondItem {
            if constraint.multiplier != 1 { text += ExplainNumber.text(constraint.multiplier) + "×" }
            text += side(second, constraint.secondAttribute, constraint)
            if constraint.constant != 0 {
                text += (constraint.constant < 0 ? " - " : " + ") + ExplainNumber.text(abs(constraint.constant))
            }
        } else {
            text += ExplainNumber.text(constraint.constant)
        }
        if constraint.priority < 1000 { text += " @" + ExplainNumber.text(constraint.priority) }
        if let identifier = constraint.identifier { text += " '\(identifier)'" }
        if let location = constraint.sourceLocation { text += " (\(location))" }
        return text
    }

    private func side(_ item: ObjectReference?, _ attribute: LayoutAttribute, _ constraint: ConstraintSnapshot) -> String {
        name(item, constraint) + "." + attribute.logSpelling
    }

    /// The short name of an item in this conflict.
    func name(_ item: ObjectReference?, _ constraint: ConstraintSnapshot) -> String {
        guard let item else { return "?" }
        let index = conflict.mutuallyExclusive.firstIndex(of: constraint) ?? 0
        return labels.label(for: ItemLabels.key(item, constraintIndex: index), item)
    }

    // MARK: - Sentences

    /// One constraint in words: "UIButton is 768 wide", "UILabel is pinned
    /// 15 from the leading edge of UIButton", "UIStackView sits 8 after UIImageView".
    func sentence(_ c: ConstraintSnapshot) -> String {
        let first = name(c.firstItem, c)
        let attribute = c.firstAttribute.canonical
        let amount = ExplainNumber.text(abs(c.constant))
        let relationWord: String
        switch c.relation {
        case .equal: relationWord = ""
        case .lessThanOrEqual: relationWord = "at most "
        case .greaterThanOrEqual: relationWord = "at least "
        }
        guard let secondItem = c.secondItem, c.secondAttribute != .notAnAttribute else {
            if attribute.isSize {
                return "\(first) is \(relationWord)\(ExplainNumber.text(c.constant)) \(attribute == .width ? "wide" : "high")"
                    + systemNote(c)
            }
            return c.isPositionInSuperview ? positionSentence(c, relationWord) : formula(c)
        }
        let second = name(secondItem, c)
        let other = c.secondAttribute.canonical
        if attribute.isSize, other.isSize {
            let factor = c.multiplier == 1 ? "" : ExplainNumber.text(c.multiplier) + " × "
            let tail = c.constant == 0 ? "" : (c.constant < 0 ? " - " : " + ") + amount
            return "\(first).\(attribute.rawValue) is \(relationWord)\(factor)\(second).\(other.rawValue)\(tail)"
        }
        guard c.multiplier == 1 else { return formula(c) }
        if attribute == other, let edge = Self.edgeName(attribute) {
            return edgeSentence(c, first: first, second: second, edge: edge, relationWord) + writtenAs(c) + systemNote(c)
        }
        if let gap = Self.gapWords(attribute, other) {
            if c.constant < 0, [.leading, .left, .top].contains(attribute) {
                // A negative gap is an overlap: `B.leading == A.trailing - 8` starts B 8 inside A.
                let overlap = relationWord.isEmpty ? "" : Self.reversed(relationWord)
                return "\(first) overlaps \(second) by \(overlap)\(amount)" + writtenAs(c) + systemNote(c)
            }
            return "\(first) sits \(relationWord)\(signed(c.constant)) \(gap) \(second)" + writtenAs(c) + systemNote(c)
        }
        if (attribute == .centerX && other == .centerX) || (attribute == .centerY && other == .centerY) {
            let side = attribute == .centerX ? (c.constant < 0 ? "left of" : "right of") : (c.constant < 0 ? "above" : "below")
            let offset = c.constant == 0 ? "" : ", \(amount) \(side) its centre"
            return "\(first) is \(relationWord.isEmpty ? "" : relationWord)centered on \(second)\(offset)" + writtenAs(c)
        }
        return formula(c)
    }

    /// Two items' same edge tied, as the geometry it makes, with a distance
    /// that is never negative: "UILabel is pinned 10 from the bottom edge of
    /// UIImageView" for `UILabel.bottom == UIImageView.bottom - 10`, whichever
    /// item is inside; and "UIView sticks out 2 past the trailing edge of
    /// its superview" when the one outside is the subview (`H:[UIView]-(-2)-|`).
    private func edgeSentence(_ c: ConstraintSnapshot, first: String, second: String, edge: String,
                              _ relationWord: String) -> String {
        // first.near == second.near + k puts first k inside second; at a far edge,
        // second k inside first. A negative k puts the other one inside.
        let isNear = [.left, .leading, .top].contains(c.firstAttribute.canonical)
        let firstInside = isNear == (c.constant >= 0)
        let (inner, outer) = firstInside ? (first, second) : (second, first)
        let relation = firstInside == isNear ? relationWord : Self.reversed(relationWord)
        let amount = ExplainNumber.text(abs(c.constant))
        // The superview inside its own subview reads backwards: the subview sticks out.
        let innerIsSuperview = c.superview != nil && (firstInside ? c.firstItem : c.secondItem) == c.superview
        if innerIsSuperview, c.constant != 0 {
            return "\(outer) sticks out \(relation)\(amount) past the \(edge) edge of \(inner)"
        }
        return "\(inner) is pinned \(relation)\(amount) from the \(edge) edge of \(outer)"
    }

    /// How SnapKit or Masonry code spells a negative constant, which the
    /// sentence gives as a distance: ` (SnapKit: .offset(-10), or .inset(10)
    /// on this edge)`; "" for a constant of another sign or another library.
    private func writtenAs(_ c: ConstraintSnapshot) -> String {
        guard c.constant < 0 else { return "" }
        let library: String
        if c.className.hasPrefix("SnapKit.") || c.sourceLocation != nil {
            library = "SnapKit"
        } else if c.className.hasPrefix("MAS") {
            library = "Masonry"
        } else {
            return ""
        }
        let amount = ExplainNumber.text(abs(c.constant))
        // `inset` negates the constant on the far edges only.
        let far = [.right, .trailing, .bottom].contains(c.firstAttribute.canonical)
        return " (\(library): .offset(-\(amount))" + (far ? ", or .inset(\(amount)) on this edge)" : ")")
    }

    /// A position set by a number, which is measured from the superview's
    /// edge: "NSView is pinned 0 from the left edge of NSTextView", "UIView's
    /// center is 160 from the left edge of its superview".
    private func positionSentence(_ c: ConstraintSnapshot, _ relationWord: String) -> String {
        let first = name(c.firstItem, c)
        let attribute = c.firstAttribute.canonical
        let horizontal = attribute.axis == .horizontal
        let superview = c.superview.map { name($0, c) } ?? "its superview"
        let edge = horizontal ? "left" : "top"
        let amount = relationWord + signed(c.constant)
        let subject: String
        switch attribute {
        case .left where c.constant < 0, .leading where c.constant < 0, .top where c.constant < 0:
            // A frame origin left of or above its superview's: the view sticks out.
            return "\(first) sticks out \(Self.reversed(relationWord))\(ExplainNumber.text(-c.constant)) past the "
                + "\(edge) edge of \(superview)" + systemNote(c)
        case .left, .leading, .top: subject = "\(first) is pinned"
        case .centerX, .centerY: subject = "\(first)'s center is"
        default: subject = "\(first)'s \(Self.edgeName(attribute) ?? attribute.rawValue) edge is"
        }
        return "\(subject) \(amount) from the \(edge) edge of \(superview)" + systemNote(c)
    }

    private func signed(_ value: Double) -> String {
        value < 0 ? "-" + ExplainNumber.text(-value) : ExplainNumber.text(value)
    }

    private func systemNote(_ c: ConstraintSnapshot) -> String {
        if c.className == "NSAutoresizingMaskLayoutConstraint" { return " (its autoresizing mask)" }
        if EncapsulatedSize.isEncapsulated(c), let item = c.firstItem {
            return " (" + EncapsulatedSize(of: item, in: conflict).phrase + ")"
        }
        if let identifier = c.identifier, identifier.hasPrefix("NSWindow-current-") { return " (the window's current size)" }
        if let identifier = c.identifier, identifier.hasPrefix("UISV-") { return " (set by a stack view)" }
        return ""
    }

    private static func edgeName(_ attribute: LayoutAttribute) -> String? {
        switch attribute {
        case .left: return "left"
        case .right: return "right"
        case .leading: return "leading"
        case .trailing: return "trailing"
        case .top: return "top"
        case .bottom: return "bottom"
        default: return nil
        }
    }

    private static func gapWords(_ first: LayoutAttribute, _ second: LayoutAttribute) -> String? {
        switch (first, second) {
        case (.leading, .trailing), (.left, .right): return "after"
        case (.top, .bottom): return "below"
        case (.trailing, .leading), (.right, .left): return "before (trailing edge to leading edge)"
        case (.bottom, .top): return "above (bottom edge to top edge)"
        default: return nil
        }
    }

    private static func reversed(_ relationWord: String) -> String {
        switch relationWord {
        case "at most ": return "at least "
        case "at least ": return "at most "
        default: return relationWord
        }
    }
}
