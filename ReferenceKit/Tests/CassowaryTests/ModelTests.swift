import XCTest
@testable import Cassowary

/// Expressions, operators, strengths and constraint construction.
final class ModelTests: XCTestCase {
    func test_operators_buildLinearExpressions() {
        let x = Variable("x")
        let y = Variable("y")
        let sum = 2 * x + y * 3 - 4 + (x - y) / 2 - (-x)
        let reduced = sum.reduced
        XCTAssertEqual(reduced.terms.map(\.variable), [x, y])
        XCTAssertEqual(reduced.terms.map(\.coefficient), [3.5, 2.5])
        XCTAssertEqual(reduced.constant, -4)
        XCTAssertEqual((10 - x + 1.5).evaluated { _ in 2 }, 9.5)
    }

    func test_reduced_dropsCancellingTerms() {
        let x = Variable("x")
        let y = Variable("y")
        let reduced = (x + y - x).reduced
        XCTAssertEqual(reduced.terms.map(\.variable), [y])
    }

    func test_constraint_expressionIsLhsMinusRhs() {
        let x = Variable("x")
        let constraint = Constraint(Expression(x) * 2, .lessThanOrEqual, x + 10, label: "c")
        XCTAssertEqual(constraint.expression.terms.map(\.coefficient), [1])
        XCTAssertEqual(constraint.expression.constant, -10)
        XCTAssertTrue(constraint.strength.isRequired)
        XCTAssertEqual(constraint.label, "c")
        XCTAssertTrue(constraint.isSatisfied { _ in 10 })
        XCTAssertFalse(constraint.isSatisfied { _ in 11 })
        XCTAssertTrue(constraint.description.hasPrefix("c: "))
    }

    func test_constraintsAndVariables_areIdentityHashed() {
        let a = Constraint(Expression(constant: 1), .equal)
        let b = Constraint(Expression(constant: 1), .equal)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(Set([a, b, a]).count, 2)
        XCTAssertNotEqual(Variable("x"), Variable("x"))
    }

    func test_strength_clampsAndOrders() {
        XCTAssertEqual(Strength(priority: 5000).priority, 1000)
        XCTAssertEqual(Strength(priority: -3).priority, 1)
        XCTAssertEqual(Strength(priority: .nan).priority, 1)
        XCTAssertTrue(Strength.required.isRequired)
        XCTAssertFalse(Strength.edit.isRequired)
        XCTAssertLessThan(Strength(priority: 999), Strength.edit)
        XCTAssertLessThan(Strength.edit, Strength.required)
        XCTAssertEqual(Strength(priority: 250).description, "250")
        XCTAssertEqual(Strength.required.description, "required")
        var strength = Strength(priority: 10)
        strength.priority = 2000
        XCTAssertEqual(strength.priority, 1000)
    }

    func test_solverError_descriptionsNameTheValue() {
        let x = Variable("width")
        XCTAssertTrue(SolverError.unknownEditVariable(x).description.contains("width"))
        XCTAssertTrue(SolverError.iterationLimit(7).description.contains("7"))
        XCTAssertTrue(SolverError.internalInconsistency("boom").description.contains("boom"))
    }
}
