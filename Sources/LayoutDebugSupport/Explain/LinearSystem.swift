// MARK: - LinearSystem

/// The mutually exclusive constraints of a conflict as linear rows over the
/// items' frame variables.
///
/// Every item (view, layout guide, a view's margins) has `minX`, `width`,
/// `minY` and `height` (`FrameVariable`); each attribute is the attribute
/// table's expression (`AttributeGeometry.expression`): `right = minX + width`,
/// `centerX = minX + width/2`, and the same vertically. Leading and trailing
/// are left and right: the log
/// does not say the layout direction, and right-to-left visual constraints
/// were already turned into left and right by the parser. Baselines are
/// variables of their own, because where a baseline sits inside a view is not
/// in the log. Widths and heights are at least 0, as UIKit's engine keeps
/// them: many real conflicts are impossible only because of that.
///
/// A position given by a number or a size (`h=-&- NSView:0x….minX == 0`, an
/// autoresizing mask's or a container's frame) is the frame origin in the
/// superview's coordinates, so its row subtracts the superview's own edge:
/// `NSView.minX - NSTextView.minX = 0` when the log names `'|'` as
/// `NSTextView`, else the edge of an unknown item, "NSView.superview", one
/// per view. Read as `NSView.minX = 0` instead, two views at `minX == 0` in
/// different superviews would contradict each other, and a real
/// contradiction through the superview's edges would be lost.
struct LinearSystem {
    /// What a row stands for.
    typealias Source = LinearRow.Source
    /// `Σ coefficients[v]·v  relation  constant`.
    typealias Row = LinearRow
    /// The kinds of variable each item has, in index order.
    typealias Kind = FrameVariable

    /// The items' printable names, by item index.
    private(set) var itemLabels: [String] = []
    /// The rows: one per constraint that takes part, then one per size fact.
    private(set) var rows: [Row] = []
    /// Constraints left out, with the reason (optional priority, nothing to compare).
    private(set) var leftOut: [(index: Int, reason: String)] = []

    private var itemIndex: [String: Int] = [:]
    private var marginsOwner: [String: String] = [:]
    private var usedSizes: Set<Int> = []

    /// Builds the system for `conflict`.
    ///
    /// - Parameter keepingOptional: whether a constraint below required gets
    ///   its row too (the fix ranking solves at every priority); the
    ///   explainer's contradiction is among required ones only.
    init(_ conflict: ConflictSnapshot, keepingOptional: Bool = false) {
        marginsOwner = Self.marginsGuides(conflict.mutuallyExclusive)
        let labels = ItemLabels(conflict.mutuallyExclusive)
        for (index, constraint) in conflict.mutuallyExclusive.enumerated() {
            guard constraint.isRequired || keepingOptional else {
                leftOut.append((index, "priority \(ConstraintSnapshot.number(constraint.priority)) is optional"))
                continue
            }
            if constraint.namesUnnamedAttribute {
                leftOut.append((index, "AppKit printed an attribute as (null), one with no name, "
                    + "so which edge or size it ties is unknown"))
                continue
            }
            guard let row = row(for: constraint, index: index, labels: labels) else {
                leftOut.append((index, "it names no item the log identifies"))
                continue
            }
            rows.append(row)
        }
        for variable in usedSizes.sorted() {
            rows.append(Row(coefficients: [variable: 1], relation: .greaterThanOrEqual, constant: 0,
                            source: .nonNegative(variable)))
        }
    }

    /// The printable name of a variable: `UIButton.width`.
    func variableName(_ variable: Int) -> String {
        let kind = Kind(rawValue: variable % Kind.allCases.count)!
        return itemLabels[variable / Kind.allCases.count] + "." + "\(kind)"
    }

    /// Whether a variable is a width (else a height) — for size facts.
    func isWidth(_ variable: Int) -> Bool { variable % Kind.allCases.count == Kind.width.rawValue }

    /// The item name of a variable.
    func itemName(_ variable: Int) -> String { itemLabels[variable / Kind.allCases.count] }

    /// The variable of `kind` of an item the constraint at `constraintIndex`
    /// names, or `nil` when no row uses that item.
    func variable(_ kind: Kind, of item: ObjectReference, constraintIndex: Int) -> Int? {
        self.item(of: item, constraintIndex: constraintIndex).map { $0 * Kind.allCases.count + kind.rawValue }
    }

    /// The number of an item the constraint at `constraintIndex` names (as
    /// `FrameSolver` numbers items), or `nil` when no row uses that item.
    func item(of item: ObjectReference, constraintIndex: Int) -> Int? {
        itemIndex[ItemLabels.key(item, constraintIndex: constraintIndex)]
    }

    // MARK: - Building rows

    private mutating func row(for constraint: ConstraintSnapshot, index: Int, labels: ItemLabels) -> Row? {
        guard let first = constraint.firstItem,
              let lhs = expression(first, constraint.firstAttribute, labels, constraintIndex: index) else { return nil }
        var coefficients = lhs
        if let second = constraint.secondItem, constraint.secondAttribute != .notAnAttribute {
            guard let rhs = expression(second, constraint.secondAttribute, labels, constraintIndex: index) else {
                return nil
            }
            for (variable, coefficient) in rhs {
                coefficients[variable, default: 0] -= constraint.multiplier * coefficient
            }
        }
        if constraint.isPositionInSuperview, let origin = origin(of: constraint, index: index, labels: labels) {
            for (variable, coefficient) in origin { coefficients[variable, default: 0] -= coefficient }
        }
        coefficients = coefficients.filter { $0.value != 0 }
        return Row(coefficients: coefficients, relation: constraint.relation, constant: constant(constraint),
                   source: .constraint(index))
    }

