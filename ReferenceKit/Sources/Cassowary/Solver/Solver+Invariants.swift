// MARK: - Invariants

extension Solver {
    /// Checks the tableau's invariants, which Kiwi only states in prose.
    ///
    /// - Every row's cells are sorted by id, have non-zero coefficients, hold no basic symbol,
    ///   and are listed in the column index.
    /// - Only rows of variables have refs, and each ref names an older basic variable's row
    ///   and is listed in the referrer index (so refs form a DAG).
    /// - Every restricted basic row has a constant ≥ 0 (feasibility).
    /// - No objective tier holds a basic symbol, and no symbol can enter (optimality).
    /// - Every constraint's marker is basic or held by some row, so it can be removed.
    ///
    /// Runs after every mutation when ``checksInvariants`` is on (debug builds and tests).
    ///
    /// - Throws: ``SolverError/internalInconsistency(_:)`` naming the first broken invariant.
    /// - Complexity: O(size of the tableau).
    public func checkInvariants() throws {
        func fail(_ message: String) -> SolverError { .internalInconsistency(message) }
        var held = Set<Symbol>()
        for (slot, maybeRow) in tableau.slots.enumerated() {
            guard let row = maybeRow else { continue }
            let basic = tableau.basics[slot]
            guard tableau.slotOfSymbol[basic.index] == Int32(slot) else { throw fail("row \(basic) is not indexed") }
            if basic.isRestricted && row.constant < -1e-7 {
                throw fail("row \(basic) is infeasible: \(row.constant)")
            }
            try checkCells(row, name: "row \(basic)")
            try checkRefs(row, basic: basic, slot: slot)
            for cell in row.cells {
                held.insert(cell.symbol)
                guard tableau.columns[cell.symbol.index].contains(Int32(slot)) else {
                    throw fail("column \(cell.symbol) does not list row \(basic)")
                }
            }
        }
        for tier in tableau.objective.rows { try checkCells(tier, name: "objective") }
        if let (entering, _) = tableau.enteringSymbolByFullScan(tableau.objective),
           tableau.leavingRow(entering, direction: tableau.objective.costSign(of: entering) < 0 ? 1 : -1) != nil {
            throw fail("objective is not optimal: \(entering) can enter")
        }
        for (constraint, tag) in tags where !tableau.isBasic(tag.marker) && !held.contains(tag.marker) {
            throw fail("marker \(tag.marker) of \(constraint) is in no row")
        }
    }

    /// Checks one row's refs: only in external rows, to older basic external rows, indexed.
    private func checkRefs(_ row: Row, basic: Symbol, slot: Int) throws {
        guard !row.refs.isEmpty else { return }
        func fail(_ message: String) -> SolverError { .internalInconsistency("row \(basic): \(message)") }
        guard basic.isExternal else { throw fail("a restricted row has refs") }
        for ref in row.refs {
            guard ref.symbol.isExternal, let target = tableau.row(for: ref.symbol) else {
                throw fail("ref \(ref.symbol) is not a basic variable")
            }
            guard target.sequence < row.sequence else { throw fail("ref \(ref.symbol) is younger") }
            guard tableau.referrers[ref.symbol.index].contains(Int32(slot)) else {
                throw fail("ref \(ref.symbol) is not indexed")
            }
        }
    }

    /// Checks one row's cells: sorted, non-zero, and no basic symbol.
    private func checkCells(_ row: Row, name: String) throws {
        var previous: Int32 = -1
        for cell in row.cells {
            guard cell.symbol.id > previous else { throw SolverError.internalInconsistency("\(name) is not sorted") }
            previous = cell.symbol.id
            guard cell.coefficient != 0 else { throw SolverError.internalInconsistency("\(name) holds a zero") }
            guard !tableau.isBasic(cell.symbol) else {
                throw SolverError.internalInconsistency("\(name) holds basic \(cell.symbol)")
            }
        }
    }
}
