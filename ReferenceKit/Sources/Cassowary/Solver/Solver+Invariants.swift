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
    /// - Cached values of lazy rows, when marked current, equal a fresh evaluation (a change
    ///   that forgot to mark them stale shows here), and the lazy program, unless marked
    ///   stale, lists every lazy row once, oldest first, with its refs as they are now.
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
        try checkCachedValues()
        try checkLazyProgram()
    }

    /// Checks that the lazy program, unless marked stale, is what a rebuild would make.
    private func checkLazyProgram() throws {
        let program = tableau.lazyProgram
        guard !program.isStale else { return }
        func fail(_ message: String) -> SolverError { .internalInconsistency("lazy program: \(message)") }
        let lazyCount = tableau.lazySlots.indices.filter { tableau.lazySlots[$0] && tableau.slots[$0] != nil }.count
        guard program.steps.count == lazyCount else { throw fail("\(program.steps.count) steps for \(lazyCount) lazy rows") }
        var start = 0
        var previous = -1
        for step in program.steps {
            let slot = Int(step.slot)
            guard tableau.lazySlots[slot], let row = tableau.slots[slot], tableau.basics[slot].id == step.basicIndex else {
                throw fail("a step names slot \(slot), which holds no lazy row of symbol \(step.basicIndex)")
            }
            guard row.sequence > previous else { throw fail("row \(tableau.basics[slot]) is out of order") }
            previous = row.sequence
            let terms = program.terms[start..<Int(step.termsEnd)]
            start = Int(step.termsEnd)
            let expected = row.refs.map { ref -> LazyProgram.Term in
                let target = tableau.slotOfSymbol[ref.symbol.index]
                let isLazy = tableau.lazySlots[Int(target)]
                return LazyProgram.Term(coefficient: ref.coefficient, index: isLazy ? ref.symbol.id : target, isLazy: isLazy)
            }
            guard terms.elementsEqual(expected, by: { $0.coefficient == $1.coefficient && $0.index == $1.index && $0.isLazy == $1.isLazy }) else {
                throw fail("the terms of row \(tableau.basics[slot]) are not its refs")
            }
        }
    }

    /// Checks that the values kept by variables and by lazy rows, where marked current, are
    /// what the rows say now (evaluated here from the refs, not from any cache).
    private func checkCachedValues() throws {
        var fresh: [Symbol: Double] = [:]
        func evaluate(_ symbol: Symbol) -> Double {
            if let known = fresh[symbol] { return known }
            guard let row = tableau.row(for: symbol) else { return 0 }
            let value = row.refs.reduce(row.constant) { $0 + $1.coefficient * evaluate($1.symbol) }
            fresh[symbol] = value
            return value
        }
        func check(_ cached: Double, _ symbol: Symbol, _ what: @autoclosure () -> String) throws {
            let expected = evaluate(symbol)
            guard abs(cached - expected) <= 1e-9 * max(1, abs(expected)) else {
                throw SolverError.internalInconsistency("\(what()) is \(cached), its row says \(expected)")
            }
        }
        for case let variable? in variableOfSymbol
        where variable.cacheOwner === token && variable.cachedGeneration == tableau.generation {
            try check(variable.cachedValue, variable.cachedSymbol, "the value \(variable) kept")
        }
        guard tableau.valuesGeneration == tableau.generation else { return }
        for (slot, maybeRow) in tableau.slots.enumerated() where maybeRow != nil && tableau.lazySlots[slot] {
            let basic = tableau.basics[slot]
            try check(tableau.valueCache[basic.index], basic, "the cached value of \(basic)")
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
