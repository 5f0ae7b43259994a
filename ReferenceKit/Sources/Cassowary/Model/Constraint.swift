// MARK: - Constraint

/// A linear relation `lhs <relation> rhs` with a ``Strength``.
///
/// The solver works on ``expression`` = `lhs - rhs`: the constraint holds when
/// `expression <relation> 0`. Constraints are compared and hashed by identity, so the same
/// relation built twice gives two constraints.
public final class Constraint: Hashable, CustomStringConvertible {
    /// `lhs - rhs`, with the terms of each variable added up.
    public let expression: Expression
    /// How ``expression`` relates to 0.
    public let relation: Relation
    /// How much the constraint matters; see ``Strength`` for the tiers.
    public let strength: Strength
    /// An optional name shown in descriptions and certificates.
    public let label: String?

    /// Creates a constraint `lhs <relation> rhs`.
    ///
    /// - Parameters:
    ///   - lhs: The left-hand side.
    ///   - relation: `<=`, `==` or `>=`.
    ///   - rhs: The right-hand side; 0 by default.
    ///   - strength: Required by default.
    ///   - label: An optional name for descriptions.
    public init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression = Expression(),
                strength: Strength = .required, label: String? = nil) {
        self.expression = (lhs - rhs).reduced
        self.relation = relation
        self.strength = strength
        self.label = label
    }

    /// Identity equality: a constraint is only equal to itself.
    public static func == (lhs: Constraint, rhs: Constraint) -> Bool {
        lhs === rhs
    }

    /// Hashes the constraint's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// The constraint as `expression <relation> 0 @strength`, prefixed by its label.
    public var description: String {
        let body = "\(expression) \(relation) 0 @\(strength)"
        return label.map { "\($0): \(body)" } ?? body
    }

    /// Whether the constraint holds at the given values, within `tolerance`.
    ///
    /// - Parameters:
    ///   - value: The value of each variable.
    ///   - tolerance: The violation still accepted; 1e-8 by default.
    /// - Returns: `true` when `expression <relation> 0` holds within `tolerance`.
    public func isSatisfied(tolerance: Double = 1e-8, by value: (Variable) -> Double) -> Bool {
        let residual = expression.evaluated(value)
        switch relation {
        case .lessThanOrEqual: return residual <= tolerance
        case .equal: return abs(residual) <= tolerance
        case .greaterThanOrEqual: return residual >= -tolerance
        }
    }
}
