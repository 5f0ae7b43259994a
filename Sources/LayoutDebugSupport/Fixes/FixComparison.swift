// MARK: - FixComparison

/// Compares snapshot trees of one hierarchy taken before and after a change.
enum FixComparison {
    /// Frames are compared to a hundredth of a point: less is rounding.
    static let frameTolerance = 0.01
    /// A required constraint missed by more than this is not holding.
    static let missTolerance = 0.5

    /// The views whose frames differ, in `after`'s pre-order; views only in one tree are left out.
    static func frameChanges(before: ViewSnapshot, after: ViewSnapshot) -> [FixOutcome.FrameChange] {
        var earlier: [UInt64: SnapshotRect] = [:]
        for view in views(of: before) { if let address = view.reference.address { earlier[address] = view.frame } }
        return views(of: after).compactMap { view in
            guard let address = view.reference.address, let old = earlier[address], differs(old, view.frame) else { return nil }
            return FixOutcome.FrameChange(view: view.reference, before: old, after: view.frame)
        }
    }

    /// The views ambiguous in `after` that were not in `before`.
    static func newlyAmbiguous(before: ViewSnapshot, after: ViewSnapshot) -> [ObjectReference] {
        let earlier = Set(views(of: before).filter(\.hasAmbiguousLayout).compactMap(\.reference.address))
        return views(of: after).filter { $0.hasAmbiguousLayout }
            .filter { view in view.reference.address.map { !earlier.contains($0) } ?? true }
            .map(\.reference)
    }

    /// The active required constraints of the tree that the engine holds broken.
    ///
    /// Only the engine's word counts (the conflicts it reported, `isBroken`): a
    /// re-check of the frames can disagree with it, as when a view's frame was
    /// set by hand, and gave `lfix` two verdicts for one change.
    static func unsatisfied(in tree: ViewSnapshot) -> [ConstraintSnapshot] {
        views(of: tree).flatMap(\.constraints).filter(isFailing)
    }

    /// Whether a constraint is required, active, and broken by the engine.
    static func isFailing(_ c: ConstraintSnapshot) -> Bool {
        c.isRequired && c.isActive != false && c.isBroken
    }

    /// The constraints of `tree` that were not holding before a change: broken
    /// by the engine, or required and missed by their frames, as `settle`
    /// finds the ones it asks the engine to take again.
    static func failingBeforeChange(_ tree: ViewSnapshot) -> Set<UInt64> {
        Set(views(of: tree).flatMap(\.constraints).filter { c in
            isFailing(c) || (c.isRequired && c.isActive != false && !c.isSystemConstraint && (c.frameMiss ?? 0) > missTolerance)
        }.compactMap(\.address))
    }

    /// The objects a change touches: each changed constraint, its items, and each changed view.
    static func touched(by steps: [FixOutcome.Step]) -> Set<UInt64> {
        var touched: Set<UInt64> = []
        for step in steps {
            if let view = step.view?.address { touched.insert(view) }
            guard let c = step.constraint else { continue }
            for address in [c.address, c.firstItem?.address, c.secondItem?.address].compactMap({ $0 }) {
                touched.insert(address)
            }
        }
        return touched
    }

    /// Whether a remaining conflict is another's: none of its constraints or
    /// items is one the change `touched`, and the constraint the engine breaks
    /// in it was already failing before the change (`failingBefore`), so the
    /// change neither made it nor could have ended it.
    static func isOther(_ conflict: ConflictSnapshot, touched: Set<UInt64>, failingBefore: Set<UInt64>) -> Bool {
        guard let broken = conflict.brokenConstraint?.address, failingBefore.contains(broken) else { return false }
        let constraints = conflict.mutuallyExclusive + (conflict.brokenConstraint.map { [$0] } ?? [])
        return !constraints.contains { c in
            [c.address, c.firstItem?.address, c.secondItem?.address].contains { $0.map(touched.contains) ?? false }
        }
    }

    /// Every view and guide of the tree, in pre-order.
    static func views(of root: ViewSnapshot) -> [ViewSnapshot] {
        var found: [ViewSnapshot] = []
        var stack = [root]
        while let view = stack.popLast() {
            found.append(view)
            stack.append(contentsOf: view.children.reversed())
        }
        return found
    }

    private static func differs(_ a: SnapshotRect, _ b: SnapshotRect) -> Bool {
        abs(a.x - b.x) > frameTolerance || abs(a.y - b.y) > frameTolerance
            || abs(a.width - b.width) > frameTolerance || abs(a.height - b.height) > frameTolerance
    }
}
