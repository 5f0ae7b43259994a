// MARK: - Edit variables

extension Solver {
    /// Makes `variable` an edit variable: a non-required constraint `variable == value` whose
    /// value ``suggestValue(_:for:)`` changes cheaply.
    ///
    /// - Parameters:
    ///   - variable: The variable to edit; its suggested value starts at 0.
    ///   - strength: A non-required strength; ``Strength/edit`` (999.5) sits above every
    ///     `UILayoutPriority` below required.
    /// - Throws: ``SolverError/duplicateEditVariable(_:)`` if it is already edited,
    ///   ``SolverError/requiredEditVariable(_:)`` for the required strength.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws {
        willMutate()
        guard edits[variable] == nil else { throw SolverError.duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw SolverError.requiredEditVariable(variable) }
        let constraint = Constraint(Expression(variable), .equal, strength: strength, label: "edit \(variable)")
        try insert(constraint, position: -1)
        let tag = tags[constraint]!
        edits[variable] = Edit(constraint: constraint, constant: 0, plus: tag.marker, minus: tag.other!)
        try tableau.optimize(tableau.objective)
        try verify()
    }

    /// Stops editing `variable` and removes its edit constraint.
    ///
    /// - Parameter variable: An edit variable.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not one.
    public func removeEditVariable(_ variable: Variable) throws {
        willMutate()
        guard let edit = edits.removeValue(forKey: variable), let tag = tags[edit.constraint] else {
            throw SolverError.unknownEditVariable(variable)
        }
        try eject(edit.constraint, tag)
        try tableau.optimize(tableau.objective)
        try verify()
    }

    /// Suggests a value for an edit variable and re-solves with the dual simplex.
    ///
    /// The variable takes the value unless constraints of a higher tier prevent it.
    ///
    /// - Parameters:
    ///   - value: The wanted value.
    ///   - variable: An edit variable.
    /// - Throws: ``SolverError/unknownEditVariable(_:)`` if it is not one;
    ///   ``SolverError/iterationLimit(_:)`` if the dual simplex does not finish.
    /// - Complexity: Proportional to the rows that hold the edit's error symbols, plus pivots.
    public func suggestValue(_ value: Double, for variable: Variable) throws {
        // Not willMutate(): the values of variables only move when a variable's row or the
        // basis changes, which shiftEditConstant and the pivots report themselves. While the
        // suggested value stays within what the constraints allow, only the edit's error row
        // moves, and the next reads of lazy rows are served from the cache.
        tableau.freedom.isCurrent = false
        guard let at = edits.index(forKey: variable) else { throw SolverError.unknownEditVariable(variable) }
        let edit = edits.values[at]
        edits.values[at].constant = value
        shiftEditConstant(value - edit.constant, plus: edit.plus, minus: edit.minus)
        try tableau.dualOptimize()
        try verify()
    }

    /// Moves the constant of the edit row `variable - plus + minus = 0` by `-delta` in the
    /// current basis, queueing rows that go infeasible.
    func shiftEditConstant(_ delta: Double, plus: Symbol, minus: Symbol) {
        if let row = tableau.row(for: plus) {
            if row.add(-delta) < 0 { tableau.infeasible.append(plus) }
            return
        }
        if let row = tableau.row(for: minus) {
            if row.add(delta) < 0 { tableau.infeasible.append(minus) }
            return
        }
        for slot in tableau.slotsHolding(plus) {
            let row = tableau.slots[Int(slot)]!
            let basic = tableau.basics[Int(slot)]
            if row.add(delta * row.coefficient(for: plus)) < 0 && basic.isRestricted {
                tableau.infeasible.append(basic)
            }
            if basic.isExternal { tableau.invalidateValues() }
        }
    }
}
