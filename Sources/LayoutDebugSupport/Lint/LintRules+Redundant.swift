// MARK: - 3. Extra constraints

extension LintRules {
    /// Required constraints that add nothing, proved with the solver: with the
    /// constraint taken out of a copy of the required constraints, every
    /// variable of its items keeps its value and none becomes ambiguous. Its
    /// row depends on those variables alone, so it then holds in every
    /// solution the others allow: removing it changes no frame anywhere.
    ///
    /// Found greedily: a constraint found redundant stays out while the next
    /// is tried, so of three constraints that each repeat the other two (a
    /// leading, a trailing and a width that add up) one is reported, the last
    /// one made, and the other two are what is left.
    ///
    /// An arranged subview's edges to its own stack are left to
    /// `stackArrangedEdges`. Only constraints of a view that has more than two
    /// required constraints on one axis are tried (a position and a size are two): the solver then
    /// never runs on a tree with no candidate, such as `many-views`.
    ///
    /// - Complexity: one solve of the tree when there is a candidate, then
    ///   one removal and one re-add per candidate.
    func redundantConstraints() -> [LayoutFinding] {
        let candidates = redundancyCandidates()
        guard !candidates.isEmpty else { return [] }
        let system = LayoutSystem(tree, content: .requiredOnly)
        // An inequality often guards another screen (`width <= 600` for an iPad): on
        // this screen's copy it adds nothing, yet it is not redundant. So it must be
        // implied on every screen size too.
        let inequalities = candidates.filter { tree.entries[$0].constraint.relation != .equal }
        let anySize = inequalities.isEmpty ? nil : LayoutSystem(tree, content: .requiredOnly, anyScreenSize: true)
        var found: [LayoutFinding] = []
        for index in candidates.reversed() where system.added[index] != nil {
            if let anySize, tree.entries[index].constraint.relation != .equal, !Self.isImplied(index, in: anySize, tree) {
                continue
            }
            let entry = tree.entries[index]
            let items = [entry.first, entry.second].compactMap { $0 }
            guard !items.contains(where: system.isAmbiguous) else { continue }
            let before = items.map(system.frame)
            system.remove(entry: index)
            let unchanged = zip(items, before).allSatisfy { node, frame in
                !system.isAmbiguous(node) && Self.isSame(system.frame(node), frame)
            }
            guard unchanged, let subject = tree.subject(entry) else {
                system.add(entry: index)
                continue
            }
            found.append(LayoutFinding(rule: .redundantConstraint, view: tree.nodes[subject].view.reference,
                                       constraints: [entry.constraint],
                                       detail: "without it the solver gives every view the same frame, and nothing becomes ambiguous"))
        }
        return found.reversed()
    }

    /// The required constraints of views that have more than two on one axis.
    private func redundancyCandidates() -> [Int] {
        var candidates: [Int] = []
        for node in tree.nodes.indices where isLinted(node) {
            // Counted first, without building lists: almost every view has two an axis.
            var counts = (horizontal: 0, vertical: 0)
            for index in subjectEntries[node] where isCandidate(index, of: node) {
                if tree.attribute(of: tree.entries[index], on: node).axis == .horizontal { counts.horizontal += 1 } else { counts.vertical += 1 }
            }
            guard counts.horizontal > 2 || counts.vertical > 2 else { continue }
            for index in subjectEntries[node] where isCandidate(index, of: node) {
                let horizontal = tree.attribute(of: tree.entries[index], on: node).axis == .horizontal
                if horizontal ? counts.horizontal > 2 : counts.vertical > 2 { candidates.append(index) }
            }
        }
        return candidates.sorted()
    }

    private func isCandidate(_ index: Int, of node: Int) -> Bool {
        let entry = tree.entries[index]
        return entry.constraint.isRequired && entry.isInside && !isEdgeToOwnStack(entry, of: node)
    }

    /// Whether the entry adds nothing to `system`: without it, its items keep their
    /// values and none becomes ambiguous. It is put back either way.
    private static func isImplied(_ index: Int, in system: LayoutSystem, _ tree: LayoutTree) -> Bool {
        guard system.added[index] != nil else { return false }
        let entry = tree.entries[index]
        let items = [entry.first, entry.second].compactMap { $0 }
        guard !items.contains(where: system.isAmbiguous) else { return false }
        let before = items.map(system.frame)
        system.remove(entry: index)
        defer { system.add(entry: index) }
        return zip(items, before).allSatisfy { node, frame in !system.isAmbiguous(node) && isSame(system.frame(node), frame) }
    }

    private static func isSame(_ a: SnapshotRect, _ b: SnapshotRect) -> Bool {
        abs(a.x - b.x) < 0.01 && abs(a.y - b.y) < 0.01 && abs(a.width - b.width) < 0.01 && abs(a.height - b.height) < 0.01
    }
}
