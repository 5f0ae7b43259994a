// MARK: - Certificate

/// A proof that a set of required constraints cannot hold together.
///
/// Multiply each constraint's ``Constraint/expression`` (`lhs - rhs`) by its
/// ``Entry/multiplier`` and add them up: every variable cancels, and what is left is
/// ``constant``, which is positive. The signs make it a Farkas certificate: multipliers of
/// `<=` constraints are ≥ 0, those of `>=` constraints are ≤ 0, those of `==` constraints have
/// any sign. If all the constraints held, every product would be ≤ 0 and so would the sum,
/// yet the sum is the positive ``constant``: a contradiction.
///
/// Example: `x >= 10` and `x <= 5` give `1·(x - 5) + (-1)·(x - 10) = 5`.
public struct Certificate: CustomStringConvertible {
    /// One constraint of the proof and its multiplier.
    public struct Entry {
        /// A constraint that takes part in the conflict.
        public let constraint: Constraint
        /// The factor applied to the constraint's expression; never 0.
        public let multiplier: Double

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - constraint: The constraint.
        ///   - multiplier: The factor applied to its expression.
        public init(constraint: Constraint, multiplier: Double) {
            self.constraint = constraint
            self.multiplier = multiplier
        }
    }

    /// The constraints of the conflict with their multipliers: the constraints already in the
    /// solver in insertion order, then the rejected one.
    public let entries: [Entry]
    /// `Σ multiplier · expression.constant`; positive.
    public let constant: Double

    /// Creates a certificate.
    ///
    /// - Parameters:
    ///   - entries: The constraints and their multipliers.
    ///   - constant: The constant left after the variables cancel.
    public init(entries: [Entry], constant: Double) {
        self.entries = entries
        self.constant = constant
    }

    /// The constraints of the conflict, in the order of ``entries``.
    public var constraints: [Constraint] { entries.map(\.constraint) }

    /// The coefficient each variable gets in `Σ multiplier · expression`, which is 0 up to
    /// rounding for a valid certificate, in order of first appearance.
    ///
    /// - Returns: Every variable of the entries with its combined coefficient.
    public func residualCoefficients() -> [(variable: Variable, coefficient: Double)] {
        let combined = entries.reduce(Expression()) { $0 + $1.constraint.expression * $1.multiplier }
        return combined.reduced.terms.map { ($0.variable, $0.coefficient) }
    }

    /// One line per entry, `multiplier × constraint`, then `= constant`.
    public var description: String {
        let lines = entries.map { "\($0.multiplier) × (\($0.constraint))" }
        return (lines + ["= \(constant) ≠ 0"]).joined(separator: "\n")
    }
}
