import Cassowary

// MARK: - LintSystem

/// A copy of a tree's constraints as Cassowary rows over each node's frame in
/// the root's coordinates (`minX`, `minY`, `width`, `height`), for the rules
/// that must ask the solver rather than match a pattern.
///
/// Only the copy is solved: nothing here touches the app. The root's frame is
/// fixed (whoever owns it set it). `right = minX + width`, `centerX = minX +
/// width/2`; leading and trailing are left and right, as in a left-to-right
/// layout (a constraint's constant on a directional edge is mirrored with it,
/// so what is implied or not does not change with the direction). A margin is
/// the edge moved in by the view's margin, read from its margins guide's
/// constraints (8 when the view has no guide, UIKit's default). Constraints on
/// baselines, or naming an item outside the tree, or broken by the engine, are
/// left out, and nothing is ever said about them.
final class LintSystem {
    /// Which constraints the system holds.
    enum Content {
        /// Required constraints only: what is implied, whatever the priorities.
        case requiredOnly
        /// Everything, with content size as hugging and compression resistance,
        /// each node's intrinsic size taken from `intrinsic`.
        case all(intrinsic: (Int) -> SnapshotSize)
    }

    let tree: LintTree
    let solver = Solver()
    /// Each node's `minX`, `minY`, `width`, `height`.
    private(set) var variables: [[Variable]] = []
    /// The solver's constraint for each entry added, by entry index.
    private(set) var added: [Int: Constraint] = [:]
    /// Entries the solver refused as unsatisfiable, with the entries the refusal named.
    private(set) var refused: [(entry: Int, involved: [Int])] = []
    private var entryOf: [ObjectIdentifier: Int] = [:]

    /// Whether leading and trailing are the right and left edges.
    let rightToLeft: Bool
    /// Whether constraints the engine broke are added too.
    let includingBroken: Bool
    /// Entries read on the other axis.
    let transposed: Set<Int>
    /// Whether the root's and containers' sizes are left free.
    let anyScreenSize: Bool

    /// Builds the system for `tree`.
    ///
    /// - Parameters:
    ///   - rightToLeft: Lay leading and trailing out right to left, as
    ///   UIKit does under an Arabic or Hebrew locale: leading is the right edge,
    ///   and a constant on a directional edge counts leftward.
    ///   - includingBroken: Keep the constraints the engine broke, to show why it had to.
    ///   - transposing: Entries whose attributes are read on the other axis
    ///     (leading as top, width as height), as a stack view's own constraints
    ///     read once its axis changes.
    ///   - anyScreenSize: Leave the root's size, and every size a container
    ///     imposes ('UIView-Encapsulated-Layout-…'), free: what holds then holds
    ///     on every screen, not only on this one.
    init(_ tree: LintTree, content: Content, rightToLeft: Bool = false, includingBroken: Bool = false,
         transposing: Set<Int> = [], anyScreenSize: Bool = false) {
        self.anyScreenSize = anyScreenSize
        self.includingBroken = includingBroken
        self.transposed = transposing
        self.tree = tree
        self.rightToLeft = rightToLeft
        // A debug build would check the whole tableau after every add: a
        // thousand views took minutes. The solver's own tests check it.
        solver.checksInvariants = false
        variables = tree.nodes.indices.map { index in ["minX", "minY", "width", "height"].map { Variable("n\(index).\($0)") } }
        let frame = tree.nodes[0].absolute
        // A root whose size its container gives ('UIView-Encapsulated-Layout-…': a cell's
        // content view linted on its own) has that size from those constraints, so a
        // refusal names them as it does when the cell is the root.
        let sizedByContainer = Set(tree.entries.compactMap { entry in
            entry.first == 0 && EncapsulatedSize.isEncapsulated(entry.constraint) ? entry.constraint.firstAttribute.canonical : nil
        })
        let rootPins: [(Variable, Double, LayoutAttribute?)] = [(variables[0][0], 0, nil), (variables[0][1], 0, nil),
                                                                (variables[0][2], frame.width, .width), (variables[0][3], frame.height, .height)]
        for (variable, value, size) in rootPins {
            if let size, anyScreenSize || sizedByContainer.contains(size) { continue }
            try? solver.addConstraint(Constraint(Cassowary.Expression(variable) - value, .equal))
        }
        for index in tree.nodes.indices.dropFirst() {
            try? solver.addConstraint(Constraint(Cassowary.Expression(variables[index][2]), .greaterThanOrEqual))
            try? solver.addConstraint(Constraint(Cassowary.Expression(variables[index][3]), .greaterThanOrEqual))
            if case .all(let intrinsic) = content { addContentSize(index, intrinsic(index)) }
        }
        pinFramedViews()
        for (index, entry) in tree.entries.enumerated() {
            if case .requiredOnly = content, !entry.constraint.isRequired { continue }
            add(entry: index)
        }
    }

