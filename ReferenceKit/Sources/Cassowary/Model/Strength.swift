// MARK: - Strength

/// How much a constraint matters, on UIKit's `UILayoutPriority` scale.
///
/// Strengths are **tiered**, not added up:
/// - Priority 1000 is *required*. A required constraint is never traded against anything; if
///   it cannot hold, ``Solver/addConstraint(_:)`` rejects it with a certificate.
/// - Every other distinct priority value `p` in `1 ..< 1000` is its own tier. The solver
///   minimises the error of the tiers lexicographically, highest priority first: it first makes
///   the total error of the highest tier in use as small as possible, then, without making that
///   tier any worse, the next one, and so on. So one constraint at 751 beats any number of
///   constraints at 750, and 750.5 is a tier between them.
/// - Inside a tier every constraint has weight 1: the tier's error is the plain sum of the
///   absolute violations of its constraints (for an inequality only the violated side counts).
/// - Edit variables use the same scale; ``Strength/edit`` (999.5) sits above every
///   `UILayoutPriority` below required, as Auto Layout's own edit ("size") constraints do.
///
/// Priorities outside `1 ... 1000` are clamped into it, and NaN is treated as 1.
public struct Strength: Hashable, Comparable, CustomStringConvertible {
    /// The priority of a constraint that must hold: 1000.
    public static let required = Strength(priority: 1000)
    /// The strength used for edit variables by default: 999.5, above `UILayoutPriority`
    /// 999 and below required.
    public static let edit = Strength(priority: 999.5)

    /// The priority, in `1 ... 1000`. 1000 is required.
    public var priority: Double {
        didSet { priority = Strength.clamped(priority) }
    }

    /// Creates a strength.
    ///
    /// - Parameter priority: A `UILayoutPriority` value; clamped to `1 ... 1000`.
    public init(priority: Double) {
        self.priority = Strength.clamped(priority)
    }

    /// Whether this is the required strength (priority 1000).
    public var isRequired: Bool { priority >= 1000 }

    /// Orders strengths by priority.
    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        lhs.priority < rhs.priority
    }

    /// `required`, or the priority as a number without a trailing `.0`.
    public var description: String {
        if isRequired { return "required" }
        return priority == priority.rounded() ? String(Int(priority)) : String(priority)
    }

    private static func clamped(_ priority: Double) -> Double {
        priority.isNaN ? 1 : min(1000, max(1, priority))
    }
}

// MARK: - Relation

/// The relation between the two sides of a ``Constraint``.
public enum Relation: Hashable, CustomStringConvertible {
    /// `lhs <= rhs`.
    case lessThanOrEqual
    /// `lhs == rhs`.
    case equal
    /// `lhs >= rhs`.
    case greaterThanOrEqual

    /// `<=`, `==` or `>=`.
    public var description: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}
