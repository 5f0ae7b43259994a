// MARK: - LintRule

/// The traps `LayoutLint` looks for, by stable name. A name never changes
/// once shipped: users silence rules by it (`LayoutLint.ignore`,
/// `llint --ignore`), and scripts read it from `--json`.
public enum LintRule: String, CaseIterable, Codable, Sendable {
    /// A view's position or size is ambiguous (too few constraints).
    case ambiguousLayout = "ambiguous-layout"
    /// A view sized by its content is held only by its centre on an axis, with no edge limit.
    case centerOnly = "center-only"
    /// A trailing, right or bottom constant pushes the view out of its superview.
    case offsetInset = "offset-inset"
    /// A required constraint adds nothing: without it no frame moves and nothing is ambiguous.
    case redundantConstraint = "redundant-constraint"
    /// One view (or one hierarchy) mixes left/right with leading/trailing.
    case leftRightMixed = "left-right-mixed"
    /// Under stress, two siblings pinned to their superview and not to each other overlap.
    case siblingOverlap = "sibling-overlap"
    /// Under stress, a view leaves its superview.
    case stressLeavesSuperview = "stress-leaves-superview"
    /// Under stress, a label or button gets less room than its text needs.
    case stressClipped = "stress-clipped"
    /// Under stress, a required constraint can no longer hold.
    case stressConflict = "stress-conflict"

    /// One sentence on why the trap will hurt.
    public var why: String {
        switch self {
        case .ambiguousLayout:
            return "The engine picks one of many equally valid frames, so the view can jump on the next layout pass and UIKit prints no warning."
        case .centerOnly:
            return "Nothing stops the view at its superview's edges, so longer content (a translation, a larger font) makes it grow past them on both sides."
        case .offsetInset:
            return "A positive constant on a trailing, right or bottom edge moves that edge outward, so the view sticks out of its superview and is clipped or overlaps what lies beyond."
        case .redundantConstraint:
            return "It repeats what the other constraints already fix, so the next change to any of them turns it into a conflict that breaks at run time."
        case .leftRightMixed:
            return "Leading and trailing flip under right-to-left while left and right do not, so the layout comes apart (or conflicts) in Arabic and Hebrew."
        case .siblingOverlap:
            return "Each sibling is placed from the superview alone, so when one grows (a longer translation) it runs into the other."
        case .stressLeavesSuperview:
            return "With longer text or right-to-left the view is pushed out of its superview, where it is clipped or covers its neighbours."
        case .stressClipped:
            return "With longer text the label or button gets less room than its text needs, so the text is truncated."
        case .stressConflict:
            return "With longer text or right-to-left a required constraint can no longer hold, so UIKit breaks one at run time and logs a conflict."
        }
    }

    /// The fix in UIKit terms.
    public var fix: String {
        switch self {
        case .ambiguousLayout:
            return "Add the missing constraint for each ambiguous variable (a position and a size per axis), e.g. topAnchor.constraint(equalTo: superview.topAnchor, constant: 8)."
        case .centerOnly:
            return "Keep the centring and add edge limits: leadingAnchor.constraint(greaterThanOrEqualTo: superview.leadingAnchor, constant: 20) and the trailing twin."
        case .offsetInset:
            return "Use a negative constant on the far edge: trailingAnchor.constraint(equalTo: superview.trailingAnchor, constant: -50), or superview.trailingAnchor.constraint(equalTo: trailingAnchor, constant: 50)."
        case .redundantConstraint:
            return "Deactivate the constraint (or lower it below 1000 if it states a preference)."
        case .leftRightMixed:
            return "Use leadingAnchor and trailingAnchor (or .leading/.trailing) everywhere; keep left and right only for layouts that must not flip."
        case .siblingOverlap:
            return "Chain the siblings to each other: second.leadingAnchor.constraint(greaterThanOrEqualTo: first.trailingAnchor, constant: 8), or put them in a UIStackView."
        case .stressLeavesSuperview:
            return "Bound the view by its superview's edges with greaterThanOrEqualTo/lessThanOrEqualTo constraints, and let the text wrap (numberOfLines = 0) or shrink."
        case .stressClipped:
            return "Give the text room to grow: lower a fixed width's priority below the label's compression resistance, or let it wrap (numberOfLines = 0)."
        case .stressConflict:
            return "Make one of the named constraints optional (priority 999) or an inequality, so it can give way."
        }
    }

    /// The fix in SnapKit terms, when SnapKit has one.
    public var snapKitFix: String? {
        switch self {
        case .ambiguousLayout: return "make.top.equalToSuperview().offset(8) (whichever edge or size is missing)"
        case .centerOnly: return "make.top.left.greaterThanOrEqualToSuperview()"
        case .offsetInset: return "make.edges.equalToSuperview().inset(50) instead of .offset(50)"
        case .redundantConstraint: return "remove the repeated make.… line (or give it .priority(.high))"
        case .leftRightMixed: return "make.leading/make.trailing instead of make.left/make.right"
        case .siblingOverlap: return "make.leading.greaterThanOrEqualTo(first.snp.trailing).offset(8)"
        case .stressLeavesSuperview: return "make.leading.greaterThanOrEqualToSuperview().offset(20); make.trailing.lessThanOrEqualToSuperview().offset(-20)"
        case .stressClipped: return "make.width.equalTo(100).priority(.high) instead of a required width"
        case .stressConflict: return "add .priority(999) to one of the named constraints"
        }
    }
}
