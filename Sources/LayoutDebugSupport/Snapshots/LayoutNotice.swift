// MARK: - LayoutNotice

/// A console message about constraints that is not a conflict, though it
/// names a constraint as a conflict does: UIKit or AppKit refusing to
/// install one, a view hierarchy not ready for one, a cell whose
/// `translatesAutoresizingMaskIntoConstraints` was changed, an ambiguous
/// layout.
///
/// `layout-explain` reports each one as what it is, never as a conflict:
/// nothing was broken to recover, and the fix is of another kind.
public struct LayoutNotice: Encodable, Hashable, Sendable {
    /// Which message it is.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// `Unable to install constraint on view. Does the constraint
        /// reference something from outside the subtree of the view?`
        /// (`NSGenericException`, from `-addConstraint:`).
        case unableToInstall = "unable-to-install-constraint"
        /// `Unable to activate constraint with anchors <…> and <…> because
        /// they have no common ancestor.` (`NSGenericException`, from
        /// `isActive = true` or `NSLayoutConstraint.activate`).
        case unableToActivate = "unable-to-activate-constraint"
        /// `The view hierarchy is not prepared for the constraint: <…>`,
        /// often followed by `View hierarchy unprepared for constraint.`
        case hierarchyNotPrepared = "view-hierarchy-not-prepared"
        /// `Changing the translatesAutoresizingMaskIntoConstraints property
        /// of a UICollectionViewCell that is managed by a UICollectionView
        /// is not supported` (and its reusable-view and table-cell forms).
        case managedAutoresizing = "managed-autoresizing-mask"
        /// `View has an ambiguous layout.`, followed by an `_autolayoutTrace`.
        case ambiguousLayout = "ambiguous-layout"
    }

    /// One view the message names, and what it says of that view.
    struct NamedView: Encodable, Hashable, Sendable {
        /// The view's part in the message: `"added to"`, `"container"`,
        /// `"not in the container"`, `"its superview"`, `"first anchor"`,
        /// `"second anchor"`, `"cell"`, `"ambiguous"`.
        var role: String
        /// The view as the message prints it.
        var view: ObjectReference
        /// Attributes the message names for it: the anchor's attribute
        /// (`centerX`), or what is ambiguous (`minY`, `Height`).
        var attributes: [String]

        /// Creates a named view.
        init(role: String, view: ObjectReference, attributes: [String] = []) {
            self.role = role
            self.view = view
            self.attributes = attributes
        }
    }

    /// Which message it is.
    public var kind: Kind
    /// The constraint the message names, when it names one and it could be read.
    var constraint: ConstraintSnapshot?
    /// The views the message names, in the order it names them.
    var views: [NamedView]
    /// What the message says the constraint or view is (for
    /// `managedAutoresizing`: `a UICollectionViewCell that is managed by a
    /// UICollectionView`), when it says.
    var subject: String?

    /// Creates a notice.
    init(kind: Kind, constraint: ConstraintSnapshot? = nil, views: [NamedView] = [], subject: String? = nil) {
        self.kind = kind
        self.constraint = constraint
        self.views = views
        self.subject = subject
    }

    /// The first view named in `role`, if any.
    func view(_ role: String) -> ObjectReference? {
        views.first { $0.role == role }?.view
    }
}
