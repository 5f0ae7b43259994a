// MARK: - 7. Sadun's rules

extension LintRules {
    /// Views that still translate their autoresizing mask and also carry the
    /// app's own constraints: the mask's constraints pin the frame, so the
    /// app's conflict with them as soon as they disagree.
    func autoresizingMixed() -> [LayoutFinding] {
        tree.nodes.indices.compactMap { node in
            let view = tree.nodes[node].view
            guard node != 0, view.translatesAutoresizingMask, !view.isLayoutGuide, !tree.nodes[node].isFrameworks,
                  !subjectEntries[node].isEmpty else { return nil }
            let own = subjectEntries[node].map { tree.entries[$0].constraint }
            return LayoutFinding(rule: .autoresizingMixed, view: view.reference, constraints: own,
                                 detail: "translatesAutoresizingMaskIntoConstraints is on (\(view.autoresizingMask)) and the app adds \(own.count) constraint\(own.count == 1 ? "" : "s") of its own")
        }
    }

    /// Optional size constraints whose priority equals the view's hugging or
    /// compression resistance on that axis: two constraints of one priority
    /// tie, and the engine's choice between them is arbitrary.
    func priorityTie() -> [LayoutFinding] {
        var found: [LayoutFinding] = []
        for node in tree.nodes.indices where isLinted(node) {
            let view = tree.nodes[node].view
            for index in subjectEntries[node] {
                let entry = tree.entries[index]
                let c = entry.constraint
                let attribute = tree.attribute(of: entry, on: node)
                guard !c.isRequired, attribute.isSize else { continue }
                let horizontal = attribute == .width
                guard (horizontal ? view.intrinsicContentSize.width : view.intrinsicContentSize.height) >= 0 else { continue }
                let hug = horizontal ? view.hugging.horizontal : view.hugging.vertical
                let resist = horizontal ? view.compressionResistance.horizontal : view.compressionResistance.vertical
                let tied = c.priority == hug ? "hugging" : c.priority == resist ? "compression resistance" : nil
                guard let tied else { continue }
                found.append(LayoutFinding(rule: .priorityTie, view: view.reference, constraints: [c],
                                           detail: "its \(attribute) at priority \(ReportNumber.plain(c.priority)) ties its \(horizontal ? "horizontal" : "vertical") \(tied) (\(ReportNumber.plain(c.priority)))"))
            }
        }
        return found
    }

    /// Required constraints that cannot hold with a cell's encapsulated size
    /// ('UIView-Encapsulated-Layout-Height'), proved with the solver on a copy
    /// of the required constraints (the ones the engine broke included).
    func cellSizeRequired() -> [LayoutFinding] {
        let encapsulated = tree.entries.indices.filter { EncapsulatedSize.isEncapsulated(tree.entries[$0].constraint) }
        // Only cells (or their content views): an engine's host view has them too, and nothing fights those.
        let cells = encapsulated.filter { index in
            tree.entries[index].first.map { node in
                let view = tree.nodes[node].view
                switch EncapsulatedSize(className: view.reference.className, superclasses: view.superclassNames) {
                case .tableCell, .collectionCell, .cell: return true
                default: return false
                }
            } ?? false
        }
        guard !cells.isEmpty else { return [] }
        let system = LayoutSystem(tree, content: .requiredOnly, includingBroken: true)
        var found: [LayoutFinding] = []
        var seen = Set<Int>()
        for refusal in system.refused {
            let all = [refusal.entry] + refusal.involved
            guard all.contains(where: cells.contains) else { continue }
            let app = all.filter { !tree.entries[$0].constraint.isSystemConstraint }
            guard let first = app.first, let subject = tree.subject(tree.entries[first]), !tree.nodes[subject].isFrameworks,
                  seen.insert(subject).inserted else { continue }
            let sizes = all.filter(cells.contains).map { tree.entries[$0].constraint }
            let total = sizes.map { "\($0.identifier ?? "") = \(ReportNumber.plain($0.constant))" }.joined(separator: ", ")
            var finding = LayoutFinding(rule: .cellSizeRequired, view: tree.nodes[subject].view.reference,
                                        constraints: app.map { tree.entries[$0].constraint } + sizes,
                                        detail: "these required constraints cannot hold with the cell's \(total)")
            let horizontal = sizes.contains { $0.firstAttribute.canonical == .width }
            (finding.fix, finding.snapKitFix) = cellSizeFixes(horizontal: horizontal, app: app, subject: subject)
            found.append(finding)
        }
        return found
    }

    /// The fixes of a cell-size finding on the axis that conflicts: the
    /// trailing edge gives way to a width, the bottom edge to a height. The
    /// SnapKit line keeps the constant of the app's own constraint on that edge.
    private func cellSizeFixes(horizontal: Bool, app: [Int], subject: Int) -> (String, String) {
        let (edge, size) = horizontal ? ("trailing", "width") : ("bottom", "height")
        let farEdge = app.lazy.map { self.tree.entries[$0] }.first { entry in
            let attribute = self.tree.attribute(of: entry, on: subject)
            return horizontal ? [.trailing, .right].contains(attribute) : attribute == .bottom
        }
        // `subject.bottom == superview.bottom - 12` and `superview.bottom == subject.bottom + 12`
        // both read `offset(-12)` in SnapKit, which always puts the subject first.
        let inset = farEdge.map { entry in entry.first == subject ? entry.constraint.constant : -entry.constraint.constant } ?? 0
        let offset = inset == 0 ? "" : ".offset(\(ReportNumber.plain(inset)))"
        return ("Lower the \(edge) constraint to priority 999, so it gives way while the cell's \(size) is the one "
                    + "its table or collection view sets (an estimate before the content is measured).",
                "make.\(edge).equalToSuperview()\(offset).priority(999)")
    }
}
