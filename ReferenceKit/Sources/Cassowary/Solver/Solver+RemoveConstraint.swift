// MARK: - Removing constraints

extension Solver {
    /// Removes a constraint and re-optimises.
    ///
    /// Works for every kind of constraint: required or not, equality or inequality.
    ///
    /// - Parameter constraint: A constraint previously added with ``addConstraint(_:)``.
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if the solver does not have it (edit
    ///   variables' constraints go through ``removeEditVariable(_:)``);
    ///   ``SolverError/iterationLimit(_:)`` if re-optimisation does not finish.
    /// - Complexity: Proportional to the rows that hold the constraint's marker, plus pivots.
    public func removeConstraint(_ constraint: Constraint) throws {
        willMutate()
        guard let tag = tags[constraint], !tag.isEdit else { throw SolverError.unknownConstraint(constraint) }
        order[tag.position] = nil
        holes += 1
        try eject(constraint, tag)
        compactOrderIfNeeded()
        try tableau.optimize(tableau.objective)
        try verify()
    }

    /// Takes the row of `constraint` out of the tableau and forgets its tag.
    func eject(_ constraint: Constraint, _ tag: Tag) throws {
        tags[constraint] = nil
        markerOwner[tag.marker.index] = nil
        removeErrorEffects(constraint, tag)
        if tableau.removeRow(basic: tag.marker) == nil {
            guard let leaving = tableau.markerLeavingRow(tag.marker) else {
                throw SolverError.internalInconsistency("marker \(tag.marker) of \(constraint) is in no row")
            }
            let row = tableau.removeRow(basic: leaving)!
            if leaving.isExternal { tableau.substituteReferences(to: leaving, with: row) }
            tableau.flatten(row)
            row.solve(for: tag.marker, replacing: leaving)
            tableau.substitute(tag.marker, with: row)
        }
        tableau.eraseColumn(tag.marker)
        if let other = tag.other {
            tableau.removeRow(basic: other)
            tableau.eraseColumn(other)
        }
    }

    /// Takes the constraint's error symbols out of its objective tier.
    func removeErrorEffects(_ constraint: Constraint, _ tag: Tag) {
        guard !constraint.strength.isRequired else { return }
        let priority = constraint.strength.priority
        if let tier = tableau.objective.tier(priority) {
            for error in [tag.marker, tag.other].compactMap({ $0 }) where error.kind == .error {
                if let row = tableau.row(for: error) {
                    tableau.objective.add(row, times: -1, to: tier)
                } else {
                    tableau.objective.add(error, times: -1, to: tier)
                }
            }
        }
        tableau.objective.releaseTier(priority)
    }

    /// Closes the holes in ``order`` once they are the majority.
    func compactOrderIfNeeded() {
        guard holes > 16 && holes * 2 > order.count else { return }
        order = order.filter { $0 != nil }
        holes = 0
        for (position, constraint) in order.enumerated() {
            tags[constraint!]?.position = position
        }
    }
}
