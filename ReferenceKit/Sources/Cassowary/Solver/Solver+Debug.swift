// MARK: - Tableau dump

extension Solver: CustomDebugStringConvertible {
    /// The tableau as text, in the spirit of Kiwi's `debug.h`: the objective tiers, every row
    /// by basic symbol, the variables and the constraints with their markers.
    ///
    /// Symbols print as `v` (variable), `s` (slack), `e` (error) or `d` (dummy) and their id;
    /// a lazy reference to another variable's row is prefixed with `@`.
    public var debugDescription: String {
        var lines = ["Objective"]
        for (priority, row) in zip(tableau.objective.priorities, tableau.objective.rows) {
            lines.append("  tier \(priority): \(format(row))")
        }
        lines.append("Tableau")
        for (basic, row) in tableau.sortedRows() {
            lines.append("  \(name(of: basic)) = \(format(row))")
        }
        lines.append("Infeasible: " + tableau.infeasible.map(\.description).joined(separator: ", "))
        lines.append("Variables")
        for (id, variable) in variableOfSymbol.enumerated() {
            if let variable { lines.append("  v\(id) = \(variable.name) = \(value(of: variable))") }
        }
        lines.append("Constraints")
        for (constraint, tag) in tags.sorted(by: { $0.value.marker < $1.value.marker }) {
            let other = tag.other.map { ", other \($0)" } ?? ""
            lines.append("  \(constraint): marker \(tag.marker)\(other)")
        }
        return lines.joined(separator: "\n")
    }

    /// A symbol's text, with the variable name for externals.
    private func name(of symbol: Symbol) -> String {
        guard symbol.isExternal, symbol.index < variableOfSymbol.count, let variable = variableOfSymbol[symbol.index],
              !variable.name.isEmpty else {
            return symbol.description
        }
        return "\(symbol)(\(variable.name))"
    }

    /// A row as `constant + coefficient * symbol …`.
    private func format(_ row: Row) -> String {
        ([String(row.constant)] + row.cells.map { "\($0.coefficient) * \(name(of: $0.symbol))" }
            + row.refs.map { "\($0.coefficient) * @\(name(of: $0.symbol))" })
            .joined(separator: " + ")
    }
}
