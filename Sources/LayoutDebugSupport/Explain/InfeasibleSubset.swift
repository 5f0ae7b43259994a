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
    static func check(_ rows: [LinearRow], _ indices: [Int]) -> Check {
        let frames = FrameSolver()
        var constraintRow: [ObjectIdentifier: Int] = [:]
        for index in indices {
            let constraint = rows[index].constraint(frames.variable)
            constraintRow[ObjectIdentifier(constraint)] = index
            do {
                try frames.solver.addConstraint(constraint)
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
    static func irreducible(_ rows: [LinearRow], order: [Int]) -> [Int]? {
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
