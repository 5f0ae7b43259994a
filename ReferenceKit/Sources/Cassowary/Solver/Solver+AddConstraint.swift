// MARK: - Adding constraints

extension Solver {
    /// Adds a constraint and re-optimises.
    ///
    /// A required constraint that cannot hold together with the required constraints already
    /// in the solver is rejected, and the solver is left as it was: same constraints, no residue
    /// of the rejected row in the tableau (unlike kiwi#52), an optimal solution of the same cost
    /// (when the optimum is ambiguous, a search for feasibility may leave the values at another
    /// point of it). A non-required constraint is never rejected; its error is minimised in its
    /// tier.
    ///
    /// - Parameter constraint: The constraint to add.
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already in the solver;
    ///   ``SolverError/unsatisfiable(_:_:)`` with a ``Certificate`` if it is required and cannot
    ///   hold; ``SolverError/iterationLimit(_:)`` if optimisation does not finish, in which case
    ///   the constraint stays added and the solution is feasible but may not be optimal.
    /// - Complexity: Proportional to the rows the new row's symbols touch, times the pivots.
    public func addConstraint(_ constraint: Constraint) throws {
        willMutate()
        guard tags[constraint] == nil else { throw SolverError.duplicateConstraint(constraint) }
        try insert(constraint, position: order.count)
        order.append(constraint)
        try tableau.optimize(tableau.objective)
        try verify()
    }

    /// Adds the row of `constraint` to the tableau and records its tag.
    ///
    /// - Parameter position: The constraint's position in ``order``, or -1 for an edit.
    func insert(_ constraint: Constraint, position: Int) throws {
        let (row, tag) = makeRow(for: constraint, position: position)
        if let fresh = freshSubject(row) {
            row.solve(for: fresh)
            tableau.addRow(row, basic: fresh)
            commit(constraint, tag)
            return
        }
        tableau.flatten(row)
        if row.constant < 0 { row.reverseSign() }
        if let subject = chooseSubject(row, tag) ?? feasibleSubject(row) {
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.addRow(row, basic: subject)
        } else if row.hasOnlyDummies {
            guard isNearZero(row.constant) else {
                throw SolverError.unsatisfiable(constraint, certificate(from: row, adding: constraint, tag))
            }
            row.solve(for: tag.marker)
            tableau.substitute(tag.marker, with: row)
            tableau.addRow(row, basic: tag.marker)
        } else {
            try addWithArtificialVariable(row, constraint: constraint, tag: tag)
        }
        commit(constraint, tag)
    }

    // MARK: - Row construction

    /// The row `expression + marker terms = 0` of `constraint`, with basic variables as refs,
    /// and the tag of its new symbols.
    ///
    /// Cells and refs are gathered in arrays and sorted once: inserting them one by one into
    /// a row cost an array edit or a merge per term. The markers are made last, so they have
    /// the highest ids and go at the end.
    func makeRow(for constraint: Constraint, position: Int) -> (Row, Tag) {
        let terms = constraint.expression.terms
        var cells: [Cell] = []
        var refs: [Cell] = []
        cells.reserveCapacity(terms.count + 2)
        for term in terms where !isNearZero(term.coefficient) {
            let cell = Cell(symbol: symbol(for: term.variable), coefficient: term.coefficient)
            if tableau.isBasic(cell.symbol) { refs.append(cell) } else { cells.append(cell) }
        }
        Row.sortSummingDuplicates(&cells)
        Row.sortSummingDuplicates(&refs)
        let tag = makeMarkers(for: constraint, position: position, into: &cells)
        let row = Row(constant: constraint.expression.constant, cells: cells)
        row.refs = refs
        return (row, tag)
    }

