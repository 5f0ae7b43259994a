// MARK: - LintStress

/// The stress pass: a copy of the tree's constraints solved three times, as
/// the app stands, with every label's and button's intrinsic width doubled
/// (the doubled-strings test, `NSDoubleLocalizedStrings`), and right to left.
/// What is wrong under stress and was not before is reported, with the
/// constraints that place the views involved. The app is never touched.
struct LintStress {
    let tree: LayoutTree
    let rules: LintRules

    init(_ tree: LayoutTree) {
        self.tree = tree
        rules = LintRules(tree)
    }

    /// The findings of both stressed solves, doubled text first.
    func findings() -> [LayoutFinding] {
        let natural: (Int) -> SnapshotSize = { tree.nodes[$0].view.intrinsicContentSize }
        let doubled: (Int) -> SnapshotSize = { index in
            var size = natural(index)
            if Self.hasText(tree.nodes[index].view), size.width > 0 { size.width *= 2 }
            return size
        }
        let base = LayoutSystem(tree, content: .all(intrinsic: natural))
        let long = LayoutSystem(tree, content: .all(intrinsic: doubled))
        let mirrored = LayoutSystem(tree, content: .all(intrinsic: natural), rightToLeft: true)
        let baseFrames = tree.nodes.indices.map(base.frame)
        var found: [LayoutFinding] = []
        for (system, sizes, label) in [(long, doubled, "with doubled text"), (mirrored, natural, "right to left")] {
            let frames = tree.nodes.indices.map(system.frame)
            found += conflicts(system, base, label)
            var moved = leaving(frames, baseFrames, label)
            moved += clipped(frames, baseFrames, sizes, label)
            moved += overlaps(frames, baseFrames, label)
            // Where the layout itself is ambiguous, the solver's frames are one choice of
            // many: what they show is not a finding (the engine's ambiguity is reported).
            found += moved.filter { finding in
                !placedNodes(finding).contains { base.isAmbiguous($0) || system.isAmbiguous($0) }
            }
        }
        return found
    }

    /// The nodes a finding is about: its view and the views its constraints place.
    private func placedNodes(_ finding: LayoutFinding) -> [Int] {
        ([finding.view] + finding.constraints.flatMap { [$0.firstItem, $0.secondItem].compactMap { $0 } })
            .compactMap(tree.node).filter { rules.isLinted($0) }
    }

    // MARK: - The checks

    private func conflicts(_ system: LayoutSystem, _ base: LayoutSystem, _ label: String) -> [LayoutFinding] {
        let before = Set(base.refused.map(\.entry))
        return system.refused.filter { !before.contains($0.entry) }.compactMap { refusal in
            let entries = [refusal.entry] + refusal.involved.filter { $0 != refusal.entry }
            guard let subject = tree.subject(tree.entries[refusal.entry]) else { return nil }
            return LayoutFinding(rule: .stressConflict, view: tree.nodes[subject].view.reference,
                                 constraints: entries.map { tree.entries[$0].constraint },
                                 detail: "\(label), the first of these cannot hold with the others")
        }
    }

    private func leaving(_ frames: [SnapshotRect], _ baseFrames: [SnapshotRect], _ label: String) -> [LayoutFinding] {
        tree.nodes.indices.compactMap { node in
            guard rules.isLinted(node), let parent = tree.nodes[node].parent,
                  Self.overhang(baseFrames[node], baseFrames[parent]) <= 0.5 else { return nil }
            let overhang = Self.overhang(frames[node], frames[parent])
            guard overhang > 0.5 else { return nil }
            return LayoutFinding(rule: .stressLeavesSuperview, view: tree.nodes[node].view.reference,
                                 constraints: placing(node),
                                 detail: "\(label), it leaves \(tree.nodes[parent].view.reference.bracketed) by \(ReportNumber.plain(overhang))")
        }
    }

    private func clipped(_ frames: [SnapshotRect], _ baseFrames: [SnapshotRect], _ sizes: (Int) -> SnapshotSize,
                         _ label: String) -> [LayoutFinding] {
        tree.nodes.indices.compactMap { node in
            let view = tree.nodes[node].view
            guard rules.isLinted(node), Self.hasText(view), view.intrinsicContentSize.width > 0,
                  baseFrames[node].width >= view.intrinsicContentSize.width - 0.5 else { return nil }
            let needed = sizes(node).width
            guard frames[node].width < needed - 0.5 else { return nil }
            return LayoutFinding(rule: .stressClipped, view: view.reference, constraints: placing(node),
                                 detail: "\(label), its text needs \(ReportNumber.plain(needed)) and gets \(ReportNumber.plain(frames[node].width))")
        }
    }

    private func overlaps(_ frames: [SnapshotRect], _ baseFrames: [SnapshotRect], _ label: String) -> [LayoutFinding] {
        var siblings: [Int: [Int]] = [:]
        for node in tree.nodes.indices where rules.isLinted(node) {
            if let parent = tree.nodes[node].parent { siblings[parent, default: []].append(node) }
        }
        var found: [LayoutFinding] = []
        for parent in siblings.keys.sorted() {
            let group = siblings[parent]!
            for (i, a) in group.enumerated() {
                for b in group[(i + 1)...] where !Self.intersects(baseFrames[a], baseFrames[b]) && Self.intersects(frames[a], frames[b]) {
                    found.append(LayoutFinding(rule: .siblingOverlap, view: tree.nodes[a].view.reference,
                                               constraints: placing(a) + placing(b),
                                               detail: "\(label), it overlaps its sibling \(tree.nodes[b].view.reference.bracketed)"))
                }
            }
        }
        return found
    }

    // MARK: - Helpers

    /// The app's horizontal constraints on a view: what both stresses move.
    private func placing(_ node: Int) -> [ConstraintSnapshot] {
        rules.subjectEntries[node].map { tree.entries[$0] }
            .filter { tree.attribute(of: $0, on: node).axis == .horizontal }.map(\.constraint)
    }

    /// Labels and buttons: what a translation lengthens.
    static func hasText(_ view: ViewSnapshot) -> Bool {
        func isText(_ name: String) -> Bool {
            name == "UILabel" || name == "UIButton" || name == "UITextField" || name == "NSTextField" || name == "NSButton"
        }
        return isText(view.reference.className) || view.superclassNames.contains(where: isText)
    }

    /// How far `rect` reaches past `box` on its worst side; ≤ 0 when inside.
    static func overhang(_ rect: SnapshotRect, _ box: SnapshotRect) -> Double {
        max(box.x - rect.x, rect.x + rect.width - (box.x + box.width),
            box.y - rect.y, rect.y + rect.height - (box.y + box.height))
    }

    /// Whether two rectangles share an area more than half a point across.
    static func intersects(_ a: SnapshotRect, _ b: SnapshotRect) -> Bool {
        min(a.x + a.width, b.x + b.width) - max(a.x, b.x) > 0.5 && min(a.y + a.height, b.y + b.height) - max(a.y, b.y) > 0.5
    }
}
