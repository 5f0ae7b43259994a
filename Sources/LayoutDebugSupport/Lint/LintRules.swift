// MARK: - LintRules

/// The rules that read the tree as it stands: each looks at snapshots only
/// and returns its findings in pre-order of the views.
struct LintRules {
    let tree: LayoutTree

    /// The constraints each node is the subject of (see `LayoutTree.subject`),
    /// the app's own only: UIKit's system constraints are never a trap the
    /// app set.
    let subjectEntries: [[Int]]

    /// The stack views' nodes.
    let stacks: Set<Int>

    init(_ tree: LayoutTree) {
        self.tree = tree
        stacks = Set(tree.nodes.indices.filter { Self.isStack(tree.nodes[$0].view) })
        var bySubject = [[Int]](repeating: [], count: tree.nodes.count)
        for (index, entry) in tree.entries.enumerated() where !entry.constraint.isSystemConstraint && entry.constraint.isActive != false {
            if let subject = tree.subject(entry) { bySubject[subject].append(index) }
        }
        subjectEntries = bySubject
    }

    /// Whether the rules look at this node at all: views the app lays out
    /// with constraints. Guides, views still placed by their autoresizing
    /// mask, and the framework's own views (`LayoutTree.Node.isFrameworks`) are
    /// UIKit's to place.
    func isLinted(_ node: Int) -> Bool {
        let view = tree.nodes[node].view
        return node != 0 && !view.isLayoutGuide && !view.translatesAutoresizingMask && !tree.nodes[node].isFrameworks
    }

    // MARK: - 1. Too few constraints

    /// Views the engine itself finds ambiguous, with the variables it names.
    func ambiguousLayout() -> [LayoutFinding] {
        tree.nodes.indices.compactMap { node in
            let view = tree.nodes[node].view
            guard view.hasAmbiguousLayout, !view.isLayoutGuide, !tree.nodes[node].isFrameworks else { return nil }
            let variables = view.ambiguousVariables
            let axes = Set(variables.map { $0 == "minX" || $0 == "width" ? LayoutAxis.horizontal : .vertical })
            // The view's own side decides the axis: `superview.bottom == view.bottom + 8` is vertical.
            let involved = subjectEntries[node].map { tree.entries[$0] }
                .filter { axes.isEmpty || tree.attribute(of: $0, on: node).axis.map(axes.contains) == true }
                .map(\.constraint)
            let named = variables.isEmpty ? "its layout is ambiguous" : variables.joined(separator: ", ") + (variables.count == 1 ? " is" : " are") + " ambiguous"
            return LayoutFinding(rule: .ambiguousLayout, view: view.reference, constraints: involved,
                                 detail: named + " (\(involved.count) constraint\(involved.count == 1 ? "" : "s") on that axis)")
        }
    }

    /// Labels and buttons held horizontally by their centre only, with no edge
    /// or width limit: their text is what grows (a translation, a larger font),
    /// and only sideways. An image view or a centred box has no text to grow,
    /// and a single line does not grow downward, so neither is reported.
    func centerOnly() -> [LayoutFinding] {
        var found: [LayoutFinding] = []
        for node in tree.nodes.indices where isLinted(node) {
            let view = tree.nodes[node].view
            guard LintStress.hasText(view), view.intrinsicContentSize.width >= 0 else { continue }
            var centres: [ConstraintSnapshot] = []
            var limited = false
            for index in subjectEntries[node] {
                let entry = tree.entries[index]
                let attribute = tree.attribute(of: entry, on: node)
                guard attribute.axis == .horizontal else { continue }
                if attribute == .centerX || attribute == .centerXWithinMargins {
                    centres.append(entry.constraint)
                } else {
                    limited = true  // an edge or a width bounds it
                }
            }
            guard !centres.isEmpty, !limited else { continue }
            found.append(LayoutFinding(rule: .centerOnly, view: view.reference, constraints: centres,
                                       detail: "held horizontally by its centre only, with no edge or width limit; its text is \(ReportNumber.plain(view.intrinsicContentSize.width)) wide now"))
        }
        return found
    }

    // MARK: - 2. offset where inset was meant

