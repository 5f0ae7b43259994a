// MARK: - Lazy references

extension Tableau {
    /// Expands every ref of a detached row into cells, so the row holds non-basic symbols only.
    ///
    /// - Parameter row: A row that is not in the tableau.
    /// - Complexity: Proportional to the rows the refs reach and their cells.
    func flatten(_ row: Row) {
        guard !row.refs.isEmpty else { return }
        let refs = row.refs
        row.refs = []
        var ignored: [Symbol] = []
        forEachExpansion(of: refs) { target, coefficient in
            row.constant += coefficient * target.constant
            if !target.cells.isEmpty { row.insert(target, cellsOnlyTimes: coefficient, added: &ignored) }
        }
    }

    /// Calls `body` with every row that `refs` stand for, each once with the sum of all the
    /// coefficients it receives, youngest row first (refs only point to older rows, so a row's
    /// sum is complete when it comes up). Sums near zero are skipped.
    ///
    /// ``flatten(_:)`` and the ambiguity queries share this walk so that they add the same
    /// terms in the same order and agree to the last bit on which cells cancel. Walks do not
    /// nest: `body` must not start another one.
    ///
    /// - Complexity: Proportional to the refs of the rows reached, times log of the queue.
    func forEachExpansion(of refs: [Cell], _ body: (Row, Double) -> Void) {
        expansion.begin(symbolCount: symbolCount)
        for ref in refs {
            expansion.add(ref.symbol, ref.coefficient, sequence: row(for: ref.symbol)!.sequence)
        }
        while let symbol = expansion.queue.pop() {
            let coefficient = expansion.take(symbol)
            guard !isNearZero(coefficient) else { continue }
            let target = row(for: symbol)!
            body(target, coefficient)
            for ref in target.refs {
                expansion.add(ref.symbol, coefficient * ref.coefficient, sequence: row(for: ref.symbol)!.sequence)
            }
        }
    }

    /// Replaces every ref to `symbol`, which is leaving the basis, by `row`, its definition
    /// until now. Must run before the pivot changes `row`.
    func substituteReferences(to symbol: Symbol, with row: Row) {
        for slot in slotsReferencing(symbol) {
            let target = slots[Int(slot)]!
            let coefficient = target.removeRef(symbol)
            target.constant += coefficient * row.constant
            scratch.removeAll(keepingCapacity: true)
            target.insert(row, cellsOnlyTimes: coefficient, added: &scratch)
            noteAdded(scratch, slot: slot)
            scratch.removeAll(keepingCapacity: true)
            target.insertRefs(row.refs, times: coefficient, added: &scratch)
            for added in scratch { referrers[added.index].append(slot) }
        }
        lazyProgram.isStale = true
    }

    /// Whether no row holds `symbol` and no objective tier mentions it: a symbol that can
    /// become basic without any substitution.
    func isUnused(_ symbol: Symbol) -> Bool {
        !isBasic(symbol) && slotsHolding(symbol).isEmpty
            && objective.rows.allSatisfy { $0.position(of: symbol) == nil }
    }
}

// MARK: - ExpansionScratch

/// The pending coefficients of one ref expansion, by symbol id, and the queue of rows still to
/// expand. Lives in the tableau between walks so that a walk allocates nothing.
struct ExpansionScratch {
    /// For each symbol id, ``stamp`` while the symbol waits in ``queue``.
    private var waiting: [UInt32] = []
    /// For each waiting symbol id, the coefficient gathered so far.
    private var pending: [Double] = []
    /// The current walk's mark; bumping it empties ``waiting`` at once.
    private var stamp: UInt32 = 0
    /// The rows still to expand, youngest first.
    var queue = SequenceHeap()

    /// Starts a walk over a tableau of `symbolCount` symbols.
    mutating func begin(symbolCount: Int) {
        if waiting.count < symbolCount {
            waiting += repeatElement(0, count: symbolCount - waiting.count)
            pending += repeatElement(0, count: symbolCount - pending.count)
        }
        stamp &+= 1
        if stamp == 0 {
            for i in waiting.indices { waiting[i] = 0 }
            stamp = 1
        }
    }

    /// Adds `coefficient` to `symbol`'s pending sum, queueing it the first time.
    @inline(__always)
    mutating func add(_ symbol: Symbol, _ coefficient: Double, sequence: Int) {
        let index = symbol.index
        if waiting[index] == stamp {
            pending[index] += coefficient
        } else {
            waiting[index] = stamp
            pending[index] = coefficient
            queue.push(symbol, sequence: sequence)
        }
    }

    /// Removes `symbol` from the waiting set and returns its sum.
    @inline(__always)
    mutating func take(_ symbol: Symbol) -> Double {
        waiting[symbol.index] = 0
        return pending[symbol.index]
    }
}

// MARK: - SequenceHeap

/// A max-heap of symbols keyed by their row's sequence number: the youngest row first.
struct SequenceHeap {
    private var items: [(sequence: Int, symbol: Symbol)] = []

    /// Adds `symbol` with its row's sequence number.
    mutating func push(_ symbol: Symbol, sequence: Int) {
        items.append((sequence, symbol))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[parent].sequence < items[child].sequence else { break }
            items.swapAt(parent, child)
            child = parent
        }
    }

    /// Removes and returns the symbol with the largest sequence number.
    mutating func pop() -> Symbol? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < items.count && items[left].sequence > items[largest].sequence { largest = left }
            if right < items.count && items[right].sequence > items[largest].sequence { largest = right }
            if largest == parent { break }
            items.swapAt(parent, largest)
            parent = largest
        }
        return top.symbol
    }
}
