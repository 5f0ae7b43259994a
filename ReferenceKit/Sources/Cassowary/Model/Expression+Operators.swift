// Linear arithmetic on variables, expressions and scalars. Every operator returns an
// `Expression`; products of two non-constant operands do not exist on purpose.

// MARK: - Scaling

extension Expression {
    /// The expression multiplied by a scalar.
    ///
    /// - Parameter factor: The scalar.
    /// - Returns: Every coefficient and the constant multiplied by `factor`.
    func scaled(by factor: Double) -> Expression {
        Expression(terms: terms.map { Term(variable: $0.variable, coefficient: $0.coefficient * factor) },
                   constant: constant * factor)
    }

    /// The sum of two expressions: the terms of both, in order, and the sum of the constants.
    func adding(_ other: Expression) -> Expression {
        Expression(terms: terms + other.terms, constant: constant + other.constant)
    }
}

// MARK: - Expression with Expression

/// The sum of two expressions.
public func + (lhs: Expression, rhs: Expression) -> Expression { lhs.adding(rhs) }
/// The difference of two expressions.
public func - (lhs: Expression, rhs: Expression) -> Expression { lhs.adding(rhs.scaled(by: -1)) }
/// The negated expression.
public prefix func - (operand: Expression) -> Expression { operand.scaled(by: -1) }
/// The expression multiplied by a scalar.
public func * (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: rhs) }
/// The expression multiplied by a scalar.
public func * (lhs: Double, rhs: Expression) -> Expression { rhs.scaled(by: lhs) }
/// The expression divided by a scalar.
public func / (lhs: Expression, rhs: Double) -> Expression { lhs.scaled(by: 1 / rhs) }

// MARK: - Expression with Variable

/// The expression plus a variable.
public func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }
/// A variable plus an expression.
public func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }
/// The expression minus a variable.
public func - (lhs: Expression, rhs: Variable) -> Expression { lhs - Expression(rhs) }
/// A variable minus an expression.
public func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) - rhs }

// MARK: - Expression with Double

/// The expression plus a constant.
public func + (lhs: Expression, rhs: Double) -> Expression { lhs + Expression(constant: rhs) }
/// A constant plus an expression.
public func + (lhs: Double, rhs: Expression) -> Expression { Expression(constant: lhs) + rhs }
/// The expression minus a constant.
public func - (lhs: Expression, rhs: Double) -> Expression { lhs + Expression(constant: -rhs) }
/// A constant minus an expression.
public func - (lhs: Double, rhs: Expression) -> Expression { Expression(constant: lhs) - rhs }

// MARK: - Variable with Variable

/// The sum of two variables.
public func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }
/// The difference of two variables.
public func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }
/// The negated variable, `-1·variable`.
public prefix func - (operand: Variable) -> Expression { Expression(operand).scaled(by: -1) }

// MARK: - Variable with Double

/// The variable multiplied by a scalar.
public func * (lhs: Variable, rhs: Double) -> Expression { Expression(lhs).scaled(by: rhs) }
/// The variable multiplied by a scalar.
public func * (lhs: Double, rhs: Variable) -> Expression { Expression(rhs).scaled(by: lhs) }
/// The variable divided by a scalar.
public func / (lhs: Variable, rhs: Double) -> Expression { Expression(lhs).scaled(by: 1 / rhs) }
/// The variable plus a constant.
public func + (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + Expression(constant: rhs) }
/// A constant plus a variable.
public func + (lhs: Double, rhs: Variable) -> Expression { Expression(constant: lhs) + Expression(rhs) }
/// The variable minus a constant.
public func - (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + Expression(constant: -rhs) }
/// A constant minus a variable.
public func - (lhs: Double, rhs: Variable) -> Expression { Expression(constant: lhs) - Expression(rhs) }
