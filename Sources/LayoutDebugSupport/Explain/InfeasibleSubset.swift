import Cassowary

// MARK: - Feasibility

/// Feasibility checks of sets of rows with the Cassowary solver, and the
/// deletion filter that shrinks an infeasible set to an irreducible one.
enum InfeasibleSubset {
    /// The outcome of adding rows to a fresh solver.
    enum Check {
        case feasible
        /// Infeasible, with the rows the solver's certificate named (a
        /// conflicting subset, not necessarily irreducible).
        case infeasible(involved: [Int])
        /// The solver gave up or failed; nothing can be claimed.
        case unknown(String)
    }

    /// Adds `rows[indices]` to a new solver, every one required.
    static func check(_ rows: [LinearSystem.Row], _ indices: [Int]) -> Check {
        let solver = Solver()
        var variables: [Int: Variable] = [:]
        var constraintRow: [ObjectIdentifier: Int] = [:]
        for index in indices {
            let constraint = rows[index].constraint { key in
                let variable = variables[key] ?? Variable("v\(key)")
                variables[key] = variable
                return variable
            }
            constraintRow[ObjectIdentifier(constraint)] = index
            do {
                try solver.addConstraint(constraint)
            } catch SolverError.unsatisfiable(_, let certificate) {
                var involved = certificate.entries.compactMap { constraintRow[ObjectIdentifier($0.constraint)] }
                if !involved.contains(index) { involved.append(index) }
                return .infeasible(involved: involved.sorted())
            } catch {
                return .unknown("\(error)")
            }
        }
        return .feasible
    }

    /// Shrinks an infeasible set by deletion: a row stays only if the set
    /// without it is feasible. Rows earlier in `order` are tried first, so
    /// they are the likeliest to go; put the rows you want explained last.
    ///
    /// - Returns: an irreducible infeasible subset, in `order`'s order, or
    ///   `nil` when the solver could not decide.
    /// - Complexity: one solver run per row of the starting set.
    static func irreducible(_ rows: [LinearSystem.Row], order: [Int]) -> [Int]? {
        var kept = order
        if case .infeasible(let involved) = check(rows, order) {
            // Start from the rows the solver named: usually far fewer.
            let named = order.filter { involved.contains($0) }
            if case .infeasible = check(rows, named) { kept = named }
        } else {
            return nil
        }
        for candidate in kept {
            let trial = kept.filter { $0 != candidate }
            switch check(rows, trial) {
            case .infeasible: kept = trial
            case .feasible: continue
            case .unknown: return nil
            }
        }
        return kept
    }
}

// MARK: - Rows as solver constraints

extension LinearSystem.Row {
    /// The row as a required Cassowary constraint, `Σ coefficient·variable − constant  relation  0`,
    /// each variable number given its solver variable by `variable` (the checks here and the
    /// pictures' computed frames share one spelling of a row).
    func constraint(_ variable: (Int) -> Variable) -> Constraint {
        let terms = coefficients.keys.sorted().map { Term(variable: variable($0), coefficient: coefficients[$0]!) }
        let solverRelation: Relation
        switch relation {
        case .equal: solverRelation = .equal
        case .lessThanOrEqual: solverRelation = .lessThanOrEqual
        case .greaterThanOrEqual: solverRelation = .greaterThanOrEqual
        }
        return Constraint(Expression(terms: terms, constant: -constant), solverRelation)
    }
}