    /// Fixes what a view that translates its mask but has no autoresizing
    /// constraints keeps from its frame: an engine's host view (a root
    /// view controller's view) is placed by whoever set its frame, and only
    /// its size is a constraint ('UIView-Encapsulated-Layout-…'), when even that.
    private func pinFramedViews() {
        var constrained = Set<Int>(), sized = Set<Int>()
        for entry in tree.entries {
            guard let first = entry.first else { continue }
            if entry.constraint.className == "NSAutoresizingMaskLayoutConstraint" { constrained.insert(first) }
            if entry.constraint.identifier?.hasPrefix("UIView-Encapsulated-Layout-") == true { sized.insert(first) }
        }
        for index in tree.nodes.indices.dropFirst() {
            let view = tree.nodes[index].view
            guard view.translatesAutoresizingMask, !view.isLayoutGuide, !constrained.contains(index),
                  let parent = tree.nodes[index].parent else { continue }
            var pins: [(Variable, Variable?, Double)] = [(variables[index][0], variables[parent][0], view.frame.x),
                        (variables[index][1], variables[parent][1], view.frame.y)]
            if !sized.contains(index), !anyScreenSize {
                pins.append((variables[index][2], nil, view.frame.width))
                pins.append((variables[index][3], nil, view.frame.height))
            }
            for (variable, base, value) in pins {
                var expression = Cassowary.Expression(variable) - value
                if let base { expression = expression - Cassowary.Expression(base) }
                try? solver.addConstraint(Constraint(expression, .equal))
            }
        }
    }

    /// The solver's value of a node's frame.
    func frame(_ node: Int) -> SnapshotRect {
        let v = variables[node]
        return SnapshotRect(x: solver.value(of: v[0]), y: solver.value(of: v[1]),
                            width: solver.value(of: v[2]), height: solver.value(of: v[3]))
    }

    /// Whether any of the node's frame variables can take another value.
    func isAmbiguous(_ node: Int) -> Bool {
        variables[node].contains { solver.isAmbiguous($0) }
    }

    /// Adds an entry's constraint; returns whether the solver took it.
    @discardableResult
    func add(entry index: Int) -> Bool {
        let entry = tree.entries[index]
        let c = entry.constraint
        guard c.className != "NSContentSizeLayoutConstraint", includingBroken || !c.isBroken,
              !(anyScreenSize && c.identifier?.hasPrefix("UIView-Encapsulated-Layout-") == true), c.isActive != false, entry.isInside,
              let first = entry.first, var lhs = expression(first, attribute(c.firstAttribute, index)) else { return false }
        if let second = entry.second, c.secondAttribute != .notAnAttribute {
            guard let rhs = expression(second, attribute(c.secondAttribute, index)) else { return false }
            lhs = lhs - rhs * c.multiplier
        }
        if c.isPositionInSuperview, let parent = tree.nodes[first].parent, let axis = c.firstAttribute.canonical.axis {
            // An autoresizing or container position is a frame origin, measured in the superview.
            lhs = lhs - Cassowary.Expression(variables[parent][axis == .horizontal ? 0 : 1])
        }
        let relation: Relation = c.relation == .equal ? .equal : c.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
        let constraint = Constraint(lhs - c.constant, relation, strength: Self.strength(c.priority))
        do {
            try solver.addConstraint(constraint)
        } catch SolverError.unsatisfiable(_, let certificate) {
            refused.append((index, certificate.entries.compactMap { entryOf[ObjectIdentifier($0.constraint)] }))
            return false
        } catch {
            return false
        }
        added[index] = constraint
        entryOf[ObjectIdentifier(constraint)] = index
        return true
    }

    /// Takes an entry's constraint out again.
    func remove(entry index: Int) {
        guard let constraint = added.removeValue(forKey: index) else { return }
        try? solver.removeConstraint(constraint)
        entryOf[ObjectIdentifier(constraint)] = nil
    }

