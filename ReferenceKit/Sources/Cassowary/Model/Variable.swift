// MARK: - Variable

/// An unknown of the linear system, such as a view's `minX` or `width`.
///
/// Variables are compared and hashed by identity: two variables with the same name are still
/// different unknowns. A variable holds no value itself; ask the ``Solver`` with
/// ``Solver/value(of:)``.
public final class Variable: Hashable, CustomStringConvertible {
    /// The name used in descriptions, certificates and the tableau dump. It need not be unique.
    public let name: String

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
