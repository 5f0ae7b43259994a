// MARK: - Tableau

/// The simplex tableau: one row per basic symbol, a column index, and the objective.
///
/// Rows live in stable *slots*. The column index maps each symbol to the slots of the rows
/// that hold it, so substituting a symbol only visits the rows that contain it instead of every
/// row (Kiwi visits every row, which is what makes it superlinear on big layouts). Column lists
/// are maintained lazily: an entry is appended whenever a row gains a symbol and dropped the
/// next time the list is walked if the row no longer holds the symbol.
///
/// Rows of external symbols may be *lazy*: when a constraint introduces a fresh variable, its
/// row keeps references to the basic variables it mentions instead of copying their rows in
/// (which is how a chain of N views otherwise builds O(N²) cells). Refs only ever point to
/// basic external symbols, from younger rows to older ones, so they form a DAG; restricted
/// rows and the objective are always flat, so the simplex steps never see a ref. Values follow
/// refs (``value(of:)``), and ``flatten(_:)`` expands them where a flat row is needed.
///
/// The tableau knows nothing about constraints; ``Solver`` owns that bookkeeping.
///
/// The hot storage of the tableau, its rows and the objective is `@exclusivity(unchecked)`:
/// the simplex loops read and write these arrays millions of times, the runtime exclusivity
/// checks cost more than the arithmetic, and no access to one of them overlaps another access
/// to the same property (the solver is single-threaded and never passes them `inout` while
/// touching them elsewhere).
final class Tableau {
    /// Rows by slot; `nil` for free slots.
    @exclusivity(unchecked) var slots: [Row?] = []
    /// The basic symbol of the row in each slot.
    @exclusivity(unchecked) var basics: [Symbol] = []
    /// Slots freed by removed rows, reused last-in first-out.
    @exclusivity(unchecked) var freeSlots: [RowSlot] = []
    /// For each symbol id, the slot of its row when basic, or -1.
    @exclusivity(unchecked) var slotOfSymbol: [Int32] = []
    /// For each symbol id, slots whose rows may hold it (see the type's discussion).
    @exclusivity(unchecked) var columns: [[Int32]] = []
    /// Per-slot marks used to drop duplicate column entries during one walk.
    @exclusivity(unchecked) var marks: [UInt32] = []
    /// The value of the current walk's mark.
    @exclusivity(unchecked) var currentMark: UInt32 = 0
    /// The kind of each symbol, by id.
    @exclusivity(unchecked) var kinds: [Symbol.Kind] = []
    /// The tiered objective.
    @exclusivity(unchecked) var objective = Objective()
    /// The objective of the artificial phase while one is running.
    @exclusivity(unchecked) var artificial: Objective?
    /// Basic symbols whose rows may have gone infeasible, for the dual simplex.
    @exclusivity(unchecked) var infeasible: [Symbol] = []
    /// Number of live rows.
    private(set) var rowCount = 0
    /// The most pivots one optimisation may take.
    var maxIterations = 1_000_000
    /// Scratch list of symbols added by a row operation.
    @exclusivity(unchecked) var scratch: [Symbol] = []
    /// For each symbol id, slots whose rows may reference it (maintained like ``columns``).
    @exclusivity(unchecked) var referrers: [[Int32]] = []
    /// The sequence number the next row gets.
    var nextSequence = 0
    /// Bumped by every mutation that can move a variable's value; values cached under an
    /// older generation, in ``valueCache`` or in a ``Variable``, are stale.
    @exclusivity(unchecked) var generation: UInt32 = 1
    /// Values of external symbols with lazy rows, valid in ``valuesGeneration``.
    @exclusivity(unchecked) var valueCache: [Double] = []
    /// The generation ``valueCache`` was computed in.
    @exclusivity(unchecked) var valuesGeneration: UInt32 = 0
    /// The lazy rows in evaluation order, for ``refreshLazyValues()``.
    @exclusivity(unchecked) var lazyProgram = LazyProgram()
    /// For each slot, whether its row was created with refs: the rows whose values come from
    /// ``valueCache``. One byte per slot, so a value read does not load the row's refs.
    @exclusivity(unchecked) var lazySlots: [Bool] = []
    /// Scratch of ``forEachExpansion(of:_:)``, kept so that expanding refs allocates nothing.
    @exclusivity(unchecked) var expansion = ExpansionScratch()
    /// What the ambiguity queries know about the current basis; cleared by every mutation.
    @exclusivity(unchecked) var freedom = FreedomMemo()

    // MARK: - Symbols

