// MARK: - ConflictOwner

/// Whose conflict it is: the question a developer asks before reading the rest.
///
/// Keyboards, alerts and cells being reused flood the console with conflicts
/// the app cannot fix and need not fix; the owner lets `lbreak --mine`, the
/// in-app monitor and `layout-explain --summary` set them aside while still
/// counting them. See `ConflictTriage` for the rules.
public enum ConflictOwner: String, Codable, CaseIterable, Comparable, Sendable {
    /// The app's own conflict: everything that is neither system nor transient.
    case yours
    /// Only UIKit- or AppKit-internal views and constraints are involved.
    case system
    /// A size UIKit sets for a moment (an encapsulated size of 0 during cell
    /// reuse, `_UITemporaryLayoutWidth`), which the next layout pass replaces.
    case transient

    /// Reports list owners in this order: the app's own first.
    public static func < (lhs: ConflictOwner, rhs: ConflictOwner) -> Bool { lhs.rank < rhs.rank }

    /// The place in that order, the cases' own: a summary sorts thousands of
    /// rows by owner, and looking each up in `allCases` made an array per compare.
    private var rank: Int {
        switch self {
        case .yours: 0
        case .system: 1
        case .transient: 2
        }
    }
}
