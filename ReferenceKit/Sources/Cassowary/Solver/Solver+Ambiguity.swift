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
    /// - Parameter variable: Any variable.
    /// - Returns: `true` if an alternative optimum gives `variable` a different value.
    /// - Complexity: Proportional to the variable's row times the rows holding its symbols.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let symbol = knownSymbol(of: variable) else { return true }
        guard let row = tableau.row(for: symbol) else {
            return canMoveFreely(symbol, directions: [1, -1])
        }
        let flat = row.copy()
        tableau.flatten(flat)
        for cell in flat.cells where !cell.symbol.isDummy {
            let directions: [Double] = cell.symbol.isExternal ? [1, -1] : [1]
            if canMoveFreely(cell.symbol, directions: directions) { return true }
        }
        return false
    }

    /// Whether non-basic `symbol` has a zero reduced cost and a positive step in one of
    /// `directions`.
    func canMoveFreely(_ symbol: Symbol, directions: [Double]) -> Bool {
        guard tableau.objective.costSign(of: symbol) == 0 else { return false }
        return directions.contains { tableau.allowedStep(symbol, direction: $0) > nearZero }
    }
}
