// MARK: - Ambiguity

extension Solver {
    /// Whether `variable` can take another value without making the solution worse.
    ///
    /// True when, at the current optimal basis, some non-basic symbol with a zero reduced cost in
    /// every tier can move by a positive step (no restricted row blocks it at once) and moving it
    /// changes the variable: either the variable itself when it is non-basic (its value is then
    /// free at equal cost), or a symbol of the variable's row (an alternative optimum). A
    /// variable the solver has never seen is unconstrained, so it is ambiguous too.
    ///
    /// Degenerate vertices (a blocking row with constant 0) are treated as blocked, so a
    /// variable is reported unambiguous when only a zero-length pivot would reveal another
    /// optimum.
    ///
    /// The first query after a mutation works out once which symbols can move freely; later
    /// queries until the next mutation reuse it. In a fully determined layout none can, and
    /// every query answers at once without reading a row.
    ///
    /// - Parameter variable: Any variable.
    /// - Returns: `true` if an alternative optimum gives `variable` a different value.
    /// - Complexity: O(symbols) for the first query after a mutation; then O(1) when nothing
    ///   can move freely, else proportional to the rows the variable's row refers to.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = knownSymbol(of: variable) else { return true }
        let tableau = tableau
        if !tableau.freedom.isCurrent { tableau.refreshFreedom() }
        guard tableau.freedom.freeCount > 0 else { return false }
        guard let row = tableau.row(for: symbol) else { return tableau.freedom.isFree(symbol) }
        if row.refs.isEmpty { return row.cells.contains { tableau.freedom.isFree($0.symbol) } }
        return tableau.reachesFreeSymbol(symbol) && tableau.flattenedRowHoldsFreeSymbol(row)
    }

    /// ``isAmbiguous(_:)`` computed straight from its definition, with nothing remembered:
    /// flattens the variable's row and runs the ratio test for each of its symbols. The tests
    /// check the fast answer against it.
    func isAmbiguousByDefinition(_ variable: Variable) -> Bool {
        guard let symbol = knownSymbol(of: variable) else { return true }
        guard let row = tableau.row(for: symbol) else {
            return canMoveFreelyByRatioTest(symbol, directions: [1, -1])
        }
        let flat = row.copy()
        tableau.flatten(flat)
        for cell in flat.cells where !cell.symbol.isDummy {
            let directions: [Double] = cell.symbol.isExternal ? [1, -1] : [1]
            if canMoveFreelyByRatioTest(cell.symbol, directions: directions) { return true }
        }
        return false
    }

    /// Whether non-basic `symbol` has a zero reduced cost and a positive step in one of
    /// `directions`.
    func canMoveFreelyByRatioTest(_ symbol: Symbol, directions: [Double]) -> Bool {
        guard tableau.objective.costSign(of: symbol) == 0 else { return false }
        return directions.contains { tableau.allowedStep(symbol, direction: $0) > nearZero }
    }
}
