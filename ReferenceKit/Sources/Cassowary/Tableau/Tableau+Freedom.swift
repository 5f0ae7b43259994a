// MARK: - Free symbols

/// What the ambiguity queries know about one basis, computed on the first query after a
/// mutation and kept until the next one.
///
/// A debugger asks ``Solver/isAmbiguous(_:)`` for every variable of a layout in a row. Each
/// answer depends on which non-basic symbols can move freely, a property of the basis alone,
/// so it is worked out once for all symbols; and whether a lazy row reaches such a symbol
/// through its refs is shared by every row that refers to it, so it is remembered per row.
/// Marks carry the epoch they were set in, so starting a new epoch forgets them all at once.
struct FreedomMemo {
    /// Whether the marks describe the current basis; ``Solver/willMutate()`` clears it.
    var isCurrent = false
    /// The current epoch: one per basis that was queried.
    private(set) var epoch: UInt32 = 0
    /// For each symbol id, ``epoch`` when the symbol can move freely.
    private var free: [UInt32] = []
    /// How many symbols can move freely and matter (see ``Tableau/refreshFreedom()``).
    var freeCount = 0
    /// For each basic symbol id, ``epoch`` once ``reaches`` holds its answer.
    private var known: [UInt32] = []
    /// For each basic symbol id, whether its row or a row it refers to holds a free symbol.
    private var reaches: [Bool] = []
    /// Scratch stack of the reach walk.
    var stack: [Symbol] = []
    /// Scratch of ``Tableau/flattenedRowHoldsFreeSymbol(_:)``: each symbol's running
    /// coefficient in the row being flattened.
    var coefficients: [Double] = []
    /// For each symbol id, ``walk`` while the row being flattened has a cell for it.
    var present: [UInt32] = []
    /// The symbols that had a cell at some point of the current flatten.
    var touched: [Symbol] = []
    /// The current flatten's mark.
    private(set) var walk: UInt32 = 0

    /// Starts a new epoch for a tableau of `symbolCount` symbols: no symbol is free yet and no
    /// reach is known.
    mutating func beginEpoch(symbolCount: Int) {
        if free.count < symbolCount {
            let extra = symbolCount - free.count
            free += repeatElement(0, count: extra)
            known += repeatElement(0, count: extra)
            reaches += repeatElement(false, count: extra)
            coefficients += repeatElement(0, count: extra)
            present += repeatElement(0, count: extra)
        }
        epoch &+= 1
        if epoch == 0 {
            for i in free.indices { free[i] = 0; known[i] = 0 }
            epoch = 1
        }
        freeCount = 0
        isCurrent = true
    }

