// MARK: - Term

/// One product `coefficient · variable` of a linear ``Expression``.
public struct Term {
    /// The variable of the product.
    public var variable: Variable
    /// The factor applied to ``variable``.
    public var coefficient: Double

    /// Creates a term.
    ///
    /// - Parameters:
    ///   - variable: The variable of the product.
    ///   - coefficient: The factor; 1 by default.
    public init(variable: Variable, coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    /// Creates a term from a variable and a coefficient given positionally.
    ///
    /// - Parameters:
    ///   - variable: The variable of the product.
    ///   - coefficient: The factor; 1 by default.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.init(variable: variable, coefficient: coefficient)
    }
}

// MARK: - Expression

/// A linear expression `Σ coefficient·variable + constant`.
///
/// Build expressions with the arithmetic operators on ``Variable``, ``Expression`` and
/// `Double` (`+`, `-`, scalar `*` and `/`, prefix `-`). A variable may appear in several
/// terms; the solver adds them up.
public struct Expression {
    /// The products of the expression, in the order they were written.
    public var terms: [Term]
    /// The constant part of the expression.
    public var constant: Double

    /// Creates an expression from terms and a constant.
    ///
    /// - Parameters:
    ///   - terms: The products; none by default.
    ///   - constant: The constant part; 0 by default.
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Creates the expression `1·variable`.
    ///
    /// - Parameter variable: The single variable of the expression.
    public init(_ variable: Variable) {
        self.init(terms: [Term(variable: variable, coefficient: 1)])
    }

    /// Creates the constant expression `constant`.
    ///
    /// - Parameter constant: The value of the expression.
    public init(constant: Double) {
        self.init(terms: [], constant: constant)
    }

    /// The same expression with the terms of each variable added up, in order of first
    /// appearance, and terms whose coefficients add up to exactly zero dropped.
    ///
    /// - Complexity: O(*n*) for *n* terms.
    public var reduced: Expression {
        var order: [Variable] = []
        var sums: [ObjectIdentifier: Double] = [:]
        for term in terms {
            let key = ObjectIdentifier(term.variable)
            if let sum = sums[key] {
                sums[key] = sum + term.coefficient
            } else {
                sums[key] = term.coefficient
                order.append(term.variable)
            }
        }
        let merged = order.compactMap { variable -> Term? in
            let coefficient = sums[ObjectIdentifier(variable)]!
            return coefficient == 0 ? nil : Term(variable: variable, coefficient: coefficient)
        }
        return Expression(terms: merged, constant: constant)
    }

    /// The expression evaluated with the given values; missing variables count as 0.
    ///
    /// - Parameter value: The value of each variable.
    /// - Returns: `Σ coefficient·value(variable) + constant`.
    public func evaluated(_ value: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * value($1.variable) }
    }
}

extension Expression: CustomStringConvertible {
    /// The expression as text, such as `2 * a + -1 * b + 8`.
    public var description: String {
        var parts = terms.map { term -> String in
            term.coefficient == 1 ? term.variable.description : "\(term.coefficient) * \(term.variable)"
        }
        if constant != 0 || parts.isEmpty {
            parts.append("\(constant)")
        }
        return parts.joined(separator: " + ")
    }
}
