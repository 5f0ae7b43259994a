// MARK: - Adding rows

extension Row {
    /// Adds `coefficient · other` to this row, cell by cell, dropping sums near zero.
    ///
    /// - Parameters:
    ///   - other: The row to add; unchanged.
    ///   - coefficient: Its factor.
    ///   - added: Receives every symbol that was not in this row before and is now.
    /// - Complexity: O(*n* + *m*) for rows of *n* and *m* cells; O(*m* log *n* + moves) when
    ///   `other` is much shorter than this row.
    func insert(_ other: Row, times coefficient: Double, added: inout [Symbol]) {
        constant += other.constant * coefficient
        insert(other, cellsOnlyTimes: coefficient, added: &added)
    }

    /// Adds `coefficient · other.cells`, leaving the constant and the refs alone.
    func insert(_ other: Row, cellsOnlyTimes coefficient: Double, added: inout [Symbol]) {
        if other.cells.isEmpty { return }
        if other.cells.count &* 8 < cells.count {
            for cell in other.cells where insert(cell.symbol, cell.coefficient * coefficient) {
                added.append(cell.symbol)
            }
        } else {
            cells = Row.merge(cells, other.cells, times: coefficient, added: &added)
        }
    }

    /// Adds `coefficient · refs` to this row's refs.
    ///
    /// - Parameter added: Receives every symbol that was not referenced before and is now.
    func insertRefs(_ others: [Cell], times coefficient: Double, added: inout [Symbol]) {
        if others.isEmpty { return }
        refs = Row.merge(refs, others, times: coefficient, added: &added)
    }

    /// Removes the ref to `symbol` and returns its coefficient, or 0 if there is none.
    func removeRef(_ symbol: Symbol) -> Double {
        guard let at = refs.firstIndex(where: { $0.symbol == symbol }) else { return 0 }
        return refs.remove(at: at).coefficient
    }

    /// Adds `coefficient · other` when the caller does not track new symbols.
    func insert(_ other: Row, times coefficient: Double = 1) {
        var ignored: [Symbol] = []
        insert(other, times: coefficient, added: &ignored)
    }

    /// Replaces `symbol` by the form `row` (which defines it), if this row holds it.
    ///
    /// - Returns: `true` when the row held the symbol.
    @discardableResult
    func substitute(_ symbol: Symbol, with row: Row, added: inout [Symbol]) -> Bool {
        guard let at = position(of: symbol) else { return false }
        let coefficient = cells[at].coefficient
        cells.remove(at: at)
        insert(row, times: coefficient, added: &added)
        return true
    }

    // MARK: - Merge

    /// The two-pointer merge of `cells + coefficient · others`, both sorted, into a new buffer.
    static func merge(_ cells: [Cell], _ others: [Cell], times coefficient: Double,
                      added: inout [Symbol]) -> [Cell] {
        let capacity = cells.count + others.count
        return cells.withUnsafeBufferPointer { mine in
            others.withUnsafeBufferPointer { theirs in
                [Cell](unsafeUninitializedCapacity: capacity) { out, count in
                    var i = 0
                    var j = 0
                    var n = 0
                    while i < mine.count || j < theirs.count {
                        let takeMine = j == theirs.count || (i < mine.count && mine[i].symbol.id < theirs[j].symbol.id)
                        if takeMine {
                            out.baseAddress![n] = mine[i]
                            n &+= 1
                            i &+= 1
                            continue
                        }
                        let b = theirs[j]
                        j &+= 1
                        if i < mine.count && mine[i].symbol.id == b.symbol.id {
                            let value = mine[i].coefficient + b.coefficient * coefficient
                            i &+= 1
                            if isNearZero(value) { continue }
                            out.baseAddress![n] = Cell(symbol: b.symbol, coefficient: value)
                        } else {
                            let value = b.coefficient * coefficient
                            if isNearZero(value) { continue }
                            out.baseAddress![n] = Cell(symbol: b.symbol, coefficient: value)
                            added.append(b.symbol)
                        }
                        n &+= 1
                    }
                    count = n
                }
            }
        }
    }
}
