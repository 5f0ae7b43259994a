// MARK: - Solver

/// An incremental Cassowary solver for linear constraints with tiered strengths.
///
/// The solver keeps an optimal, feasible solution after every change: required constraints all
/// hold, and the errors of the non-required ones are minimised tier by tier (see ``Strength``).
/// It is a simplex tableau in the style of Kiwi: every constraint becomes a row with a *marker*
/// symbol that tracks it, edits and removals are incremental, and symbols are walked in creation
/// order so that results are reproducible from run to run.
///
/// ```swift
/// let solver = Solver()
/// let x = Variable("x")
/// try solver.addConstraint(Constraint(Expression(x), .greaterThanOrEqual, Expression(constant: 10)))
/// solver.value(of: x)   // 10
/// ```
///
/// Rejected additions are transactional: the solver is left as it was.
public final class Solver {
    // The storage every addition, suggestion or read touches is `@exclusivity(unchecked)`,
    // like the tableau's (see ``Tableau``): the runtime checks cost a sizeable part of adding
    // a small constraint, and the solver is single-threaded and never passes this storage
    // `inout` while touching it elsewhere.

    /// The tableau the solver works on.
    @exclusivity(unchecked) var tableau = Tableau()
    /// The tableau bookkeeping of each constraint, edit constraints included.
    @exclusivity(unchecked) var tags: [Constraint: Tag] = [:]
    /// Constraints in insertion order, with holes where constraints were removed.
    @exclusivity(unchecked) var order: [Constraint?] = []
    /// Number of holes in ``order``.
    var holes = 0
    /// The symbol of each variable the solver has seen, once a variable's own cache could not
    /// say (see ``knownSymbol(of:)``); `nil` until then. Building it on demand keeps hashing
    /// out of every constraint's addition in the common case of one solver per variable.
    var symbolIndex: [Variable: Symbol]?
    /// The variable of each external symbol, by symbol id (`nil` for other kinds).
    @exclusivity(unchecked) var variableOfSymbol: [Variable?] = []
    /// The constraint that owns each marker symbol, by symbol id.
    @exclusivity(unchecked) var markerOwner: [Constraint?] = []
    /// The edit variables.
    @exclusivity(unchecked) var edits: [Variable: Edit] = [:]
    /// This solver generation's identity, for the variables' symbol caches.
    @exclusivity(unchecked) var token = SolverToken()

    /// The most pivots one optimisation may take before ``SolverError/iterationLimit(_:)``
    /// is thrown; one million by default.
    public var maxIterations: Int {
        get { tableau.maxIterations }
        set { tableau.maxIterations = newValue }
    }

    /// Whether every mutation ends with ``checkInvariants()``. On by default in debug builds
    /// (so in tests), off in release builds.
    public var checksInvariants: Bool

    /// Creates an empty solver.
    public init() {
        #if DEBUG
        checksInvariants = true
        #else
        checksInvariants = false
        #endif
    }

    // MARK: - Queries

    /// The constraints added with ``addConstraint(_:)`` and not removed, in insertion order.
    /// Edit variables' internal constraints are not listed.
    public var constraints: [Constraint] {
        order.compactMap { $0 }
    }

