// MARK: - ContradictionText

/// Words an irreducible contradiction: the reason, the combination and the fixes.
struct ContradictionText {
    let conflict: ConflictSnapshot
    let system: LinearSystem
    let phrases: ExplanationPhrases
    let subset: [Int]
    let certificate: FarkasCertificate

    func explanation(notes: [String]) -> ConflictExplanation {
        let ordered = orderedSubset()
        let rows = ordered.map { index -> ConflictExplanation.Row in
            let row = system.rows[index]
            return ConflictExplanation.Row(constraintIndex: constraintIndex(row), multiplier: certificate.multipliers[index]!,
                                           equation: phrases.equation(row), meaning: phrases.meaning(row))
        }
        let symbol = certificate.isEquality ? "=" : "<="
        let contradiction = "0 \(symbol) \(ExplainNumber.text(certificate.constant)) is impossible"
        var reason = reason(ordered)
        if let broken = brokenNote(ordered) { reason += " " + broken }
        let triage = ConflictTriage.classify(conflict)
        var explanation = ConflictExplanation(verdict: .contradiction, reason: reason, rows: rows,
                                              contradiction: contradiction, sum: certificate.constant,
                                              fixes: triage.owner == .system ? [] : fixes(), notes: notes)
        if triage.owner == .system {
            // No change to the app's code removes it, so none is offered: each would
            // rewrite a constraint UIKit or AppKit made for its own views.
            explanation.systemOnly = "Nothing to fix in your code: this conflict has \(triage.evidence), and "
                + "only their own constraints. 'lbreak --mine' stops only at conflicts of your own."
        }
        return explanation
    }

    /// Constraints in the log's order, then the size facts.
    private func orderedSubset() -> [Int] {
        subset.sorted { lhs, rhs in
            switch (system.rows[lhs].source, system.rows[rhs].source) {
            case (.constraint(let a), .constraint(let b)): return a < b
            case (.constraint, .nonNegative): return true
            case (.nonNegative, .constraint): return false
            case (.nonNegative(let a), .nonNegative(let b)): return a < b
            }
        }
    }

    private func constraintIndex(_ row: LinearSystem.Row) -> Int? {
        if case .constraint(let index) = row.source { return index }
        return nil
    }

    // MARK: - Reason

    /// "A is 768 wide, A is pinned 0 from the leading edge of B, …: 768 + 0 + 0 = 50 is impossible."
    ///
    /// Rows with a negative multiplier add up to one side, rows with a
    /// positive one to the other; the certificate guarantees the sides
    /// cannot be equal (or, with inequalities, cannot be ordered that way).
    private func reason(_ ordered: [Int]) -> String {
        let clauses = ordered.map { phrases.meaning(system.rows[$0]) }
        var left: [String] = [], right: [String] = []
        var leftSum = 0.0, rightSum = 0.0
        for index in ordered {
            let weight = certificate.multipliers[index]!
            let constant = system.rows[index].constant
            var term = ExplainNumber.text(abs(constant))
            if abs(weight) != 1 { term = ExplainNumber.text(abs(weight)) + "×" + term }
            // A negative constant goes to the other side as a distance, as the
            // sentences give it: `20 + 100 + 10 = 120`, never `20 + 100 = (-10) + 120`.
            if (weight < 0) == (constant >= 0) {
                left.append(term); leftSum += abs(weight * constant)
            } else {
                right.append(term); rightSum += abs(weight * constant)
            }
        }
        let symbol = certificate.isEquality ? "=" : "<="
        var arithmetic = (left.isEmpty ? "0" : left.joined(separator: " + ")) + " \(symbol) "
            + (right.isEmpty ? "0" : right.joined(separator: " + ")) + " is impossible"
        if left.count > 1 || right.count > 1 {
            arithmetic += " (\(ExplainNumber.text(leftSum)) against \(ExplainNumber.text(rightSum)))"
        }
        // Every clause starts with an item's name, which keeps its case as
        // written: a name the user put in for an address (`cv`) is not "Cv".
        return clauses.joined(separator: "; ") + ": " + arithmetic + "."
    }

