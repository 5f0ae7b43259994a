// MARK: - 3. Extra constraints: arranged subviews pinned to their stack

extension LintRules {
    /// Arranged subviews of a stack view that carry the app's own edge
    /// constraints to the stack, proved harmful with the solver: a copy of the
    /// required constraints with the stack's own ('UISV-…') constraints read
    /// on the other axis, as they are once the stack's axis changes, cannot
    /// hold with them.
    ///
    /// - Complexity: one solve of the tree per stack that has such a constraint.
    func stackArrangedEdges() -> [LayoutFinding] {
        var found: [LayoutFinding] = []
        for stack in stacks.sorted() where !tree.nodes[stack].isFrameworks {
            let own = tree.entries.indices.filter { index in
                tree.entries[index].holder == stack && tree.entries[index].constraint.identifier?.hasPrefix("UISV-") == true
            }
            let arranged = Set(own.flatMap { [tree.entries[$0].first, tree.entries[$0].second] }.compactMap { $0 }
                .filter { tree.nodes[$0].parent == stack && !tree.nodes[$0].view.isLayoutGuide })
            var pinned: [Int: [Int]] = [:]
            for view in arranged.sorted() {
                for index in subjectEntries[view] where tree.entries[index].constraint.isRequired {
                    let entry = tree.entries[index]
                    guard let other = tree.other(entry, than: view), tree.owningView(other) == stack,
                          AttributeGeometry.isEdge(tree.attribute(of: entry, on: view)) else { continue }
                    pinned[view, default: []].append(index)
                }
            }
            guard !pinned.isEmpty else { continue }
            let flipped = LayoutSystem(tree, content: .requiredOnly, transposing: Set(own))
            for (view, edges) in pinned.sorted(by: { $0.key < $1.key }) {
                let refusals = flipped.refused.filter { refusal in
                    edges.contains(refusal.entry) || refusal.involved.contains(where: edges.contains)
                }
                guard !refusals.isEmpty else { continue }
                let involved = refusals.flatMap { [$0.entry] + $0.involved }
                var seen = Set<Int>()
                let named = (edges + involved.filter(own.contains)).filter { seen.insert($0).inserted }
                found.append(LayoutFinding(rule: .stackArrangedEdges, view: tree.nodes[view].view.reference,
                                           constraints: named.map { tree.entries[$0].constraint },
                                           detail: "with the stack's axis changed, its \(edges.map { "\(tree.attribute(of: tree.entries[$0], on: view))" }.joined(separator: ", ")) to the stack cannot hold with the stack's own constraints"))
            }
        }
        return found
    }

    /// Whether the entry ties `view`, a stack view's subview, to an edge of
    /// that stack: `stackArrangedEdges` speaks for those, so the redundancy
    /// rule neither reports them nor counts them.
    func isEdgeToOwnStack(_ entry: LayoutTree.Entry, of view: Int) -> Bool {
        guard let parent = tree.nodes[view].parent, stacks.contains(parent),
              let other = tree.other(entry, than: view), tree.owningView(other) == parent else { return false }
        return AttributeGeometry.isEdge(tree.attribute(of: entry, on: view))
    }

    /// UIKit's and AppKit's stack views, and their subclasses.
    static func isStack(_ view: ViewSnapshot) -> Bool {
        // No array is built: this is asked for every constraint of a large tree.
        func named(_ name: String) -> Bool { name == "UIStackView" || name == "NSStackView" }
        return named(view.reference.className) || view.superclassNames.contains(where: named)
    }
}
