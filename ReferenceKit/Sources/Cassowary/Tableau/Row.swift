// MARK: - Row

/// A linear form `constant + Σ coefficient·symbol` with its cells sorted by symbol id.
///
/// In the tableau a row is the definition of its basic symbol:
/// `basic = constant + Σ cells + Σ refs`. Cells hold non-basic symbols only. *Refs* are lazy
/// references to other basic external symbols, standing for their rows: only rows of external
/// symbols have them (see ``Tableau`` for why), and a ref always points to an older row.
/// A row never holds a cell whose coefficient is within ``nearZero`` of 0.
final class Row {
    /// The cells, sorted by symbol id.
    @exclusivity(unchecked) var cells: [Cell]
    /// References to basic external symbols, sorted by symbol id.
    @exclusivity(unchecked) var refs: [Cell] = []
    /// The constant term.
    @exclusivity(unchecked) var constant: Double
    /// When the row entered the tableau; refs point from younger rows to older ones.
    @exclusivity(unchecked) var sequence = 0

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - constant: The constant term.
    ///   - cells: Cells already sorted by id with non-zero coefficients.
    init(constant: Double = 0, cells: [Cell] = []) {
        self.constant = constant
        self.cells = cells
    }

    /// A copy that shares nothing with this row.
    func copy() -> Row {
        let row = Row(constant: constant, cells: cells)
        row.refs = refs
        row.sequence = sequence
        return row
    }

    // MARK: - Reading

    /// The position of `symbol` in ``cells``, or `nil`.
    ///
    /// - Complexity: O(log *n*).
    @inline(__always)
    func position(of symbol: Symbol) -> Int? {
        var low = 0
        var high = cells.count
        let id = symbol.id
        while low < high {
            let mid = (low &+ high) >> 1
            let midId = cells[mid].symbol.id
            if midId == id { return mid }
            if midId < id { low = mid &+ 1 } else { high = mid }
        }
        return nil
    }

    /// The coefficient of `symbol`, 0 when the row does not hold it.
    func coefficient(for symbol: Symbol) -> Double {
        position(of: symbol).map { cells[$0].coefficient } ?? 0
    }

    /// Whether every symbol of the row is a dummy.
    var hasOnlyDummies: Bool {
        cells.allSatisfy { $0.symbol.isDummy }
    }

    // MARK: - Simple edits

    /// Adds `value` to the constant.
    ///
    /// - Returns: The new constant.
    @discardableResult
    func add(_ value: Double) -> Double {
        constant += value
        return constant
    }

    /// Adds `coefficient · symbol`, removing the cell if the sum is near zero.
    ///
    /// - Returns: `true` when the symbol was not in the row before and is now.
    @discardableResult
    func insert(_ symbol: Symbol, _ coefficient: Double = 1) -> Bool {
        if let at = position(of: symbol) {
            let sum = cells[at].coefficient + coefficient
            if isNearZero(sum) { cells.remove(at: at) } else { cells[at].coefficient = sum }
            return false
        }
        if isNearZero(coefficient) { return false }
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: insertionPoint(for: symbol))
        return true
    }

    /// Removes the cell of `symbol` if there is one.
    func remove(_ symbol: Symbol) {
        if let at = position(of: symbol) { cells.remove(at: at) }
    }

    /// Negates the constant and every coefficient.
    func reverseSign() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
        for i in refs.indices { refs[i].coefficient = -refs[i].coefficient }
    }

    /// Rewrites `0 = row` as `symbol = row'`: removes `symbol` and divides the rest by minus its
    /// coefficient. The symbol must be in the row.
    func solve(for symbol: Symbol) {
        guard let at = position(of: symbol) else { return }
        let factor = -1.0 / cells[at].coefficient
        cells.remove(at: at)
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
        for i in refs.indices { refs[i].coefficient *= factor }
    }

    /// Rewrites `lhs = row` as `rhs = row'`: the pivot of one row. `rhs` must be in the row.
    func solve(for rhs: Symbol, replacing lhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Sorts `cells` by symbol id, sums the cells of one symbol in their order and drops sums
    /// near zero: the cells of a row built from a list of terms.
    ///
    /// - Complexity: O(*n*²) for *n* cells; a constraint has a handful.
    static func sortSummingDuplicates(_ cells: inout [Cell]) {
        guard cells.count > 1 else { return }
        for i in cells.indices.dropFirst() {
            let cell = cells[i]
            var j = i
            while j > 0 && cells[j - 1].symbol.id > cell.symbol.id {
                cells[j] = cells[j - 1]
                j -= 1
            }
            cells[j] = cell
        }
        var kept = 0
        var i = 0
        while i < cells.count {
            var cell = cells[i]
            i += 1
            var merged = false
            while i < cells.count && cells[i].symbol == cell.symbol {
                cell.coefficient += cells[i].coefficient
                merged = true
                i += 1
            }
            if merged && isNearZero(cell.coefficient) { continue }
            cells[kept] = cell
            kept += 1
        }
        cells.removeLast(cells.count - kept)
    }

    /// The first position whose symbol id is not below `symbol`'s.
    func insertionPoint(for symbol: Symbol) -> Int {
        var low = 0
        var high = cells.count
        while low < high {
            let mid = (low &+ high) >> 1
            if cells[mid].symbol.id < symbol.id { low = mid &+ 1 } else { high = mid }
        }
        return low
    }
}
