// MARK: - LayoutFinding

/// One layout trap `LayoutLint` found: which rule, on which view, through
/// which constraints, why it will hurt and how to fix it.
///
/// A value made from snapshots only, so the same finding comes from a live
/// hierarchy (`llint`, `LayoutLint.findings(in:stress:)`) and from a snapshot
/// tree built by hand in a test.
public struct LayoutFinding: Hashable, Sendable {
    /// The rule's stable name (`offset-inset`); see `LintRule`.
    var rule: String
    /// The view the trap is on, with its nametag or identifier when it has one.
    var view: ObjectReference
    /// The constraints involved, each with its address.
    var constraints: [ConstraintSnapshot]
    /// What was measured for this view (`trailing leaves its superview by 50`).
    var detail: String
    /// One sentence on why it will hurt.
    var why: String
    /// The fix in UIKit terms.
    var fix: String
    /// The fix in SnapKit terms, when SnapKit has one.
    var snapKitFix: Optional<String>

    /// Creates a finding; `why` and the fixes default to the rule's own words.
    init(rule: LintRule, view: ObjectReference, constraints: [ConstraintSnapshot], detail: String) {
        self.rule = rule.rawValue
        self.view = view
        self.constraints = constraints
        self.detail = detail
        self.why = rule.why
        self.fix = rule.fix
        self.snapKitFix = rule.snapKitFix
    }
}
