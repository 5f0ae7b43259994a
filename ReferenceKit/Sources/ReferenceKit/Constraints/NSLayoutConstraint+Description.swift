import Foundation

// MARK: - Description

extension NSLayoutConstraint: CustomStringConvertible, CustomDebugStringConvertible {
    /// UIKit's description: `<NSLayoutConstraint:0x… 'id' UIView:0x….height >= 330   (active)>`,
    /// or a visual form such as `H:|-(15)-[UIImageView:0x…]   (active, names: '|':UIView:0x… )`.
    nonisolated public var description: String {
        uncheckedMainActor { makeDescription() }
    }

    /// The same as `description`.
    nonisolated public var debugDescription: String { description }

    private func makeDescription() -> String {
        var text = "<" + runtimeClassName(self) + ":" + addressText(self)
        if let mask = (self as? NSAutoresizingMaskLayoutConstraint)?.autoresizingMask {
            text += " " + mask.logDescription
        }
        if let identifier { text += " '\(identifier)'" }
        var names: [String] = []
        if let content = self as? NSContentSizeLayoutConstraint {
            text += " " + contentSizeBody(content)
        } else if let visual = visualForm(names: &names) {
            text += " " + visual
        } else {
            text += " " + equationBody(names: &names)
            if priority != .required { text += " priority:" + formatPriority(priority) }
        }
        let state = isActive ? "active" : "inactive"
        let namesText = names.isEmpty ? "" : ", names: " + names.joined(separator: ", ") + " "
        return text + "   (" + state + namesText + ")>"
    }

    // MARK: - Forms

    private func contentSizeBody(_ content: NSContentSizeLayoutConstraint) -> String {
        let name = firstLayoutItem?.constraintName ?? "(null)"
        return "\(name).\(firstAttribute.name) == \(formatNumber(constant)) Hug:\(formatPriority(content.huggingPriority))"
            + " CompressionResistance:\(formatPriority(content.compressionResistancePriority))"
    }

    /// `first.attr == m*second.attr + c`, or `first.attr == c`.
    private func equationBody(names: inout [String]) -> String {
        var text = side(firstLayoutItem, firstAttribute, names: &names) + " " + relation.symbol + " "
        guard let second = secondLayoutItem, secondAttribute != .notAnAttribute else {
            return text + formatNumber(constant)
        }
        if multiplier != 1 { text += formatNumber(multiplier) + "*" }
        text += side(second, secondAttribute, names: &names)
        if let systemSpacing { return text + " " + systemSpacing.text(constant) }
        if constant > 0 { text += " + " + formatNumber(constant) }
        if constant < 0 { text += " - " + formatNumber(-constant) }
        return text
    }

    private func side(_ item: LayoutItem?, _ attribute: Attribute, names: inout [String]) -> String {
        guard let item else { return "(null)." + attribute.name }
        if let entry = item.namesEntry, !names.contains(entry) { names.append(entry) }
        var attributeName = attribute.name
        if locationOrigin != nil && item === firstLayoutItem {
            if attribute == .left { attributeName = "minX" }
            if attribute == .top { attributeName = "minY" }
        }
        return item.constraintName + "." + attributeName
    }

    // MARK: - Visual form

    /// The visual form, when the constraint is a spacing between an item and
    /// its superview or a sibling (`H:|-(8)-[a]`, `V:[a]-(8)-[b]`), or a
    /// constant size made by a visual format (`H:[a(44)]`).
    private func visualForm(names: inout [String]) -> String? {
        guard locationOrigin == nil, let first = firstLayoutItem else { return nil }
        guard let second = secondLayoutItem, secondAttribute != .notAnAttribute else {
            guard prefersVisualFormat, firstAttribute.isSize else { return nil }
            let axis = firstAttribute == .width ? "H" : "V"
            return "\(axis):[\(named(first, &names))(\(gap(relation, constant)))]"
        }
        guard multiplier == 1, first !== second, let family = EdgeFamily(firstAttribute, secondAttribute) else { return nil }
        let suffix = family.suffix
        let firstIsLeading = firstAttribute == family.leading
        if firstAttribute == secondAttribute {
            // An item and its superview, same edge.
            let childFirst: Bool
            if second === first.layoutParent {
                childFirst = true
            } else if first === second.layoutParent {
                childFirst = false
            } else {
                return nil
            }
            // UIKit prints the visual form only in the natural reading:
            // `child.leading REL parent.leading + c`, `parent.trailing REL child.trailing + c`.
            guard firstIsLeading == childFirst else { return nil }
            let (child, parent) = childFirst ? (first, second) : (second, first)
            let childText = named(child, &names)
            if let entry = parent.namesEntry, !names.contains(entry) { names.append(entry) }
            names.append("'|':" + (parent.namesEntry ?? runtimeClassName(parent) + ":" + addressText(parent)))
            let spacing = gap(relation, constant)
            let format = firstIsLeading ? "|-(\(spacing))-[\(childText)]" : "[\(childText)]-(\(spacing))-|"
            return family.axis + ":" + format + suffix
        }
        guard first.layoutParent != nil, first.layoutParent === second.layoutParent else { return nil }
        // Siblings, in the natural reading only: `later.leading REL earlier.trailing + c`.
        guard firstIsLeading else { return nil }
        let earlierText = named(second, &names)
        let laterText = named(first, &names)
        return family.axis + ":[\(earlierText)]-(\(gap(relation, constant)))-[\(laterText)]" + suffix
    }

    private func named(_ item: LayoutItem, _ names: inout [String]) -> String {
        if let entry = item.namesEntry, !names.contains(entry) { names.append(entry) }
        return item.constraintName
    }

    /// A gap or size as visual formats print it: `8`, `>=15`, `0@250`.
    private func gap(_ relation: Relation, _ value: CGFloat) -> String {
        let prefix = relation == .equal ? "" : relation.symbol
        let suffix = priority == .required ? "" : "@" + formatPriority(priority)
        return prefix + (systemSpacing?.text(value) ?? formatNumber(value)) + suffix
    }
}

// MARK: - Helpers

extension NSLayoutConstraint.Relation {
    /// The operator: `<=`, `==` or `>=`.
    var symbol: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }

}

/// The pairs of opposite edges a visual format can express.
private struct EdgeFamily {
    let leading: NSLayoutConstraint.Attribute
    let trailing: NSLayoutConstraint.Attribute
    let axis: String
    let suffix: String

    init?(_ a: NSLayoutConstraint.Attribute, _ b: NSLayoutConstraint.Attribute) {
        let families: [(NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, String, String)] = [
            (.leading, .trailing, "H", ""), (.left, .right, "H", "(LTR)"), (.top, .bottom, "V", ""),
        ]
        guard let match = families.first(where: { [$0.0, $0.1].contains(a) && [$0.0, $0.1].contains(b) }) else { return nil }
        leading = match.0
        trailing = match.1
        axis = match.2
        suffix = match.3
    }
}
