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
        if other.cells.isEmpty { return }
        if other.cells.count &* 8 < cells.count {
            for cell in other.cells where insert(cell.symbol, cell.coefficient * coefficient) {
                added.append(cell.symbol)
            }
        } else {
            merge(other.cells, times: coefficient, added: &added)
        }
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

    /// The two-pointer merge of two sorted cell lists.
    private func merge(_ others: [Cell], times coefficient: Double, added: inout [Symbol]) {
        var result: [Cell] = []
        result.reserveCapacity(cells.count + others.count)
        cells.withUnsafeBufferPointer { mine in
            others.withUnsafeBufferPointer { theirs in
                var i = 0
                var j = 0
                while i < mine.count && j < theirs.count {
                    let a = mine[i]
                    let b = theirs[j]
                    if a.symbol.id < b.symbol.id {
                        result.append(a)
                        i &+= 1
                    } else if a.symbol.id > b.symbol.id {
                        let value = b.coefficient * coefficient
                        if !isNearZero(value) {
                            result.append(Cell(symbol: b.symbol, coefficient: value))
                            added.append(b.symbol)
                        }
                        j &+= 1
                    } else {
                        let value = a.coefficient + b.coefficient * coefficient
                        if !isNearZero(value) { result.append(Cell(symbol: a.symbol, coefficient: value)) }
                        i &+= 1
                        j &+= 1
                    }
                }
                while i < mine.count {
                    result.append(mine[i])
                    i &+= 1
                }
                while j < theirs.count {
                    let b = theirs[j]
                    let value = b.coefficient * coefficient
                    if !isNearZero(value) {
                        result.append(Cell(symbol: b.symbol, coefficient: value))
                        added.append(b.symbol)
                    }
                    j &+= 1
                }
            }
        }
        cells = result
    }
}