    /// Makes the marker symbols of `constraint` (a slack, a dummy, or errors) and appends
    /// their cells to `cells`.
    ///
    /// - Returns: The constraint's tag.
    private func makeMarkers(for constraint: Constraint, position: Int, into cells: inout [Cell]) -> Tag {
        let required = constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let coefficient: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = tableau.makeSymbol(.slack)
            cells.append(Cell(symbol: slack, coefficient: coefficient))
            var other: Symbol?
            if !required {
                let error = tableau.makeSymbol(.error)
                cells.append(Cell(symbol: error, coefficient: -coefficient))
                other = error
            }
            return Tag(marker: slack, other: other, markerCoefficient: coefficient, position: position)
        case .equal where required:
            let dummy = tableau.makeSymbol(.dummy)
            cells.append(Cell(symbol: dummy, coefficient: 1))
            return Tag(marker: dummy, other: nil, markerCoefficient: 1, position: position)
        case .equal:
            let plus = tableau.makeSymbol(.error)
            let minus = tableau.makeSymbol(.error)
            cells.append(Cell(symbol: plus, coefficient: -1))
            cells.append(Cell(symbol: minus, coefficient: 1))
            return Tag(marker: plus, other: minus, markerCoefficient: -1, position: position)
        }
    }

    /// A variable of the new row that no row or objective mentions yet (the common case of a
    /// constraint that introduces a view's attribute). Solving for it touches no other row, so
    /// the new row can keep its refs: the lazy path that keeps chains of views linear.
    func freshSubject(_ row: Row) -> Symbol? {
        for cell in row.cells where cell.symbol.isExternal && tableau.isUnused(cell.symbol) {
            return cell.symbol
        }
        return nil
    }

    /// The symbol to solve a new row for: its first external symbol; else its marker or its
    /// other symbol when that is a slack or error with a negative coefficient (so it can be
    /// basic with a constant ≥ 0 without touching other rows' feasibility); else `nil`.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol? {
        var best: Symbol?
        var bestCost = Int.max
        for cell in row.cells where cell.symbol.isExternal {
            let cost = tableau.columns[cell.symbol.index].count
            if cost < bestCost {
                best = cell.symbol
                bestCost = cost
            }
        }
        if let best { return best }
        if tag.marker.isPivotable && row.coefficient(for: tag.marker) < 0 { return tag.marker }
        if let other = tag.other, other.isPivotable, row.coefficient(for: other) < 0 { return other }
        return nil
    }

    /// For a row without an obvious subject, a slack or error symbol that can be made basic
    /// directly, without the artificial phase: any one when the constant is 0 (nothing moves),
    /// else one with a negative coefficient whose new value `constant / -coefficient` keeps
    /// every restricted row it appears in feasible. This is the single pivot the artificial
    /// phase would end with, taken without its degenerate detours. Among candidates the one in
    /// the fewest rows wins (less substitution work), ties to the lowest id.
    func feasibleSubject(_ row: Row) -> Symbol? {
        let degenerate = isNearZero(row.constant)
        var best: Symbol?
        var bestCost = Int.max
        for cell in row.cells where cell.symbol.isPivotable && (degenerate || cell.coefficient < 0) {
            let cost = tableau.columns[cell.symbol.index].count
            guard cost < bestCost else { continue }
            if !degenerate && !keepsRowsFeasible(cell.symbol, value: row.constant / -cell.coefficient) { continue }
            best = cell.symbol
            bestCost = cost
        }
        return best
    }

    /// Whether giving non-basic `symbol` the value `value` leaves every restricted row ≥ 0.
    func keepsRowsFeasible(_ symbol: Symbol, value: Double) -> Bool {
        for slot in tableau.slotsHolding(symbol) where tableau.basics[Int(slot)].isRestricted {
            let row = tableau.slots[Int(slot)]!
            if row.constant + row.coefficient(for: symbol) * value < -nearZero { return false }
        }
        return true
    }

    // MARK: - Artificial phase

    /// Adds a row that has no usable subject through an artificial variable: minimises the
    /// artificial variable, and keeps the row if it reaches 0.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:_:)`` when the minimum is positive. The tableau
    ///   is then rolled back: the artificial row is dropped (no other row holds the rejected
    ///   constraint's symbols) and the real objective is re-optimised.
    func addWithArtificialVariable(_ row: Row, constraint: Constraint, tag: Tag) throws {
        let art = tableau.makeSymbol(.slack)
        tableau.addRow(row.copy(), basic: art)
        tableau.artificial = Objective(single: row.copy())
        defer { tableau.artificial = nil }
        try tableau.optimize(tableau.artificial!)
        let feasible = isNearZero(tableau.artificial!.leadingConstant)
        if let artRow = tableau.row(for: art) {
            guard feasible else {
                let proof = certificate(from: artRow, adding: constraint, tag)
                tableau.removeRow(basic: art)
                for symbol in [art, tag.marker] + (tag.other.map { [$0] } ?? []) { tableau.eraseColumn(symbol) }
                tableau.artificial = nil
                try tableau.optimize(tableau.objective)
                throw SolverError.unsatisfiable(constraint, proof)
            }
            tableau.removeRow(basic: art)
            if !artRow.cells.isEmpty {
                let entering = artRow.cells.first(where: { $0.symbol.isPivotable })?.symbol ?? artRow.cells[0].symbol
                artRow.solve(for: entering, replacing: art)
                tableau.substitute(entering, with: artRow)
                tableau.addRow(artRow, basic: entering)
            }
        }
        tableau.eraseColumn(art)
    }

    // MARK: - Commit

    /// Records the tag of an accepted constraint and puts its error symbols in its tier.
    func commit(_ constraint: Constraint, _ tag: Tag) {
        tags[constraint] = tag
        growPerSymbolArrays()
        markerOwner[tag.marker.index] = constraint
        guard !constraint.strength.isRequired else { return }
        let tier = tableau.objective.retainTier(constraint.strength.priority)
        for error in [tag.marker, tag.other].compactMap({ $0 }) where error.kind == .error {
            if let row = tableau.row(for: error) {
                tableau.objective.add(row, times: 1, to: tier)
            } else {
                tableau.objective.add(error, times: 1, to: tier)
            }
        }
    }
}
