// MARK: - 6. Margins where edges were meant

extension LintRules {
    /// Constraints to the superview that use the view's own margin
    /// (`child.leadingMargin == superview.leading`): the child's margin, 8
    /// points by default, is added to whatever inset the constant meant, and it
    /// changes with the child's `layoutMargins`, which nobody expects to move it.
    func marginOnChild() -> [LayoutFinding] {
        var found: [LayoutFinding] = []
        for node in tree.nodes.indices where isLinted(node) {
            let involved = subjectEntries[node].map { tree.entries[$0] }.filter { entry in
                guard let other = tree.other(entry, than: node), tree.owningView(other) == tree.nodes[node].parent else { return false }
                return AttributeGeometry.isMarginEdge(tree.attribute(of: entry, on: node))
            }
            guard !involved.isEmpty else { continue }
            let names = involved.map { "\(tree.attribute(of: $0, on: node))" }
            found.append(LayoutFinding(rule: .marginOnChild, view: tree.nodes[node].view.reference,
                                       constraints: involved.map(\.constraint),
                                       detail: "its own \(names.joined(separator: ", ")) \(names.count == 1 ? "is" : "are") tied to its superview, so its margin is added to the inset"))
        }
        return found
    }

    /// Views placed on one axis from the superview's margin on one side and
    /// its edge on the other: rarely meant, and asymmetric by the margin.
    func edgeMarginMixed() -> [LayoutFinding] {
        var found: [LayoutFinding] = []
        for node in tree.nodes.indices where isLinted(node) {
            for axis in [LayoutAxis.horizontal, .vertical] {
                var margins: [ConstraintSnapshot] = [], edges: [ConstraintSnapshot] = []
                for index in subjectEntries[node] {
                    let entry = tree.entries[index]
                    guard let other = tree.other(entry, than: node), tree.owningView(other) == tree.nodes[node].parent,
                          tree.attribute(of: entry, on: node).axis == axis else { continue }
                    let theirs = tree.attribute(of: entry, on: other)
                    guard AttributeGeometry.isEdge(theirs) else { continue }
                    if AttributeGeometry.isMarginEdge(theirs) || isMarginsGuide(other) { margins.append(entry.constraint) } else { edges.append(entry.constraint) }
                }
                guard !margins.isEmpty, !edges.isEmpty else { continue }
                found.append(LayoutFinding(rule: .edgeMarginMixed, view: tree.nodes[node].view.reference,
                                           constraints: margins + edges,
                                           detail: "\(axis == .horizontal ? "horizontally" : "vertically") it is tied to its superview's margin on one side and its edge on the other"))
            }
        }
        return found
    }

    private func isMarginsGuide(_ node: Int) -> Bool {
        tree.nodes[node].view.isLayoutGuide && tree.nodes[node].view.reference.name == "UIViewLayoutMarginsGuide"
    }
}
