// MARK: - Primal simplex

extension Tableau {
    /// Pivots until no symbol can enter `objective` with a lexicographically negative reduced
    /// cost. Every restricted row stays feasible.
    ///
    /// - Throws: ``SolverError/iterationLimit(_:)`` after ``maxIterations`` pivots, or
    ///   ``SolverError/internalInconsistency(_:)`` if the objective is unbounded.
    func optimize(_ objective: Objective) throws {
        var iterations = 0
        while let (entering, direction) = enteringSymbol(objective) {
            guard let leaving = leavingRow(entering, direction: direction) else {
                throw SolverError.internalInconsistency("the objective is unbounded along \(entering)")
            }
            if iterations == maxIterations { throw SolverError.iterationLimit(maxIterations) }
            iterations += 1
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The symbol to enter the basis: the lowest id (Bland's rule) among the non-dummy symbols
    /// whose reduced cost is negative, or, for an unrestricted external symbol, non-zero.
    ///
    /// Only the objective's touched symbols are examined: every other symbol had a
    /// non-negative reduced cost when the objective was last optimal and has not changed since.
    /// The touched list is narrowed to the candidates found.
    ///
    /// - Returns: The symbol and the direction it moves in (+1 grows, -1 shrinks), or `nil`
    ///   at the optimum.
    func enteringSymbol(_ objective: Objective) -> (Symbol, Double)? {
        var best: (Symbol, Double)?
        var candidates: [Symbol] = []
        for symbol in objective.touched where !symbol.isDummy {
            let sign = objective.costSign(of: symbol)
            guard sign < 0 || (sign > 0 && symbol.isExternal) else { continue }
            candidates.append(symbol)
            if best.map({ symbol < $0.0 }) ?? true { best = (symbol, sign < 0 ? 1 : -1) }
        }
        objective.touched = candidates
        return best
    }

    /// ``enteringSymbol(_:)`` computed from every symbol of every tier, for the invariant check.
    func enteringSymbolByFullScan(_ objective: Objective) -> (Symbol, Double)? {
        var best: (Symbol, Double)?
        for row in objective.rows {
            for cell in row.cells where !cell.symbol.isDummy {
                let sign = objective.costSign(of: cell.symbol)
                guard sign < 0 || (sign > 0 && cell.symbol.isExternal) else { continue }
                if best.map({ cell.symbol < $0.0 }) ?? true { best = (cell.symbol, sign < 0 ? 1 : -1) }
            }
        }
        return best
    }

    /// The row that first blocks `entering` as it moves in `direction`: the minimum ratio test
    /// over the restricted rows, ties going to the lowest basic id.
    ///
    /// - Returns: The basic symbol of that row, or `nil` if nothing blocks.
    func leavingRow(_ entering: Symbol, direction: Double) -> Symbol? {
        var best: Symbol?
        var bestRatio = Double.infinity
        for slot in slotsHolding(entering) {
            let basic = basics[Int(slot)]
            if basic.isExternal { continue }
            let row = slots[Int(slot)]!
            let rate = row.coefficient(for: entering) * direction
            guard rate < 0 else { continue }
            let ratio = row.constant / -rate
            if ratio < bestRatio || (ratio == bestRatio && basic < best!) {
                bestRatio = ratio
                best = basic
            }
        }
        return best
    }

    /// The step `entering` can take in `direction` before a restricted row blocks it.
    ///
    /// - Returns: The step, or `.infinity` if nothing blocks.
    func allowedStep(_ entering: Symbol, direction: Double) -> Double {
        guard let leaving = leavingRow(entering, direction: direction), let row = row(for: leaving) else {
            return .infinity
        }
        return row.constant / -(row.coefficient(for: entering) * direction)
    }
}

// MARK: - Dual simplex

extension Tableau {
    /// Restores feasibility after constants changed (``Solver/suggestValue(_:for:)``) while
    /// keeping the objective optimal: the dual simplex over the queued infeasible rows.
    ///
    /// - Throws: ``SolverError/iterationLimit(_:)`` or ``SolverError/internalInconsistency(_:)``.
    func dualOptimize() throws {
        var iterations = 0
        while let leaving = infeasible.popLast() {
            guard let row = row(for: leaving), row.constant < 0, !isNearZero(row.constant) else { continue }
            guard let entering = dualEnteringSymbol(row) else {
                throw SolverError.internalInconsistency("dual simplex found no entering symbol for \(leaving)")
            }
            if iterations == maxIterations { throw SolverError.iterationLimit(maxIterations) }
            iterations += 1
            pivot(entering: entering, leaving: leaving)
        }
        objective.touched.removeAll()
    }

    /// The symbol to enter for an infeasible row: among its non-dummy cells that can raise the
    /// row's constant (a restricted symbol with a positive coefficient, or an unrestricted
    /// variable with any non-zero one, moved in the matching direction), the one with the
    /// lexicographically smallest reduced-cost ratio `cost / |coefficient|`, ties going to the
    /// lowest id. Free variables have zero reduced cost at a dual feasible basis, so they win.
    func dualEnteringSymbol(_ row: Row) -> Symbol? {
        var best: Cell?
        for cell in row.cells where !cell.symbol.isDummy && (cell.coefficient > 0 || cell.symbol.isExternal) {
            let rate = abs(cell.coefficient)
            if let found = best,
               objective.compareRatios(cell.symbol, rate, found.symbol, abs(found.coefficient)) >= 0 {
                continue
            }
            best = cell
        }
        return best?.symbol
    }
}

// MARK: - Removal

extension Tableau {
    /// The row to pivot a non-basic marker into before its constraint's row is dropped.
    ///
    /// Prefers a row whose basic symbol is a dummy (a redundant required equality: its row holds
    /// dummies only and has constant 0, so the pivot moves no value, and the dummy, which must
    /// stay 0, ends non-basic); then the restricted row that the marker's growth blocks first,
    /// then the restricted row that its shrinking blocks first, then a row with an external
    /// basic symbol, so that the rows left behind stay feasible.
    ///
    /// A row of an external symbol qualifies only if the marker survives flattening it (a lazy
    /// row's own cell can cancel against its refs); flat rows are tried first.
    ///
    /// - Returns: The basic symbol of that row, or `nil` if no row holds the marker.
    func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: (Symbol, Double)?
        var second: (Symbol, Double)?
        var third: [Symbol] = []
        func better(_ candidate: (Symbol, Double), _ current: (Symbol, Double)?) -> Bool {
            guard let current else { return true }
            return candidate.1 < current.1 || (candidate.1 == current.1 && candidate.0 < current.0)
        }
        var dummy: Symbol?
        for slot in slotsHolding(marker) {
            let basic = basics[Int(slot)]
            let row = slots[Int(slot)]!
            let coefficient = row.coefficient(for: marker)
            if basic.isDummy {
                if dummy.map({ basic < $0 }) ?? true { dummy = basic }
            } else if basic.isExternal {
                third.append(basic)
            } else if coefficient < 0 {
                let candidate = (basic, -row.constant / coefficient)
                if better(candidate, first) { first = candidate }
            } else {
                let candidate = (basic, row.constant / coefficient)
                if better(candidate, second) { second = candidate }
            }
        }
        return dummy ?? first?.0 ?? second?.0 ?? externalLeavingRow(marker, among: third)
    }

    /// The external row to pivot `marker` into: the lowest id among flat rows, else the lowest
    /// id among lazy rows whose flattened form still holds the marker.
    private func externalLeavingRow(_ marker: Symbol, among candidates: [Symbol]) -> Symbol? {
        let ordered = candidates.sorted { a, b in
            let (lazyA, lazyB) = (!row(for: a)!.refs.isEmpty, !row(for: b)!.refs.isEmpty)
            return lazyA != lazyB ? !lazyA : a < b
        }
        for basic in ordered {
            let candidate = row(for: basic)!
            if candidate.refs.isEmpty { return basic }
            let flat = candidate.copy()
            flatten(flat)
            if flat.position(of: marker) != nil { return basic }
        }
        return nil
    }
}