    /// What breaking the engine's choice does: a constraint outside the
    /// subset leaves the contradiction standing, so the engine must break more.
    private func brokenNote(_ ordered: [Int]) -> String? {
        guard let broken = conflict.brokenConstraint else { return nil }
        let index = conflict.brokenIndex
        let formula = phrases.formula(broken)
        guard let index else {
            return "The engine broke \(formula), which the list does not show."
        }
        if ordered.contains(where: { constraintIndex(system.rows[$0]) == index }) {
            return "The engine broke \(formula), one of these."
        }
        return "The engine broke \(formula), which this contradiction does not need: breaking it is not "
            + "enough, and the engine will break another constraint too."
    }

    // MARK: - Fixes

    /// Each change that removes a row of the subset; system constraints are
    /// not the app's to change, except through the usual fixes.
    private func fixes() -> [ConflictExplanation.Fix] {
        let constraints = subset.compactMap { constraintIndex(system.rows[$0]) }.sorted()
        // The size a container gives, or one UIKit sets until the first layout pass, must
        // win, so the app's constraints give way to it.
        let yielding = constraints.lazy.map { self.conflict.mutuallyExclusive[$0] }.compactMap(yieldingPhrase).first
        let intent = FixIntent(conflict, phrases: phrases)
        var fixes: [ConflictExplanation.Fix] = []
        var autoresizingItems: Set<String> = []
        for index in constraints {
            let constraint = conflict.mutuallyExclusive[index]
            if constraint.className == "NSAutoresizingMaskLayoutConstraint" {
                let item = phrases.name(constraint.framedItem, constraint)
                guard autoresizingItems.insert(item).inserted else { continue }
                let removed = autoresizingRows(of: constraint.framedItem)
                fixes.append(.init(constraintIndex: index,
                                   advice: "set translatesAutoresizingMaskIntoConstraints = false on \(item)",
                                   resolvesConflict: resolves(without: removed),
                                   change: .noAutoresizing, target: constraint.framedItem?.address))
                continue
            }
            guard !constraint.isSystemConstraint else { continue }
            let rowsOfConstraint = rows(of: index)
            // One of two pins of the same attribute goes; else the container's size must win,
            // so the constraint gives way; anywhere else the nuclear way out, which always
            // resolves what this row took part in.
            let pin = intent.pinnedTwice(index)
            let gives = pin == nil ? yielding : nil
            let advice = pin.map { "remove \(phrases.formula(constraint)), one of the two pins of \($0)" }
                ?? gives.map { "give \(phrases.formula(constraint)) priority 999, so \($0) wins" }
                ?? "remove or change \(phrases.formula(constraint))"
            fixes.append(.init(constraintIndex: index, advice: advice, resolvesConflict: resolves(without: rowsOfConstraint),
                               madeAt: constraint.sourceText,
                               change: gives == nil ? .deactivate : .priority(999), target: constraint.address))
        }
        return fixes
    }

    /// What a size the app's constraints must yield to is, in words: an
    /// encapsulated size (its container's), a stack view's `'UISV-hiding'`,
    /// or a `_UITemporaryLayout…` size UIKit sets until the view's first layout pass.
    private func yieldingPhrase(_ c: ConstraintSnapshot) -> String? {
        if EncapsulatedSize.isEncapsulated(c) { return c.firstItem.map { EncapsulatedSize(of: $0, in: conflict).phrase } }
        let item = c.firstItem.map { phrases.name($0, c) } ?? "the view"
        if FixIntent.isHiding(c) { return "'UISV-hiding', the size its stack view gives \(item) while it hides it," }
        guard let identifier = c.identifier, identifier.hasPrefix("_UITemporaryLayout") else { return nil }
        return "'\(identifier)', the size UIKit gives \(item) until its first layout pass,"
    }

    private func rows(of constraintIndex: Int) -> Set<Int> {
        Set(system.rows.indices.filter { self.constraintIndex(system.rows[$0]) == constraintIndex })
    }

    private func autoresizingRows(of item: ObjectReference?) -> Set<Int> {
        Set(system.rows.indices.filter { row in
            guard let index = constraintIndex(system.rows[row]) else { return false }
            let constraint = conflict.mutuallyExclusive[index]
            return constraint.className == "NSAutoresizingMaskLayoutConstraint" && constraint.framedItem == item
        })
    }

    /// Whether the whole system holds once these rows are gone.
    private func resolves(without removed: Set<Int>) -> Bool {
        let remaining = system.rows.indices.filter { !removed.contains($0) }
        if case .feasible = InfeasibleSubset.check(system.rows, remaining) { return true }
        return false
    }
}
