// MARK: - Values

extension Tableau {
    /// The value of `symbol` in the current solution: 0 when non-basic, else its row's
    /// constant plus the values of its refs.
    ///
    /// - Complexity: O(1) for flat rows; the first lazy read after a change evaluates every
    ///   lazy row once (O(refs)), like Kiwi's `updateVariables()`.
    func value(of symbol: Symbol) -> Double {
        if let value = currentValue(of: symbol) { return value }
        refreshLazyValues()
        return currentValue(of: symbol)!
    }

    /// The value of `symbol` if it needs no evaluation: `nil` for a lazy row whose cached
    /// value is stale.
    ///
    /// Inlined, and free of calls, so that ``Solver/value(of:)`` reads a value without
    /// retaining the tableau: reading every variable after a layout is the engine's and the
    /// debugger's commonest query, and the retain and the call cost more than the read.
    @inline(__always)
    func currentValue(of symbol: Symbol) -> Double? {
        let slot = Int(slotOfSymbol[symbol.index])
        guard slot >= 0 else { return 0 }
        guard lazySlots[slot] else { return slots[slot].unsafelyUnwrapped.constant }
        return valuesGeneration == generation ? valueCache[symbol.index] : nil
    }

    /// Marks every value read before as stale (the lazy rows' and those variables keep): a
    /// row of a variable changed, or the basis did. The generation skips 0, the mark of a
    /// variable that was never read.
    @inline(__always)
    func invalidateValues() {
        repeat { generation &+= 1 } while generation == 0 || generation == valuesGeneration
    }

    /// Evaluates every lazy row, oldest first, so that each ref's value is ready when a
    /// younger row needs it.
    ///
    /// Walks ``lazyProgram``, not the rows' refs: after a build the first read pays for this
    /// walk, and what it costs is the cache lines it touches. The program's steps and terms are
    /// dense arrays read in order, so the only scattered loads left are each row's constant
    /// and the constants of the flat rows it refers to.
    @inline(never)
    func refreshLazyValues() {
        valuesGeneration = generation
        if lazyProgram.isStale { rebuildLazyProgram() }
        slots.withUnsafeBufferPointer { rows in
            valueCache.withUnsafeMutableBufferPointer { values in
                lazyProgram.steps.withUnsafeBufferPointer { steps in
                    lazyProgram.terms.withUnsafeBufferPointer { terms in
                        Tableau.evaluate(steps, terms, rows: rows, into: values)
                    }
                }
            }
        }
    }

    /// The loop of ``refreshLazyValues()`` over raw buffers: for each step, its row's constant
    /// plus its terms, in the refs' order, written to its basic symbol's value.
    private static func evaluate(_ steps: UnsafeBufferPointer<LazyProgram.Step>,
                                 _ terms: UnsafeBufferPointer<LazyProgram.Term>,
                                 rows: UnsafeBufferPointer<Row?>,
                                 into values: UnsafeMutableBufferPointer<Double>) {
        var t = 0
        for step in steps {
            var value = rows[Int(step.slot)].unsafelyUnwrapped.constant
            let end = Int(step.termsEnd)
            while t < end {
                let term = terms[t]
                let index = Int(term.index)
                value += term.coefficient * (term.isLazy ? values[index] : rows[index].unsafelyUnwrapped.constant)
                t &+= 1
            }
            values[Int(step.basicIndex)] = value
        }
    }

    // MARK: - The program

    /// Appends the step of a lazy row that was just added in `slot`, unless the program is
    /// stale (the rebuild will include the row).
    func appendLazyStep(slot: Int32, row: Row, basic: Symbol) {
        guard !lazyProgram.isStale else { return }
        for ref in row.refs {
            let target = slotOfSymbol[ref.symbol.index]
            let isLazy = lazySlots[Int(target)]
            lazyProgram.terms.append(LazyProgram.Term(coefficient: ref.coefficient,
                                                      index: isLazy ? ref.symbol.id : target, isLazy: isLazy))
        }
        lazyProgram.steps.append(LazyProgram.Step(slot: slot, basicIndex: basic.id,
                                                  termsEnd: Int32(lazyProgram.terms.count)))
    }

    /// Rebuilds ``lazyProgram`` from the lazy rows in the tableau, oldest first.
    ///
    /// - Complexity: O(*r* log *r* + refs) for *r* lazy rows; runs on the first read after a
    ///   removal, not after additions or edits.
    func rebuildLazyProgram() {
        var order: [(sequence: Int, slot: Int32)] = []
        for slot in slots.indices where lazySlots[slot] {
            order.append((slots[slot]!.sequence, Int32(slot)))
        }
        order.sort { $0.sequence < $1.sequence }
        lazyProgram = LazyProgram()
        lazyProgram.steps.reserveCapacity(order.count)
        for (_, slot) in order { appendLazyStep(slot: slot, row: slots[Int(slot)]!, basic: basics[Int(slot)]) }
    }
}

// MARK: - LazyProgram

/// The lazy rows in evaluation order with their refs resolved, in two flat arrays: what
/// ``Tableau/refreshLazyValues()`` walks instead of the rows' own refs.
///
/// A step is appended when a lazy row enters the tableau (its refs name older rows, already
/// in the program or flat). Constants are not copied: they change with every pivot, and the
/// walk reads them from the rows. What a step records can only go out of date when a row of a
/// variable leaves the tableau (its slot may be reused) or refs are rewritten; both mark the
/// program stale, and the next read rebuilds it.
struct LazyProgram {
    /// One lazy row.
    struct Step {
        /// The row's slot.
        let slot: Int32
        /// The id of its basic symbol, where its value goes in ``Tableau/valueCache``.
        let basicIndex: Int32
        /// One past the step's last term in ``terms``.
        let termsEnd: Int32
    }

    /// One ref of a lazy row.
    struct Term {
        /// The ref's coefficient.
        let coefficient: Double
        /// For a lazy target, its symbol id (its value is in ``Tableau/valueCache``); for a
        /// flat one, its slot (its value is its row's constant).
        let index: Int32
        /// Whether the target row is lazy.
        let isLazy: Bool
    }

    /// The steps, oldest row first.
    var steps: [Step] = []
    /// The terms of every step, step after step.
    var terms: [Term] = []
    /// Whether the steps no longer describe the tableau.
    var isStale = false
}
