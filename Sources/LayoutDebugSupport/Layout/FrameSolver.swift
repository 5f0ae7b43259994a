import Cassowary

// MARK: - FrameSolver

/// Items' frames as Cassowary variables, the rows that tie them, and the
/// frames the solver finds: the one place a system of layout arithmetic meets
/// the solver.
///
/// Items are numbered by the system that builds the rows (a conflict's items,
/// a tree's nodes); each has the variables of `FrameVariable`, made on first
/// use. Nothing here touches the app: only the copy is solved.
final class FrameSolver {
    /// The solver.
    let solver = Solver()
    private var variables: [Int: Variable] = [:]

    /// A solver for one system.
    ///
    /// - Parameter checkingInvariants: Whether a debug build checks the whole
    ///   tableau after every change, as the solver does by default; a tree of a
    ///   thousand views took minutes so, and the solver's own tests check it.
    init(checkingInvariants: Bool = true) {
        if !checkingInvariants { solver.checksInvariants = false }
    }

    /// The solver variable of variable number `number` (`item × FrameVariable.allCases.count + kind`).
    func variable(_ number: Int) -> Variable {
        if let made = variables[number] { return made }
        let made = Variable("v\(number)")
        variables[number] = made
        return made
    }

    /// The solver variable of `kind` of item `item`.
    func variable(_ kind: FrameVariable, of item: Int) -> Variable {
        variable(item * FrameVariable.allCases.count + kind.rawValue)
    }

    /// An item's frame variable as an expression.
    func expression(_ kind: FrameVariable, of item: Int) -> Expression {
        Expression(variable(kind, of: item))
    }

    /// An attribute's expression (`AttributeGeometry.expression`) over item `item`'s variables.
    func expression(_ frame: FrameExpression, of item: Int) -> Expression {
        Expression(terms: frame.terms.map { Term(variable: variable($0.variable, of: item), coefficient: $0.coefficient) },
                   constant: frame.constant)
    }

    // MARK: - Adding

    /// Adds `row` at `strength`; a row the solver refuses (a required one that
    /// cannot hold) is left out, as the engine breaks it.
    func add(_ row: LinearRow, strength: Strength = .required) {
        let required = row.constraint(variable)
        let constraint = strength.isRequired ? required
            : Constraint(required.expression, required.relation, strength: strength)
        try? solver.addConstraint(constraint)
    }

    /// Asks, at `strength`, that `variable` equal `value`.
    func prefer(_ variable: Variable, equalTo value: Double, strength: Strength) {
        try? solver.addConstraint(Constraint(Expression(variable), .equal, Expression(constant: value), strength: strength))
    }

    /// Requires that `variable` (a width or a height) be at least 0.
    func requireNonNegative(_ variable: Variable) {
        try? solver.addConstraint(Constraint(Expression(variable), .greaterThanOrEqual))
    }

    // MARK: - Reading

    /// Item `item`'s frame as the solver has it now.
    func frame(of item: Int) -> SnapshotRect {
        SnapshotRect(x: value(.minX, of: item), y: value(.minY, of: item),
                     width: value(.width, of: item), height: value(.height, of: item))
    }

    /// The solver's value of `kind` of item `item`.
    func value(_ kind: FrameVariable, of item: Int) -> Double {
        solver.value(of: variable(kind, of: item))
    }

    /// Every variable made so far and its value, by number.
    var values: [Int: Double] { variables.mapValues { solver.value(of: $0) } }

    /// Whether any of item `item`'s frame variables can take another value.
    func isAmbiguous(_ item: Int) -> Bool {
        [FrameVariable.minX, .minY, .width, .height].contains { solver.isAmbiguous(variable($0, of: item)) }
    }
}