    /// Starts a new flatten: no symbol has a cell.
    mutating func beginWalk() {
        walk &+= 1
        if walk == 0 {
            for i in present.indices { present[i] = 0 }
            walk = 1
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// Records that `symbol` can move freely.
    mutating func markFree(_ symbol: Symbol) {
        free[symbol.index] = epoch
        freeCount += 1
    }

    /// Whether `symbol` can move freely in this epoch.
    @inline(__always)
    func isFree(_ symbol: Symbol) -> Bool { free[symbol.index] == epoch }

    /// The remembered reach of basic `symbol`, if known in this epoch.
    @inline(__always)
    func reach(of symbol: Symbol) -> Bool? {
        known[symbol.index] == epoch ? reaches[symbol.index] : nil
    }

    /// Remembers the reach of basic `symbol` for this epoch.
    mutating func setReach(_ value: Bool, of symbol: Symbol) {
        known[symbol.index] = epoch
        reaches[symbol.index] = value
    }
}

extension Tableau {
    // MARK: - Which symbols move freely

    /// Works out, if a mutation happened since the last time, which non-basic symbols can
    /// move freely (see ``canMoveFreely(_:)``).
    ///
    /// Only symbols that can reach an answer are kept: external ones (a non-basic variable is
    /// its own answer) and those some row holds (the others cannot appear in a flattened row;
    /// they are mostly the markers of removed constraints, which would otherwise defeat the
    /// fast path of a fully determined layout).
    ///
    /// - Complexity: One pass over the symbols, plus the column of each non-basic, non-dummy
    ///   symbol with a zero reduced cost.
    func refreshFreedom() {
        guard !freedom.isCurrent else { return }
        freedom.beginEpoch(symbolCount: symbolCount)
        for index in 0..<symbolCount where slotOfSymbol[index] < 0 {
            let kind = kinds[index]
            guard kind != .dummy else { continue }
            let symbol = Symbol(id: Int32(index), kind: kind)
            if canMoveFreely(symbol) { freedom.markFree(symbol) }
        }
    }

    /// Whether non-basic `symbol` has a zero reduced cost in every tier and a positive step
    /// (more than ``nearZero``) before a restricted row blocks it: growing, or for an external
    /// symbol growing or shrinking. Restricted symbols only grow, since they sit at 0. A row
    /// with constant 0 blocks at once: degenerate vertices count as blocked.
    ///
    /// `false` as well for a restricted symbol that no row holds (see ``refreshFreedom()``).
    func canMoveFreely(_ symbol: Symbol) -> Bool {
        guard objective.costSign(of: symbol) == 0 else { return false }
        var held = false
        var grows = true
        var shrinks = symbol.isExternal
        // The raw column list may repeat slots or name rows that lost the symbol; both are
        // harmless here, and reading it as is spares compacting (and allocating) it.
        for slot in columns[symbol.index] {
            guard let row = slots[Int(slot)], let at = row.position(of: symbol) else { continue }
            held = true
            guard basics[Int(slot)].isRestricted else { continue }
            // The ratio of the minimum ratio test, as allowedStep(_:direction:) computes it.
            let coefficient = row.cells[at].coefficient
            if coefficient < 0 && !(row.constant / -coefficient > nearZero) { grows = false }
            if coefficient > 0 && !(row.constant / coefficient > nearZero) { shrinks = false }
            if !grows && !shrinks { return false }
        }
        return held || symbol.isExternal
    }

    // MARK: - Rows that reach a free symbol

    /// Whether the row of basic `symbol`, or a row its refs lead to, holds a free symbol.
    ///
    /// Flattening only ever yields symbols of those rows, so `false` settles that the
    /// flattened row holds no free symbol; `true` still needs the exact check (a free symbol
    /// can cancel out). Answers are remembered per row, so a tree of lazy rows is walked
    /// once; the walk keeps its own stack because chains of refs can be very deep.
    func reachesFreeSymbol(_ symbol: Symbol) -> Bool {
        if let known = freedom.reach(of: symbol) { return known }
        freedom.stack.removeAll(keepingCapacity: true)
        freedom.stack.append(symbol)
        while let top = freedom.stack.last {
            if freedom.reach(of: top) != nil {
                freedom.stack.removeLast()
                continue
            }
            let row = row(for: top)!
            if row.cells.contains(where: { freedom.isFree($0.symbol) })
                || row.refs.contains(where: { freedom.reach(of: $0.symbol) == true }) {
                freedom.setReach(true, of: top)
                freedom.stack.removeLast()
                continue
            }
            let before = freedom.stack.count
            for ref in row.refs where freedom.reach(of: ref.symbol) == nil { freedom.stack.append(ref.symbol) }
            if freedom.stack.count == before {
                freedom.setReach(false, of: top)
                freedom.stack.removeLast()
            }
        }
        return freedom.reach(of: symbol)!
    }

    /// Whether flattening `row` leaves a cell of a free symbol.
    ///
    /// Adds up the cells as ``flatten(_:)`` does, in the same order and dropping the same
    /// near-zero sums, but into per-symbol scratch instead of a new row, so it allocates
    /// nothing and agrees with ``flatten(_:)`` on every cancellation.
    func flattenedRowHoldsFreeSymbol(_ row: Row) -> Bool {
        freedom.beginWalk()
        for cell in row.cells { accumulate(cell.symbol, cell.coefficient, times: 1, first: true) }
        forEachExpansion(of: row.refs) { target, coefficient in
            for cell in target.cells { accumulate(cell.symbol, cell.coefficient, times: coefficient, first: false) }
        }
        let walk = freedom.walk
        return freedom.touched.contains { freedom.present[$0.index] == walk && freedom.isFree($0) }
    }

    /// Adds `coefficient · times` to `symbol`'s running coefficient the way ``Row/insert(_:_:)``
    /// does: a new term near zero is dropped, a sum near zero removes the cell.
    @inline(__always)
    private func accumulate(_ symbol: Symbol, _ coefficient: Double, times factor: Double, first: Bool) {
        let index = symbol.index
        if first {
            // The row's own cells are copied as they are, like Row.copy().
            freedom.coefficients[index] = coefficient
        } else if freedom.present[index] == freedom.walk {
            let sum = freedom.coefficients[index] + coefficient * factor
            if isNearZero(sum) { freedom.present[index] = 0 } else { freedom.coefficients[index] = sum }
            return
        } else {
            let term = coefficient * factor
            if isNearZero(term) { return }
            freedom.coefficients[index] = term
        }
        freedom.present[index] = freedom.walk
        freedom.touched.append(symbol)
    }
}
