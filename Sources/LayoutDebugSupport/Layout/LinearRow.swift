import Cassowary

// MARK: - LinearRow

/// One constraint of a system as a row over numbered variables:
/// `Σ coefficients[v]·v  relation  constant`, where `v` numbers an item's
/// frame variable (`FrameVariable`).
///
/// Rows are plain data, so the explainer can add them up exactly
/// (`FarkasCertificate`) and word them, and any system can hand them to the
/// solver (`FrameSolver`).
struct LinearRow {
    /// What a row stands for.
    enum Source: Hashable {
        /// The constraint at this index of the system's list.
        case constraint(Int)
        /// The fact that this variable (a width or a height) is at least 0.
        case nonNegative(Int)
    }

    var coefficients: [Int: Double]
    var relation: LayoutRelation
    var constant: Double
    var source: Source

    /// The row as a required Cassowary constraint, `Σ coefficient·variable − constant  relation  0`,
    /// each variable number given its solver variable by `variable`, in number order.
    func constraint(_ variable: (Int) -> Variable) -> Constraint {
        let terms = coefficients.keys.sorted().map { Term(variable: variable($0), coefficient: coefficients[$0]!) }
        return Constraint(Expression(terms: terms, constant: -constant), relation.solverRelation)
    }
}

extension LayoutRelation {
    /// The solver's relation for this one.
    var solverRelation: Relation {
        switch self {
        case .equal: return .equal
        case .lessThanOrEqual: return .lessThanOrEqual
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }
}

// MARK: - Priorities

extension Strength {
    /// UIKit's priority as the solver's strength: 1000 and above is required.
    static func layoutPriority(_ priority: Double) -> Strength {
        priority >= 1000 ? .required : Strength(priority: max(1, priority))
    }
}
