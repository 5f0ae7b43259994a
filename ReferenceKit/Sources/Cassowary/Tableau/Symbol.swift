// MARK: - Tolerance

/// The one tolerance of the solver: coefficients and constants whose magnitude is at most this
/// are treated as zero.
let nearZero = 1.0e-8

/// Whether `value` is zero within ``nearZero``.
@inline(__always)
func isNearZero(_ value: Double) -> Bool {
    value < nearZero && value > -nearZero
}

// MARK: - Symbol

/// An unknown of the tableau: a user variable or one the solver introduced.
///
/// A symbol is a tiny value: an id from a per-solver counter that only goes up, and a kind.
/// Rows keep their cells sorted by id, and every loop that picks a symbol walks ids in
/// increasing order, so pivots are the same in every run.
struct Symbol: Hashable, Comparable, CustomStringConvertible {
    /// What a symbol stands for.
    enum Kind: UInt8 {
        /// A user ``Variable``; unrestricted in sign.
        case external
        /// The slack of an inequality; ≥ 0.
        case slack
        /// An error of a non-required constraint; ≥ 0 and in the objective.
        case error
        /// The marker of a required equality; always 0, never enters the basis.
        case dummy
    }

    /// The position of the symbol in creation order, also its index in per-symbol arrays.
    let id: Int32
    /// What the symbol stands for.
    let kind: Kind

    /// The id as an array index.
    @inline(__always) var index: Int { Int(id) }
    /// Whether the symbol is a user variable.
    @inline(__always) var isExternal: Bool { kind == .external }
    /// Whether the symbol is a dummy.
    @inline(__always) var isDummy: Bool { kind == .dummy }
    /// Whether the symbol must stay ≥ 0 and may enter the basis (a slack or an error).
    @inline(__always) var isPivotable: Bool { kind == .slack || kind == .error }
    /// Whether the row of this symbol, when basic, must keep a constant ≥ 0.
    @inline(__always) var isRestricted: Bool { kind != .external }

    /// Orders symbols by creation.
    static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }

    /// `v`, `s`, `e` or `d` for the kind, followed by the id.
    var description: String {
        switch kind {
        case .external: return "v\(id)"
        case .slack: return "s\(id)"
        case .error: return "e\(id)"
        case .dummy: return "d\(id)"
        }
    }
}

// MARK: - Cell

/// One `coefficient · symbol` of a ``Row``.
struct Cell {
    /// The symbol.
    var symbol: Symbol
    /// Its coefficient; never 0.
    var coefficient: Double
}

// MARK: - RowSlot

/// The stable index of a row in the tableau's row storage. A row keeps its slot while it
/// changes basic symbol, so the column index does not need updating on a pivot.
struct RowSlot: Hashable {
    /// The index into the tableau's `slots` array.
    let raw: Int32
    /// The slot as an array index.
    @inline(__always) var index: Int { Int(raw) }
}
