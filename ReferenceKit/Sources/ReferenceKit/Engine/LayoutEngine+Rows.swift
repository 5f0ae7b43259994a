import Cassowary
import Foundation

// MARK: - Constraint rows

extension LayoutEngine {
    /// The solver rows of a constraint: one, or two for a content-size
    /// constraint (`≤` at the hugging priority, `≥` at the compression resistance).
    func rows(for constraint: NSLayoutConstraint) -> [Constraint] {
        guard let first = constraint.firstLayoutItem else { return [] }
        let mirrored = isMirrored(constraint)
        var lhs = expression(first, constraint.firstAttribute, mirrored: mirrored)
        if let origin = constraint.locationOrigin {
            let attribute: NSLayoutConstraint.Attribute = constraint.firstAttribute.axis == .vertical ? .top : .left
            lhs = lhs - expression(origin, attribute)
        }
        var rhs = Cassowary.Expression(constant: Double(constraint.constant))
        if let second = constraint.secondLayoutItem, constraint.secondAttribute != .notAnAttribute {
            rhs = expression(second, constraint.secondAttribute, mirrored: mirrored) * Double(constraint.multiplier)
                + Double(constraint.constant)
        }
        if let content = constraint as? NSContentSizeLayoutConstraint {
            return [Constraint(lhs, .lessThanOrEqual, rhs, strength: Self.strength(content.huggingPriority)),
                    Constraint(lhs, .greaterThanOrEqual, rhs, strength: Self.strength(content.compressionResistancePriority))]
        }
        return [Constraint(lhs, Self.relation(constraint.relation), rhs, strength: Self.strength(constraint.priority))]
    }

    /// The solver strength of a priority; 1000 and above is required.
    static func strength(_ priority: UILayoutPriority) -> Strength {
        if priority.rawValue >= 1000 { return .required }
        return Strength(priority: Double(min(max(priority.rawValue, 1), 999.999)))
    }

    private static func relation(_ relation: NSLayoutConstraint.Relation) -> Relation {
        switch relation {
        case .lessThanOrEqual: return .lessThanOrEqual
        case .equal: return .equal
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }

    /// Whether a constraint reads right to left: it relates a leading or
    /// trailing attribute and its first item lays out right to left. Such a
    /// constraint holds in the mirrored x axis, so `b.leading == a.trailing + 8`
    /// puts `b` 8 points to the left of `a`.
    func isMirrored(_ constraint: NSLayoutConstraint) -> Bool {
        guard constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional else { return false }
        return constraint.firstLayoutItem?.nearestView?.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// An attribute of an item as an expression over engine variables.
    ///
    /// Margin attributes of a view are the attributes of its margins guide;
    /// baselines come from `baselineInsets`; the host's origin is zero. In a
    /// mirrored constraint horizontal positions are negated, so leading is
    /// `-(minX + Width)` and trailing `-minX`.
    func expression(_ item: LayoutItem, _ attribute: NSLayoutConstraint.Attribute, mirrored: Bool = false) -> Cassowary.Expression {
        if let view = item as? UIView, let plain = attribute.withoutMargin {
            return expression(view.layoutMarginsGuide, plain, mirrored: mirrored)
        }
        let variables = item.layoutVariables
        let isHost = item === host
        let x = isHost ? Cassowary.Expression() : Cassowary.Expression(variables.minX)
        let y = isHost ? Cassowary.Expression() : Cassowary.Expression(variables.minY)
        let width = Cassowary.Expression(variables.width)
        let height = Cassowary.Expression(variables.height)
        if mirrored {
            switch attribute {
            case .leading: return -(x + width)
            case .trailing: return -x
            case .centerX: return -(x + width * 0.5)
            default: break
            }
        }
        switch attribute {
        case .left: return x
        case .right: return x + width
        case .top: return y
        case .bottom: return y + height
        case .width: return width
        case .height: return height
        case .centerX: return x + width * 0.5
        case .centerY: return y + height * 0.5
        case .leading: return x
        case .trailing: return x + width
        case .firstBaseline:
            guard let insets = (item as? UIView)?.baselineInsets else { return y + height }
            return y + Double(insets.first)
        case .lastBaseline:
            return y + height - Double((item as? UIView)?.baselineInsets?.last ?? 0)
        default: return Cassowary.Expression()
        }
    }

    // MARK: - Frames

    /// Solves and writes every view's frame and every guide's layout frame.
    func assignFrames() {
        willChange()
        isAssigningFrames = true
        defer { isAssigningFrames = false }
        for view in host.subtreeViews() where view.enrolledEngine === self {
            if view === host {
                if !view.translatesAutoresizingMaskIntoConstraints {
                    view.frame.size = CGSize(width: value(view.layoutVariables.width), height: value(view.layoutVariables.height))
                }
            } else {
                let parent = view.superview.map(origin) ?? .zero
                let own = origin(of: view)
                view.frame = CGRect(x: own.x - parent.x, y: own.y - parent.y,
                                    width: value(view.layoutVariables.width), height: value(view.layoutVariables.height))
            }
            let base = origin(of: view)
            for guide in view.layoutGuides {
                let variables = guide.layoutVariables
                guide.layoutFrame = CGRect(x: value(variables.minX) - base.x, y: value(variables.minY) - base.y,
                                           width: value(variables.width), height: value(variables.height))
            }
        }
    }

    /// An item's origin in the host's coordinates.
    private func origin(of view: UIView) -> CGPoint {
        if view === host { return .zero }
        return CGPoint(x: value(view.layoutVariables.minX), y: value(view.layoutVariables.minY))
    }

    /// A solved value, cleaned of solver noise below a millionth.
    func value(_ variable: Variable) -> CGFloat {
        let cleaned = (solver.value(of: variable) * 1_000_000).rounded() / 1_000_000
        return CGFloat(cleaned == 0 ? 0 : cleaned)
    }
}
