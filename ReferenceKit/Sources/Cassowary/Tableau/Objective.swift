// MARK: - Objective

/// The tiered objective: one row per priority tier in use, highest priority first.
///
/// The solver minimises the tiers lexicographically: a symbol's *reduced cost* is the vector of
/// its coefficients in the tier rows, and it is negative when its first non-zero entry (from the
/// highest tier down) is negative. Entering a symbol with a negative reduced cost never makes a
/// higher tier worse, so a higher tier always wins over any number of lower ones.
final class Objective {
    /// The priority of each tier, in decreasing order.
    @exclusivity(unchecked) private(set) var priorities: [Double] = []
    /// The row of each tier, parallel to ``priorities``.
    @exclusivity(unchecked) private(set) var rows: [Row] = []
    /// How many constraints use each tier, parallel to ``priorities``.
    private var users: [Int] = []
    /// Symbols whose reduced cost may have changed since the objective was last optimal: the
    /// only possible entering candidates. May hold duplicates and symbols that became basic.
    @exclusivity(unchecked) var touched: [Symbol] = []

    /// Creates an empty objective.
    init() {}

    /// Creates a one-tier objective, as the artificial phase uses.
    init(single row: Row) {
        priorities = [.infinity]
        rows = [row]
        users = [1]
        touched = row.cells.map(\.symbol)
    }

    /// Whether there is no tier.
    var isEmpty: Bool { rows.isEmpty }

    // MARK: - Tiers

    /// The row of the tier of `priority`, created if missing, and counts one more user.
    func retainTier(_ priority: Double) -> Row {
        if let at = priorities.firstIndex(of: priority) {
            users[at] += 1
            return rows[at]
        }
        let at = priorities.firstIndex { $0 < priority } ?? priorities.count
        let row = Row()
        priorities.insert(priority, at: at)
        rows.insert(row, at: at)
        users.insert(1, at: at)
        return row
    }

    /// The row of the tier of `priority`, if it exists.
    func tier(_ priority: Double) -> Row? {
        priorities.firstIndex(of: priority).map { rows[$0] }
    }

    /// Counts one user less for the tier of `priority`, dropping the tier when none is left.
    func releaseTier(_ priority: Double) {
        guard let at = priorities.firstIndex(of: priority) else { return }
        users[at] -= 1
        if users[at] == 0 {
            touched += rows[at].cells.map(\.symbol)
            priorities.remove(at: at)
            rows.remove(at: at)
            users.remove(at: at)
        }
    }

    // MARK: - Row operations

    /// Replaces `symbol` by `row` in every tier.
    func substitute(_ symbol: Symbol, with row: Row) {
        var ignored: [Symbol] = []
        var changed = false
        for tier in rows where tier.substitute(symbol, with: row, added: &ignored) { changed = true }
        if changed { touch(row) }
    }

    /// Adds `coefficient · row` to `tier`.
    func add(_ row: Row, times coefficient: Double, to tier: Row) {
        tier.insert(row, times: coefficient)
        touch(row)
    }

    /// Adds `coefficient · symbol` to `tier`.
    func add(_ symbol: Symbol, times coefficient: Double, to tier: Row) {
        tier.insert(symbol, coefficient)
        touched.append(symbol)
    }

    /// Records that the reduced costs of `row`'s symbols may have changed.
    private func touch(_ row: Row) {
        for cell in row.cells { touched.append(cell.symbol) }
    }

    /// Removes `symbol` from every tier.
    func erase(_ symbol: Symbol) {
        for tier in rows { tier.remove(symbol) }
    }

    // MARK: - Reduced costs

    /// The sign of the reduced cost of `symbol`: -1, 0 or 1 for lexicographically negative,
    /// zero or positive.
    func costSign(of symbol: Symbol) -> Int {
        for row in rows {
            let c = row.coefficient(for: symbol)
            if c < -nearZero { return -1 }
            if c > nearZero { return 1 }
        }
        return 0
    }

    /// Compares `a / da` with `b / db` tier by tier (the dual simplex ratio). Ratios within
    /// ``nearZero`` (relative) tie and the next tier decides, so rounding noise in a higher tier
    /// cannot pick an entering symbol that makes a lower tier worse.
    ///
    /// - Returns: -1, 0 or 1 as the first ratio vector is lexicographically smaller, equal or
    ///   larger.
    func compareRatios(_ a: Symbol, _ da: Double, _ b: Symbol, _ db: Double) -> Int {
        for row in rows {
            let ra = row.coefficient(for: a) / da
            let rb = row.coefficient(for: b) / db
            if abs(ra - rb) <= nearZero * max(1, abs(ra), abs(rb)) { continue }
            return ra < rb ? -1 : 1
        }
        return 0
    }

    /// The constant of the highest tier (the artificial phase reads its single tier).
    var leadingConstant: Double { rows.first?.constant ?? 0 }
}
