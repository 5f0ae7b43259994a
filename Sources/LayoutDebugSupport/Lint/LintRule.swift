// MARK: - LintRule

/// The traps `LayoutLint` looks for, by stable name. A name never changes
/// once shipped: users silence rules by it (`LayoutLint.ignore`,
/// `llint --ignore`), and scripts read it from `--json`.
enum LintRule: String, CaseIterable, Codable, Sendable {
    /// A view's position or size is ambiguous (too few constraints).
    case ambiguousLayout = "ambiguous-layout"
    /// A label or button is held horizontally only by its centre, with no edge or width limit.
    case centerOnly = "center-only"
    /// A trailing, right or bottom constant pushes the view out of its superview.
    case offsetInset = "offset-inset"
    /// A required constraint adds nothing: without it no frame moves and nothing is ambiguous.
    case redundantConstraint = "redundant-constraint"
    /// An arranged subview of a stack view has the app's own edge constraints to the stack.
    case stackArrangedEdges = "stack-arranged-edges"
    /// One view (or one hierarchy) mixes left/right with leading/trailing.
    case leftRightMixed = "left-right-mixed"
    /// A view's own margin attribute is tied to its superview, adding its margin to the inset.
    case marginOnChild = "margin-on-child"
    /// One view tied to its superview's margin on one side and its edge on the other.
    case edgeMarginMixed = "edge-margin-mixed"
    /// A view translates its autoresizing mask and also has the app's constraints.
    case autoresizingMixed = "autoresizing-mixed"
    /// An optional size constraint ties the view's hugging or compression resistance priority.
    case priorityTie = "priority-tie"
    /// Required constraints inside a cell cannot hold with the cell's encapsulated size.
    case cellSizeRequired = "cell-size-required"
    /// Under stress, two siblings pinned to their superview and not to each other overlap.
    case siblingOverlap = "sibling-overlap"
    /// Under stress, a view leaves its superview.
    case stressLeavesSuperview = "stress-leaves-superview"
    /// Under stress, a label or button gets less room than its text needs.
    case stressClipped = "stress-clipped"
    /// Under stress, a required constraint can no longer hold.
    case stressConflict = "stress-conflict"

    /// One sentence on why the trap will hurt.
    var why: String {
        switch self {
        case .ambiguousLayout:
            return "The engine picks one of many equally valid frames, so the view can jump on the next layout pass and UIKit prints no warning."
        case .centerOnly:
            return "Nothing stops the view at its superview's edges, so longer content (a translation, a larger font) makes it grow past them on both sides."
        case .offsetInset:
            return "A positive constant on a trailing, right or bottom edge moves that edge outward, so the view sticks out of its superview and is clipped or overlaps what lies beyond."
        case .redundantConstraint:
            return "It repeats what the other constraints already fix, so the next change to any of them turns it into a conflict that breaks at run time."
        case .stackArrangedEdges:
            return "The stack view already places its arranged subviews; edge constraints of your own agree only on this axis and conflict as soon as the axis changes (a size class, rotation or larger text)."
        case .leftRightMixed:
            return "Leading and trailing flip under right-to-left while left and right do not, so the layout comes apart (or conflicts) in Arabic and Hebrew."
        case .marginOnChild:
            return "The view's own layout margins (8 points by default) are added to the inset you meant, and move it whenever its margins change."
        case .edgeMarginMixed:
            return "One side follows the superview's margin and the other its edge, so the view is off-centre by the margin and shifts when the margins change."
        case .autoresizingMixed:
            return "The autoresizing mask's constraints fix the frame, so the app's own constraints conflict with them as soon as they disagree."
        case .priorityTie:
            return "Two constraints of the same priority that pull different ways are resolved arbitrarily, so the size can change between runs or OS versions."
        case .cellSizeRequired:
            return "The cell's size is fixed by the table before the content is measured, so required constraints that add up to another size break on every pass."
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
    var fix: String {
        switch self {
        case .ambiguousLayout:
            return "Add the missing constraint for each ambiguous variable (a position and a size per axis), e.g. topAnchor.constraint(equalTo: superview.topAnchor, constant: 8)."
        case .centerOnly:
            return "Keep the centring and add edge limits: leadingAnchor.constraint(greaterThanOrEqualTo: superview.leadingAnchor, constant: 20) and the trailing twin."
        case .offsetInset:
            return "Use a negative constant on the far edge: trailingAnchor.constraint(equalTo: superview.trailingAnchor, constant: -50), or superview.trailingAnchor.constraint(equalTo: trailingAnchor, constant: 50)."
        case .redundantConstraint:
            return "Deactivate the constraint (or lower it below 1000 if it states a preference)."
        case .stackArrangedEdges:
            return "Remove the arranged subview's constraints to the stack; set the stack's alignment, distribution and spacing (or wrap the view in a container) instead."
        case .leftRightMixed:
            return "Use leadingAnchor and trailingAnchor (or .leading/.trailing) everywhere; keep left and right only for layouts that must not flip."
        case .marginOnChild:
            return "Use the view's edge on its own side and the superview's margin on the other: leadingAnchor.constraint(equalTo: superview.layoutMarginsGuide.leadingAnchor)."
        case .edgeMarginMixed:
            return "Use the superview's layoutMarginsGuide on every side, or its edges on every side."
        case .autoresizingMixed:
            return "Set translatesAutoresizingMaskIntoConstraints = false before adding constraints (and give the view a full set)."
        case .priorityTie:
            return "Give the constraint a priority one step away: UILayoutPriority(rawValue: 251) to beat a 250 hugging, 749 to yield to 750 resistance."
        case .cellSizeRequired:
            return "Lower the bottom (or trailing) constraint to priority 999, so it gives way while the table's size is the estimate."
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
    var snapKitFix: String? {
        switch self {
        case .ambiguousLayout: return "make.top.equalToSuperview().offset(8) (whichever edge or size is missing)"
        case .centerOnly: return "make.centerX.equalToSuperview(); make.leading.greaterThanOrEqualToSuperview().offset(20); make.trailing.lessThanOrEqualToSuperview().offset(-20)"
        case .offsetInset: return "make.edges.equalToSuperview().inset(50) instead of .offset(50)"
        case .redundantConstraint: return "remove the repeated make.… line (or give it .priority(.high))"
        case .stackArrangedEdges: return "remove make.top/bottom/leading/trailing.equalToSuperview() from arranged subviews"
        case .leftRightMixed: return "make.leading/make.trailing instead of make.left/make.right"
        case .marginOnChild: return "make.leading.equalTo(superview.snp.leadingMargin) rather than make.leadingMargin.equalToSuperview()"
        case .edgeMarginMixed: return "make.edges.equalTo(superview.snp.margins) (or .equalToSuperview() on every side)"
        case .autoresizingMixed: return nil
        case .priorityTie: return "make.width.equalTo(100).priority(251)"
        case .cellSizeRequired: return "make.bottom.equalToSuperview().offset(-12).priority(999)"
        case .siblingOverlap: return "make.leading.greaterThanOrEqualTo(first.snp.trailing).offset(8)"
        case .stressLeavesSuperview: return "make.leading.greaterThanOrEqualToSuperview().offset(20); make.trailing.lessThanOrEqualToSuperview().offset(-20)"
        case .stressClipped: return "make.width.equalTo(100).priority(.high) instead of a required width"
        case .stressConflict: return "add .priority(999) to one of the named constraints"
        }
    }
}