    /// Whether the solver has `constraint`.
    ///
    /// - Parameter constraint: The constraint to look for.
    /// - Returns: `true` after a successful ``addConstraint(_:)`` and before its removal.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        tags[constraint].map { !$0.isEdit } ?? false
    }

    /// Whether `variable` is an edit variable.
    ///
    /// - Parameter variable: The variable to look for.
    /// - Returns: `true` between ``addEditVariable(_:strength:)`` and ``removeEditVariable(_:)``.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[variable] != nil
    }

    /// The value of `variable` in the current optimal solution.
    ///
    /// - Parameter variable: Any variable.
    /// - Returns: Its value; 0 for a variable the solver has never seen or that is non-basic.
    /// - Complexity: O(1) for most variables; following a chain of lazy rows the first time
    ///   after a change, amortised over the variables of the chain.
    public func value(of variable: Variable) -> Double {
        // The common cases in a few loads and no call: the value the variable kept from the
        // last read, if nothing moved since; else its row's constant or its lazy row's
        // current cached value. Everything else is out of line, so this path saves no
        // registers.
        let generation = tableau.generation
        if variable.cacheOwner === token {
            if variable.cachedGeneration == generation { return variable.cachedValue }
            if let value = tableau.currentValue(of: variable.cachedSymbol) {
                variable.cachedValue = value
                variable.cachedGeneration = generation
                return value
            }
        }
        return valueOutOfLine(of: variable)
    }

    /// ``value(of:)`` when the variable's symbol is not cached or a lazy value is stale.
    @inline(never)
    private func valueOutOfLine(of variable: Variable) -> Double {
        guard let symbol = knownSymbol(of: variable) else { return 0 }
        let value = tableau.value(of: symbol)
        variable.cachedValue = value
        variable.cachedGeneration = tableau.generation
        return value
    }

    /// Removes every constraint and edit variable.
    public func reset() {
        let limit = tableau.maxIterations
        tableau = Tableau()
        tableau.maxIterations = limit
        tags = [:]
        order = []
        holes = 0
        symbolIndex = nil
        variableOfSymbol = []
        markerOwner = []
        edits = [:]
        token = SolverToken()
    }

    // MARK: - Helpers

    /// The symbol of `variable` if the solver has seen it, through the variable's cache.
    ///
    /// A variable whose cache names no solver was never seen by any; one whose cache names
    /// another solver may still be ours, and only then is ``symbolIndex`` needed.
    @inline(__always)
    func knownSymbol(of variable: Variable) -> Symbol? {
        if variable.cacheOwner === token { return variable.cachedSymbol }
        if variable.cacheOwner == nil { return nil }
        return indexedSymbol(of: variable)
    }

    /// ``knownSymbol(of:)`` through ``symbolIndex``, built from ``variableOfSymbol`` the first
    /// time; points the variable's cache back at this solver.
    @inline(never)
    func indexedSymbol(of variable: Variable) -> Symbol? {
        if symbolIndex == nil {
            var index: [Variable: Symbol] = [:]
            for (id, known) in variableOfSymbol.enumerated() {
                if let known { index[known] = Symbol(id: Int32(id), kind: .external) }
            }
            symbolIndex = index
        }
        guard let symbol = symbolIndex![variable] else { return nil }
        adopt(variable, symbol)
        return symbol
    }

    /// The symbol of `variable`, created on first use.
    func symbol(for variable: Variable) -> Symbol {
        if let known = knownSymbol(of: variable) { return known }
        let symbol = tableau.makeSymbol(.external)
        symbolIndex?[variable] = symbol
        growPerSymbolArrays()
        variableOfSymbol[symbol.index] = variable
        adopt(variable, symbol)
        return symbol
    }

    /// Gives ``variableOfSymbol`` and ``markerOwner`` an entry for every symbol made so far.
    func growPerSymbolArrays() {
        while variableOfSymbol.count < tableau.symbolCount {
            variableOfSymbol.append(nil)
            markerOwner.append(nil)
        }
    }

    /// Points the variable's caches at this solver: its symbol here, and no value yet (the
    /// value it kept came from another solver, whose generation may equal ours).
    private func adopt(_ variable: Variable, _ symbol: Symbol) {
        variable.cacheOwner = token
        variable.cachedSymbol = symbol
        variable.cachedGeneration = 0
    }

    /// Runs ``checkInvariants()`` when ``checksInvariants`` is on.
    func verify() throws {
        if checksInvariants { try checkInvariants() }
    }

    /// Marks cached values and the ambiguity memo stale; every mutating entry point calls it
    /// first.
    func willMutate() {
        tableau.freedom.isCurrent = false
        tableau.invalidateValues()
    }
}

// MARK: - Bookkeeping types

/// What the solver remembers about a constraint in the tableau.
struct Tag {
    /// The symbol that tracks the constraint: its slack, its dummy, or its positive error.
    let marker: Symbol
    /// The second error symbol of a non-required constraint, if any.
    let other: Symbol?
    /// The coefficient of ``marker`` in the constraint's row `expression + … = 0`: +1 for `<=`
    /// and required `==`, -1 for `>=` and for the positive error of a non-required `==`.
    let markerCoefficient: Double
    /// The position in ``Solver/order``, or -1 for an edit constraint.
    var position: Int
    /// Whether the constraint belongs to an edit variable.
    var isEdit: Bool { position < 0 }
}

/// What the solver remembers about an edit variable.
struct Edit {
    /// The internal constraint `variable == constant`.
    let constraint: Constraint
    /// The suggested value.
    var constant: Double
    /// The error symbols of ``constraint``'s row, `variable - plus + minus = constant` (its
    /// tag's marker and other symbol), kept here so that a suggestion looks up one dictionary.
    let plus: Symbol
    let minus: Symbol
}
