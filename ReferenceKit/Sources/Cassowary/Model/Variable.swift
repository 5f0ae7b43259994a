// MARK: - Variable

/// An unknown of the linear system, such as a view's `minX` or `width`.
///
/// Variables are compared and hashed by identity: two variables with the same name are still
/// different unknowns. A variable holds no value itself; ask the ``Solver`` with
/// ``Solver/value(of:)``.
public final class Variable: Hashable, CustomStringConvertible {
    /// The name used in descriptions, certificates and the tableau dump. It need not be unique.
    public let name: String

    /// The solver that last looked this variable up, and the symbol it gave it: a cache in
    /// front of the solver's dictionary. Like the rest of a variable's use, it expects one
    /// thread at a time.
    @exclusivity(unchecked) var cacheOwner: SolverToken?
    /// The symbol ``cacheOwner`` gave this variable.
    @exclusivity(unchecked) var cachedSymbol = Symbol(id: 0, kind: .external)
    /// The value ``cacheOwner`` last gave this variable, valid while its tableau's generation
    /// is ``cachedGeneration`` (never 0, so a variable that has not been read misses).
    @exclusivity(unchecked) var cachedValue = 0.0
    /// The tableau generation ``cachedValue`` was read in.
    @exclusivity(unchecked) var cachedGeneration: UInt32 = 0

    /// Creates a variable.
    ///
    /// - Parameter name: A name for descriptions; empty by default.
    public init(_ name: String = "") {
        self.name = name
    }

    /// Identity equality: a variable is only equal to itself.
    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs === rhs
    }

    /// Hashes the variable's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// The variable's name, or `v` followed by its address when it has none.
    public var description: String {
        name.isEmpty ? "v\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" : name
    }
}

/// The identity of one solver generation (a ``Solver`` gets a new one on ``Solver/reset()``).
/// Variables hold it strongly, so an identity is never reused while a cache refers to it.
final class SolverToken {}
