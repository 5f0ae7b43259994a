import Foundation

// MARK: - SystemConstraintSpec

/// A system constraint a view wants, before it exists: what
/// `refreshSystemConstraints()` compares with the one it has.
@MainActor
struct SystemConstraintSpec {
    enum Kind { case plain, autoresizing(UIView.AutoresizingMask), contentSize(hug: UILayoutPriority, resist: UILayoutPriority) }

    /// The role of the constraint for its view (`autoresizing.minX`).
    let key: String
    let kind: Kind
    let installOn: UIView
    let first: LayoutItem
    let firstAttribute: NSLayoutConstraint.Attribute
    var relation: NSLayoutConstraint.Relation = .equal
    var second: LayoutItem?
    var secondAttribute: NSLayoutConstraint.Attribute = .notAnAttribute
    var multiplier: CGFloat = 1
    var constant: CGFloat = 0
    var priority: UILayoutPriority = .required
    var identifier: String?
    var locationOrigin: UIView?
    var prefersVisualFormat = false

    /// Makes the constraint, inactive.
    func make() -> NSLayoutConstraint {
        let constraint: NSLayoutConstraint
        switch kind {
        case .plain:
            constraint = NSLayoutConstraint(first: first, firstAttribute: firstAttribute, relation: relation, second: second,
                                            secondAttribute: secondAttribute, multiplier: multiplier, constant: constant)
        case .autoresizing(let mask):
            let made = NSAutoresizingMaskLayoutConstraint(first: first, firstAttribute: firstAttribute, relation: relation,
                                                          second: second, secondAttribute: secondAttribute,
                                                          multiplier: multiplier, constant: constant)
            made.autoresizingMask = mask
            constraint = made
        case .contentSize(let hug, let resist):
            let made = NSContentSizeLayoutConstraint(first: first, firstAttribute: firstAttribute, relation: .equal,
                                                     second: nil, secondAttribute: .notAnAttribute,
                                                     multiplier: 1, constant: constant)
            made.huggingPriority = hug
            made.compressionResistancePriority = resist
            constraint = made
        }
        constraint.priority = contentPriority ?? priority
        constraint.identifier = identifier
        constraint.isSystemConstraint = true
        constraint.locationOrigin = locationOrigin
        constraint.prefersVisualFormat = prefersVisualFormat
        return constraint
    }

    private var contentPriority: UILayoutPriority? {
        if case .contentSize(let hug, let resist) = kind { return max(hug, resist) }
        return nil
    }

    /// Whether `constraint` has this spec's shape (everything but the constant).
    func matches(_ constraint: NSLayoutConstraint) -> Bool {
        guard constraint.owner === installOn, constraint.firstLayoutItem === first,
              constraint.secondLayoutItem === second, constraint.firstAttribute == firstAttribute,
              constraint.secondAttribute == secondAttribute, constraint.relation == relation,
              constraint.multiplier == multiplier, constraint.identifier == identifier,
              constraint.locationOrigin === locationOrigin else { return false }
        switch kind {
        case .plain: return type(of: constraint) == NSLayoutConstraint.self && constraint.priority == priority
        case .autoresizing(let mask):
            return (constraint as? NSAutoresizingMaskLayoutConstraint)?.autoresizingMask == mask
        case .contentSize:
            return constraint is NSContentSizeLayoutConstraint
        }
    }

    /// Brings a matching constraint's constant and content priorities up to date.
    func update(_ constraint: NSLayoutConstraint) {
        if case .contentSize(let hug, let resist) = kind, let content = constraint as? NSContentSizeLayoutConstraint,
           content.huggingPriority != hug || content.compressionResistancePriority != resist {
            content.huggingPriority = hug
            content.compressionResistancePriority = resist
            if content.priority != max(hug, resist) {
                content.priority = max(hug, resist)  // its didSet re-adds the rows
            } else {
                content.owner?.enrolledEngine?.update(content)
            }
        }
        if constraint.constant != constant { constraint.constant = constant }
    }
}
