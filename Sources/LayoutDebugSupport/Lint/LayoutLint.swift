// MARK: - LayoutLint

/// Finds layout traps (constraints that hold today but break, clip or
/// conflict later) in a snapshot tree, and says how to fix each.
///
/// The rules run in the order of issue 16's list and each finding names its
/// rule (`LintRule`); a finding for a rule the app silenced for that view
/// (`ignore(_:forViewAt:)`) is dropped. Nothing here reads a live object:
/// `LayoutLint.findings(in:stress:)` for a live view first takes snapshots
/// through the adapters.
public enum LayoutLint {
    /// The findings for the tree under `root`, in rule order, then in pre-order of the views.
    ///
    /// - Parameters:
    ///   - root: A snapshot tree (`LiveSnapshots`, or built by hand).
    ///   - stress: Also re-solve a copy with doubled text and with right-to-left
    ///     (see `LintStress`).
    /// - Returns: The findings not silenced.
    /// - Complexity: linear in views and constraints, plus one solve of the
    ///   tree when a view has more than two required constraints on an axis,
    ///   and three solves with `stress`.
    static func findings(in root: ViewSnapshot, stress: Bool = false) -> [LayoutFinding] {
        findings(in: LayoutTree(root, frameworkContainers: DescentReport.defaultSkippedClasses), stress: stress)
    }

    /// `findings(in:stress:)` for a tree already flattened (a live lint fills one
    /// as the adapter visits the views).
    static func findings(in tree: LayoutTree, stress: Bool) -> [LayoutFinding] {
        let rules = LintRules(tree)
        var found = rules.ambiguousLayout() + rules.centerOnly() + rules.offsetInset()
        found += rules.redundantConstraints() + rules.stackArrangedEdges() + rules.leftRightMixed()
        found += rules.marginOnChild() + rules.edgeMarginMixed()
        found += rules.autoresizingMixed() + rules.priorityTie() + rules.cellSizeRequired()
        if stress { found += LintStress(tree).findings() }
        let silenced = LintSuppressions.current()
        guard !silenced.isEmpty else { return found }
        return found.filter { finding in
            !(finding.view.address.map { silenced.contains(LintSuppressions.Key(rule: finding.rule, view: $0)) } ?? false)
        }
    }

    /// Silences `rule` for the view at `address` in this process, from now on.
    ///
    /// Silencing is per view and per rule, so one deliberate exception (a badge
    /// that hangs over its superview's corner on purpose) does not hide the
    /// same trap elsewhere. `llint --ignore RULE VIEW` calls this.
    ///
    /// - Returns: `false` when `rule` names no rule.
    @discardableResult
    static func ignore(_ rule: String, forViewAt address: UInt64) -> Bool {
        guard LintRule(rawValue: rule) != nil else { return false }
        LintSuppressions.insert(.init(rule: rule, view: address))
        return true
    }

    /// Forgets every silenced rule.
    static func removeAllIgnores() {
        LintSuppressions.removeAll()
    }
}