    /// The constant, which a log prints rounded: tiny values (`2.22507e-308`)
    /// are what UIKit uses for "zero but present" and are read as 0.
    private func constant(_ constraint: ConstraintSnapshot) -> Double {
        abs(constraint.constant) < 1e-300 ? 0 : constraint.constant
    }

    /// The attribute as variables of the item (or of its margins): the
    /// attribute table's expression, read left to right, margins as an item of
    /// their own, baselines as variables.
    private mutating func expression(_ item: ObjectReference, _ attribute: LayoutAttribute, _ labels: ItemLabels,
                                     constraintIndex: Int) -> [Int: Double]? {
        guard let expression = AttributeGeometry.expression(attribute, Self.reading) else { return nil }
        var key = ItemLabels.key(item, constraintIndex: constraintIndex)
        var label = labels.label(for: key, item)
        if expression.onMargins {
            if let guide = marginsOwner[key] {
                key = guide
                label = labels.label(for: guide, nil)
            } else {
                key += "#margins"
                label += ".margins"
            }
        }
        let item = itemNumber(key, label)
        var coefficients: [Int: Double] = [:]
        for (kind, coefficient) in expression.terms {
            let variable = item * Kind.allCases.count + kind.rawValue
            if kind == .width || kind == .height { usedSizes.insert(variable) }
            coefficients[variable] = coefficient
        }
        return coefficients
    }

    /// How a log's attributes are read: its direction is unknown (a right-to-left
    /// visual format was already turned into left and right by the parser), its
    /// margins' insets are not printed, and a baseline's place inside its view is
    /// a variable of its own.
    private static let reading = AttributeGeometry.Options(rightToLeft: false, margins: .ownItem, baselines: true)

    /// The superview edge a position given by a number is measured from:
    /// its `minX` or `minY`. The superview is the one the log names as
    /// `'|'`; for an autoresizing constraint whose number is a share of a
    /// size (`minX == 0.5*UIWindow.width`), the item of that size; else an
    /// unknown item of its own, the same for every such constraint of the
    /// view.
    private mutating func origin(of constraint: ConstraintSnapshot, index: Int, labels: ItemLabels) -> [Int: Double]? {
        guard let first = constraint.firstItem, let axis = constraint.firstAttribute.canonical.axis else { return nil }
        let edge: LayoutAttribute = axis == .horizontal ? .left : .top
        if let superview = constraint.superview ?? sizeOwner(of: constraint) {
            return expression(superview, edge, labels, constraintIndex: index)
        }
        let firstKey = ItemLabels.key(first, constraintIndex: index)
        let item = itemNumber("superview-of:" + firstKey, labels.label(for: firstKey, first) + ".superview")
        let kind: Kind = axis == .horizontal ? .minX : .minY
        return [item * Kind.allCases.count + kind.rawValue: 1]
    }

    /// The superview an autoresizing constraint names through its size.
    private func sizeOwner(of constraint: ConstraintSnapshot) -> ObjectReference? {
        guard constraint.className == "NSAutoresizingMaskLayoutConstraint",
              constraint.secondAttribute.canonical.isSize else { return nil }
        return constraint.secondItem
    }

    private mutating func itemNumber(_ key: String, _ label: String) -> Int {
        if let existing = itemIndex[key] { return existing }
        itemIndex[key] = itemLabels.count
        itemLabels.append(label)
        return itemLabels.count - 1
    }

    /// The margins guides the log identifies: a `UIView-…Margin-guide-constraint`
    /// ties a `UILayoutGuide` to the view it is the margins of, so that view's
    /// `topMargin` is the guide's `top`.
    private static func marginsGuides(_ constraints: [ConstraintSnapshot]) -> [String: String] {
        var owners: [String: String] = [:]
        for (index, constraint) in constraints.enumerated() {
            guard let identifier = constraint.identifier, identifier.hasPrefix("UIView-"),
                  identifier.hasSuffix("Margin-guide-constraint"),
                  let first = constraint.firstItem, let second = constraint.secondItem else { continue }
            let firstIsGuide = first.className.hasSuffix("LayoutGuide")
            let guide = firstIsGuide ? first : second
            let owner = firstIsGuide ? second : first
            owners[ItemLabels.key(owner, constraintIndex: index)] = ItemLabels.key(guide, constraintIndex: index)
        }
        return owners
    }
}

extension ConstraintSnapshot {
    /// Whether an item of the constraint has an attribute with no name
    /// (`(null)` in AppKit's logs, an unknown raw value live): such a
    /// constraint ties something no variable stands for, so it adds no row
    /// rather than one that reads `view.width == 0`.
    var namesUnnamedAttribute: Bool {
        if case .some = firstItem, firstAttribute == .notAnAttribute { return true }
        if case .some = secondItem, secondAttribute == .notAnAttribute { return true }
        return false
    }
}
