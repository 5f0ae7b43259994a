// MARK: - SolverError

/// Every way a ``Solver`` call can fail, each carrying the offending value.
public enum SolverError: Error, CustomStringConvertible {
    /// ``Solver/addConstraint(_:)`` was given a constraint the solver already has.
    case duplicateConstraint(Constraint)
    /// ``Solver/removeConstraint(_:)`` was given a constraint the solver does not have.
    case unknownConstraint(Constraint)
    /// A required constraint cannot hold together with the required constraints already in
    /// the solver; the certificate says which ones and proves it. The solver is unchanged.
    case unsatisfiable(Constraint, Certificate)
    /// ``Solver/addEditVariable(_:strength:)`` was given a variable that is already edited.
    case duplicateEditVariable(Variable)
    /// An edit call was given a variable that is not an edit variable.
    case unknownEditVariable(Variable)
    /// ``Solver/addEditVariable(_:strength:)`` was given the required strength, which an
    /// edit variable cannot have.
    case requiredEditVariable(Variable)
    /// An optimisation needed more pivots than ``Solver/maxIterations``; carries that limit.
    case iterationLimit(Int)
    /// The tableau broke one of its invariants; a bug in the solver. Carries what broke.
    case internalInconsistency(String)

    /// A one-line explanation of the error.
    public var description: String {
        switch self {
        case .duplicateConstraint(let constraint):
            return "duplicate constraint: \(constraint)"
        case .unknownConstraint(let constraint):
            return "unknown constraint: \(constraint)"
        case .unsatisfiable(let constraint, let certificate):
            return "unsatisfiable constraint: \(constraint) conflicts with "
                + "\(max(0, certificate.entries.count - 1)) required constraint(s)"
        case .duplicateEditVariable(let variable):
            return "duplicate edit variable: \(variable)"
        case .unknownEditVariable(let variable):
            return "unknown edit variable: \(variable)"
        case .requiredEditVariable(let variable):
            return "edit variable cannot be required: \(variable)"
        case .iterationLimit(let limit):
            return "simplex did not finish within \(limit) pivots"
        case .internalInconsistency(let detail):
            return "internal inconsistency: \(detail)"
        }
    }
}
