import Cassowary

// MARK: - LayoutSystem

/// A copy of a tree's constraints as Cassowary rows over each node's frame in
/// the root's coordinates (`minX`, `minY`, `width`, `height`): the solver over
/// a whole window or a subtree, for whoever must ask it rather than match a
/// pattern (the lint rules, and any question about why a view has its frame).
///
/// Only the copy is solved: nothing here touches the app. The root's frame is
/// fixed (whoever owns it set it). Each attribute is read from the attribute
/// table (`AttributeGeometry.expression`): leading and trailing are left and
/// right, as in a left-to-right layout, unless `rightToLeft` (a constraint's
/// constant on a directional edge is mirrored with it, so what is implied or
/// not does not change with the direction). A margin is the edge moved in by
/// the view's margin, read from its margins guide's constraints (8 when the
/// view has no guide, UIKit's default). Constraints on baselines, or naming an
/// item outside the tree, or broken by the engine, are left out, and nothing
/// is ever said about them.
final class LayoutSystem {
    /// Which constraints the system holds.
    enum Content {
        /// Required constraints only: what is implied, whatever the priorities.
        case requiredOnly
        /// Everything, with content size as hugging and compression resistance,
        /// each node's intrinsic size taken from `intrinsic`.
        case all(intrinsic: (Int) -> SnapshotSize)
    }

    let tree: LayoutTree
    /// The nodes' frame variables (item `i` is node `i`) and the solver.
    let frames = FrameSolver(checkingInvariants: false)
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
    init(_ tree: LayoutTree, content: Content, rightToLeft: Bool = false, includingBroken: Bool = false,
         transposing: Set<Int> = [], anyScreenSize: Bool = false) {
        self.anyScreenSize = anyScreenSize
        self.includingBroken = includingBroken
        self.transposed = transposing
        self.tree = tree
        self.rightToLeft = rightToLeft
        let frame = tree.nodes[0].absolute
        // A root whose size its container gives ('UIView-Encapsulated-Layout-…': a cell's
        // content view linted on its own) has that size from those constraints, so a
        // refusal names them as it does when the cell is the root.
        let sizedByContainer = Set(tree.entries.compactMap { entry in
            entry.first == 0 && EncapsulatedSize.isEncapsulated(entry.constraint) ? entry.constraint.firstAttribute.canonical : nil
        })
        let rootPins: [(FrameVariable, Double, LayoutAttribute?)] = [(.minX, 0, nil), (.minY, 0, nil),
                                                                     (.width, frame.width, .width), (.height, frame.height, .height)]
        for (variable, value, size) in rootPins {
            if let size, anyScreenSize || sizedByContainer.contains(size) { continue }
            try? solver.addConstraint(Constraint(frames.expression(variable, of: 0) - value, .equal))
        }
        for index in tree.nodes.indices.dropFirst() {
            frames.requireNonNegative(frames.variable(.width, of: index))
            frames.requireNonNegative(frames.variable(.height, of: index))
            if case .all(let intrinsic) = content { addContentSize(index, intrinsic(index)) }
        }
        pinFramedViews()
        for (index, entry) in tree.entries.enumerated() {
            if case .requiredOnly = content, !entry.constraint.isRequired { continue }
            add(entry: index)
        }
    }

    /// The solver.
    var solver: Solver { frames.solver }

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
            var pins: [(FrameVariable, Int?, Double)] = [(.minX, parent, view.frame.x), (.minY, parent, view.frame.y)]
            if !sized.contains(index), !anyScreenSize {
                pins.append((.width, nil, view.frame.width))
                pins.append((.height, nil, view.frame.height))
            }
            for (variable, base, value) in pins {
                var expression = frames.expression(variable, of: index) - value
                if let base { expression = expression - frames.expression(variable, of: base) }
                try? solver.addConstraint(Constraint(expression, .equal))
            }
        }
    }

    /// The solver's value of a node's frame.
    func frame(_ node: Int) -> SnapshotRect {
        frames.frame(of: node)
    }

    /// Whether any of the node's frame variables can take another value.
    func isAmbiguous(_ node: Int) -> Bool {
        frames.isAmbiguous(node)
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
            lhs = lhs - frames.expression(axis == .horizontal ? .minX : .minY, of: parent)
        }
        let constraint = Constraint(lhs - c.constant, c.relation.solverRelation, strength: .layoutPriority(c.priority))
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
        transposed.contains(entry) ? AttributeGeometry.transposed(attribute.canonical) : attribute
    }

    private func addContentSize(_ node: Int, _ size: SnapshotSize) {
        let view = tree.nodes[node].view
        let axes: [(Double, FrameVariable, Double, Double)] = [
            (size.width, .width, view.hugging.horizontal, view.compressionResistance.horizontal),
            (size.height, .height, view.hugging.vertical, view.compressionResistance.vertical),
        ]
        for (metric, variable, hug, resist) in axes where metric >= 0 {
            let length = frames.expression(variable, of: node)
            try? solver.addConstraint(Constraint(length - metric, .lessThanOrEqual, strength: .layoutPriority(hug)))
            try? solver.addConstraint(Constraint(length - metric, .greaterThanOrEqual, strength: .layoutPriority(resist)))
        }
    }

    /// A node's attribute as an expression of its frame variables; `nil` for baselines.
    private func expression(_ node: Int, _ attribute: LayoutAttribute) -> Cassowary.Expression? {
        let options = AttributeGeometry.Options(rightToLeft: rightToLeft, margins: .insets(margins(node)))
        return AttributeGeometry.expression(attribute, options).map { frames.expression($0, of: node) }
    }

    /// A view's margins, from the constants of its margins guide's constraints.
    private func margins(_ node: Int) -> AttributeGeometry.Insets {
        var m = AttributeGeometry.Insets(top: 8, left: 8, bottom: 8, right: 8)
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
}