    /// Creates a new symbol of `kind` with the next id.
    func makeSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: Int32(kinds.count), kind: kind)
        kinds.append(kind)
        slotOfSymbol.append(-1)
        columns.append([])
        referrers.append([])
        valueCache.append(0)
        return symbol
    }

    /// Number of symbols ever created.
    var symbolCount: Int { kinds.count }

    /// The row of `symbol` when it is basic.
    @inline(__always)
    func row(for symbol: Symbol) -> Row? {
        let slot = slotOfSymbol[symbol.index]
        return slot < 0 ? nil : slots[Int(slot)]
    }

    /// Whether `symbol` is basic.
    @inline(__always)
    func isBasic(_ symbol: Symbol) -> Bool {
        slotOfSymbol[symbol.index] >= 0
    }

    // MARK: - Rows

    /// Puts `row` into the tableau as the definition of `basic`.
    func addRow(_ row: Row, basic: Symbol) {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free.raw
            slots[free.index] = row
            basics[free.index] = basic
        } else {
            slot = Int32(slots.count)
            slots.append(row)
            basics.append(basic)
            marks.append(0)
            lazySlots.append(false)
        }
        slotOfSymbol[basic.index] = slot
        for cell in row.cells { columns[cell.symbol.index].append(slot) }
        for ref in row.refs { referrers[ref.symbol.index].append(slot) }
        row.sequence = nextSequence
        nextSequence += 1
        let isLazy = !row.refs.isEmpty
        lazySlots[Int(slot)] = isLazy
        if isLazy { appendLazyStep(slot: slot, row: row, basic: basic) }
        rowCount += 1
    }

    /// Takes the row of `basic` out of the tableau.
    ///
    /// - Returns: The row, or `nil` if `basic` is not basic.
    @discardableResult
    func removeRow(basic: Symbol) -> Row? {
        let slot = slotOfSymbol[basic.index]
        guard slot >= 0, let row = slots[Int(slot)] else { return nil }
        slots[Int(slot)] = nil
        lazySlots[Int(slot)] = false
        slotOfSymbol[basic.index] = -1
        // Steps of the lazy program may name this row or its slot; restricted rows are never
        // lazy and never referred to.
        if basic.isExternal { lazyProgram.isStale = true }
        freeSlots.append(RowSlot(raw: slot))
        rowCount -= 1
        return row
    }

    /// Makes the row of `leaving` the row of `entering`: the pivot itself. The row keeps its
    /// slot; `entering` must be in it.
    func pivot(entering: Symbol, leaving: Symbol) {
        let slot = slotOfSymbol[leaving.index]
        let row = slots[Int(slot)]!
        row.solve(for: entering, replacing: leaving)
        slotOfSymbol[leaving.index] = -1
        slotOfSymbol[entering.index] = slot
        basics[Int(slot)] = entering
        columns[leaving.index].append(slot)
        substitute(entering, with: row)
        invalidateValues()
    }

    // MARK: - Column index

    /// The slots of the rows that hold `symbol`, each once, in a reproducible order; compacts
    /// the symbol's column list on the way.
    ///
    /// - Complexity: O(*k* log *n*) for *k* list entries and rows of *n* cells.
    func slotsHolding(_ symbol: Symbol) -> [Int32] {
        compact(&columns, symbol) { $0.position(of: symbol) != nil }
    }

    /// The slots of the rows that reference `symbol`, each once; compacts the list.
    func slotsReferencing(_ symbol: Symbol) -> [Int32] {
        compact(&referrers, symbol) { row in row.refs.contains { $0.symbol == symbol } }
    }

    /// Walks one symbol's list in `lists`, keeping each live slot whose row passes `holds` once.
    private func compact(_ lists: inout [[Int32]], _ symbol: Symbol, _ holds: (Row) -> Bool) -> [Int32] {
        let index = symbol.index
        if lists[index].isEmpty { return [] }
        currentMark &+= 1
        if currentMark == 0 {
            for i in marks.indices { marks[i] = 0 }
            currentMark = 1
        }
        var kept: [Int32] = []
        kept.reserveCapacity(lists[index].count)
        for slot in lists[index] {
            let s = Int(slot)
            guard marks[s] != currentMark, let row = slots[s], holds(row) else { continue }
            marks[s] = currentMark
            kept.append(slot)
        }
        lists[index] = kept
        return kept
    }

    /// Records that the row in `slot` gained the symbols in `added`.
    @inline(__always)
    func noteAdded(_ added: [Symbol], slot: Int32) {
        for symbol in added { columns[symbol.index].append(slot) }
    }

    // MARK: - Substitution

    /// Replaces `symbol` by `row` in every row that holds it and in the objectives, and queues
    /// restricted rows whose constant went negative for the dual simplex.
    ///
    /// - Complexity: proportional to the rows that hold `symbol`, not to the tableau.
    func substitute(_ symbol: Symbol, with row: Row) {
        for slot in slotsHolding(symbol) {
            let target = slots[Int(slot)]!
            scratch.removeAll(keepingCapacity: true)
            target.substitute(symbol, with: row, added: &scratch)
            noteAdded(scratch, slot: slot)
            let basic = basics[Int(slot)]
            if basic.isRestricted && target.constant < 0 { infeasible.append(basic) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Removes every cell of `symbol` from the rows and objectives.
    func eraseColumn(_ symbol: Symbol) {
        for slot in slotsHolding(symbol) { slots[Int(slot)]!.remove(symbol) }
        columns[symbol.index] = []
        objective.erase(symbol)
        artificial?.erase(symbol)
    }

    /// Every live row with its basic symbol, in increasing basic id.
    func sortedRows() -> [(basic: Symbol, row: Row)] {
        var result: [(basic: Symbol, row: Row)] = []
        for (slot, row) in slots.enumerated() {
            if let row { result.append((basics[slot], row)) }
        }
        return result.sorted { $0.basic < $1.basic }
    }
}