    // MARK: - Rows

    /// The attribute as this system reads it for an entry (transposed or not).
    private func attribute(_ attribute: LayoutAttribute, _ entry: Int) -> LayoutAttribute {
        transposed.contains(entry) ? attribute.canonical.transposed : attribute
    }

    private func addContentSize(_ node: Int, _ size: SnapshotSize) {
        let view = tree.nodes[node].view
        let axes: [(Double, Variable, Double, Double)] = [
            (size.width, variables[node][2], view.hugging.horizontal, view.compressionResistance.horizontal),
            (size.height, variables[node][3], view.hugging.vertical, view.compressionResistance.vertical),
        ]
        for (metric, variable, hug, resist) in axes where metric >= 0 {
            try? solver.addConstraint(Constraint(Cassowary.Expression(variable) - metric, .lessThanOrEqual, strength: Self.strength(hug)))
            try? solver.addConstraint(Constraint(Cassowary.Expression(variable) - metric, .greaterThanOrEqual, strength: Self.strength(resist)))
        }
    }

    /// A node's attribute as an expression of its frame variables; `nil` for baselines.
    private func expression(_ node: Int, _ attribute: LayoutAttribute) -> Cassowary.Expression? {
        let v = variables[node]
        let x = Cassowary.Expression(v[0]), y = Cassowary.Expression(v[1])
        let w = Cassowary.Expression(v[2]), h = Cassowary.Expression(v[3])
        let m = margins(node)
        if rightToLeft {
            // UIKit mirrors directional attributes: x counts leftward from the right.
            switch attribute.canonical {
            case .leading: return (x + w) * -1
            case .trailing: return x * -1
            case .leadingMargin: return (x + w - m.right) * -1
            case .trailingMargin: return (x + m.left) * -1
            default: break
            }
        }
        switch attribute.canonical {
        case .left, .leading: return x
        case .right, .trailing: return x + w
        case .centerX: return x + w * 0.5
        case .width: return w
        case .top: return y
        case .bottom: return y + h
        case .centerY: return y + h * 0.5
        case .height: return h
        case .leftMargin, .leadingMargin: return x + m.left
        case .rightMargin, .trailingMargin: return x + w - m.right
        case .topMargin: return y + m.top
        case .bottomMargin: return y + h - m.bottom
        case .centerXWithinMargins: return x + m.left + (w - m.left - m.right) * 0.5
        case .centerYWithinMargins: return y + m.top + (h - m.top - m.bottom) * 0.5
        default: return nil
        }
    }

    /// A view's margins, from the constants of its margins guide's constraints.
    private func margins(_ node: Int) -> (left: Double, right: Double, top: Double, bottom: Double) {
        var m = (left: 8.0, right: 8.0, top: 8.0, bottom: 8.0)
        for c in tree.nodes[node].view.constraints {
            switch c.identifier {
            case "UIView-leftMargin-guide-constraint": m.left = c.constant
            case "UIView-rightMargin-guide-constraint": m.right = c.constant
            case "UIView-topMargin-guide-constraint": m.top = c.constant
            case "UIView-bottomMargin-guide-constraint": m.bottom = c.constant
            default: break
            }
        }
        return m
    }

    /// UIKit's priority as the solver's strength: 1000 and above is required.
    static func strength(_ priority: Double) -> Strength {
        priority >= 1000 ? .required : Strength(priority: max(1, priority))
    }
}

extension LayoutAttribute {
    /// The same attribute on the other axis: leading is top, width is height.
    /// What a stack view's constraints become when its axis changes.
    var transposed: LayoutAttribute {
        switch self {
        case .leading, .left: return .top
        case .trailing, .right: return .bottom
        case .top: return .leading
        case .bottom: return .trailing
        case .width: return .height
        case .height: return .width
        case .centerX: return .centerY
        case .centerY: return .centerX
        case .leadingMargin, .leftMargin: return .topMargin
        case .trailingMargin, .rightMargin: return .bottomMargin
        case .topMargin: return .leadingMargin
        case .bottomMargin: return .trailingMargin
        case .centerXWithinMargins: return .centerYWithinMargins
        case .centerYWithinMargins: return .centerXWithinMargins
        default: return self
        }
    }
}