    /// Trailing, right and bottom constants that push a view out of its superview.
    func offsetInset() -> [LayoutFinding] {
        var found: [LayoutFinding] = []
        for node in tree.nodes.indices where isLinted(node) {
            var involved: [ConstraintSnapshot] = []
            var edges: [String] = []
            for index in subjectEntries[node] {
                let entry = tree.entries[index]
                let c = entry.constraint
                guard let other = tree.other(entry, than: node), tree.owningView(other) == tree.nodes[node].parent,
                      c.multiplier == 1, c.relation == .equal, c.firstAttribute.canonical == c.secondAttribute.canonical else { continue }
                let attribute = c.firstAttribute.canonical
                guard attribute == .right || attribute == .trailing || attribute == .bottom else { continue }
                // `view.edge == superview.edge + k`: k > 0 moves a far edge outward.
                let outward = entry.first == node ? c.constant : -c.constant
                guard outward > 0, let overhang = overhang(node, other, attribute), overhang > 0.5 else { continue }
                involved.append(c)
                edges.append("\(attribute) leaves \(tree.nodes[other].view.reference.bracketed) by \(ReportNumber.plain(overhang))")
            }
            if !involved.isEmpty {
                found.append(LayoutFinding(rule: .offsetInset, view: tree.nodes[node].view.reference,
                                           constraints: involved, detail: edges.joined(separator: "; ")))
            }
        }
        return found
    }

    /// How far the view's far edge (`right`, `bottom` or `trailing`) lies past its
    /// superview's (or a guide's), from the frames. Trailing is the right edge left
    /// to right and the left edge right to left: the larger of the two.
    private func overhang(_ node: Int, _ container: Int, _ attribute: LayoutAttribute) -> Double? {
        let view = tree.nodes[node].absolute, box = tree.nodes[container].absolute
        let directions = AttributeGeometry.usesDirection(attribute) ? [false, true] : [false]
        let overhangs = directions.compactMap { rightToLeft -> Double? in
            guard let edge = AttributeGeometry.value(attribute, of: view, margins: .init(), rightToLeft: rightToLeft),
                  let limit = AttributeGeometry.value(attribute, of: box, margins: .init(), rightToLeft: rightToLeft)
            else { return nil }
            return edge - limit
        }
        return overhangs.max()
    }

    // MARK: - 4. left/right mixed with leading/trailing

    /// Views whose own constraints mix the two families, and a hierarchy that
    /// mixes them across views when no single view does.
    func leftRightMixed() -> [LayoutFinding] {
        var found: [LayoutFinding] = []
        var firstAbsolute: ConstraintSnapshot?, firstDirectional: ConstraintSnapshot?
        for node in tree.nodes.indices where isLinted(node) {
            var absolute: [ConstraintSnapshot] = [], directional: [ConstraintSnapshot] = []
            for index in subjectEntries[node] {
                let entry = tree.entries[index]
                let attributes = [entry.constraint.firstAttribute.canonical, entry.constraint.secondAttribute.canonical]
                if attributes.contains(where: AttributeGeometry.isAbsoluteHorizontalEdge) { absolute.append(entry.constraint) }
                if attributes.contains(where: AttributeGeometry.usesDirection) { directional.append(entry.constraint) }
            }
            firstAbsolute = firstAbsolute ?? absolute.first
            firstDirectional = firstDirectional ?? directional.first
            guard !absolute.isEmpty, !directional.isEmpty else { continue }
            found.append(LayoutFinding(rule: .leftRightMixed, view: tree.nodes[node].view.reference,
                                       constraints: absolute + directional.filter { !absolute.contains($0) },
                                       detail: "\(Self.count(absolute.count)) left/right and \(Self.count(directional.count)) leading/trailing"))
        }
        if found.isEmpty, let a = firstAbsolute, let d = firstDirectional {
            found.append(LayoutFinding(rule: .leftRightMixed, view: tree.nodes[0].view.reference, constraints: [a, d],
                                       detail: "the hierarchy places some views with left/right and others with leading/trailing"))
        }
        return found
    }

    /// `1 constraint uses`, `2 constraints use`.
    static func count(_ n: Int) -> String {
        n == 1 ? "1 constraint uses" : "\(n) constraints use"
    }
}
