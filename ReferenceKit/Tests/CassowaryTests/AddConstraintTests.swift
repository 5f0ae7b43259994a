import XCTest
@testable import Cassowary

/// Adding constraints: values, bookkeeping and errors.
final class AddConstraintTests: XCTestCase {
    func test_addConstraint_equalitiesDetermineValues() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint(eq(x + y, c(10)))
        try solver.addConstraint(eq(x - y, c(4)))
        assertValue(solver, x, 7)
        assertValue(solver, y, 3)
        XCTAssertFalse(solver.isAmbiguous(x))
    }

    func test_addConstraint_inequalitiesHoldAtTheirBounds() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(ge(e(x), c(10)))
        try solver.addConstraint(le(e(x), c(20)))
        try solver.addConstraint(eq(e(x), c(100), 500))
        assertValue(solver, x, 20)
        try solver.addConstraint(eq(e(x), c(-100), 750))
        assertValue(solver, x, 10)
    }

    func test_addConstraint_duplicate_throws() throws {
        let solver = Solver()
        let constraint = eq(e(Variable("x")), c(1))
        try solver.addConstraint(constraint)
        XCTAssertThrowsError(try solver.addConstraint(constraint)) { error in
            guard case SolverError.duplicateConstraint(let offending) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(offending === constraint)
        }
    }

    func test_constraints_listsInsertionOrderWithoutRemovedOnes() throws {
        let solver = Solver()
        let x = Variable("x")
        let all = (0..<40).map { ge(e(x), c(Double($0))) }
        for constraint in all { try solver.addConstraint(constraint) }
        for constraint in all where all.firstIndex(of: constraint)! % 3 != 0 {
            try solver.removeConstraint(constraint)
        }
        XCTAssertEqual(solver.constraints, all.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        XCTAssertTrue(solver.hasConstraint(all[0]))
        XCTAssertFalse(solver.hasConstraint(all[1]))
        assertValue(solver, x, 39)
    }

    func test_value_unknownVariable_isZero() {
        XCTAssertEqual(Solver().value(of: Variable("nobody")), 0)
    }

    func test_addConstraint_redundantRequiredEquality_isAccepted() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint(eq(e(x), c(3)))
        try solver.addConstraint(eq(e(y), x + 1))
        let redundant = eq(y - x, c(1))
        try solver.addConstraint(redundant)
        try solver.removeConstraint(redundant)
        assertValue(solver, y, 4)
    }

    func test_addConstraint_rowWithoutSubject_usesArtificialPhase() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint(ge(e(x), c(0)))
        try solver.addConstraint(ge(e(y), c(0)))
        try solver.addConstraint(le(e(x), c(5)))
        try solver.addConstraint(le(e(y), c(5)))
        try solver.addConstraint(eq(x + y, c(8)))
        try solver.addConstraint(ge(x - y, c(2)))
        XCTAssertEqual(solver.value(of: x) + solver.value(of: y), 8, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(solver.value(of: x) - solver.value(of: y), 2 - 1e-9)
        XCTAssertLessThanOrEqual(solver.value(of: x), 5 + 1e-9)
    }

    func test_reset_forgetsEverything() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(eq(e(x), c(3)))
        try solver.addEditVariable(x, strength: .edit)
        solver.reset()
        XCTAssertTrue(solver.constraints.isEmpty)
        XCTAssertFalse(solver.hasEditVariable(x))
        XCTAssertEqual(solver.value(of: x), 0)
        try solver.addConstraint(eq(e(x), c(5)))
        assertValue(solver, x, 5)
    }

    func test_twoSolvers_sameSystem_identicalTableaux() throws {
        func build() throws -> String {
            let solver = Solver()
            let vars = (0..<6).map { Variable("v\($0)") }
            for (i, v) in vars.enumerated() {
                try solver.addConstraint(ge(e(v), c(Double(i))))
                if i > 0 { try solver.addConstraint(eq(e(v), vars[i - 1] + 3, 250 + Double(i))) }
            }
            return solver.debugDescription.replacingOccurrences(of: "0x", with: "")
        }
        XCTAssertEqual(try build(), try build())
    }
}

/// Variables shared between solvers keep a separate symbol in each.
final class SharedVariableTests: XCTestCase {
    func test_variableSharedByTwoSolvers_hasIndependentValues() throws {
        let x = Variable("x")
        let y = Variable("y")
        let first = Solver()
        let second = Solver()
        try second.addConstraint(eq(e(y), c(1)))
        try first.addConstraint(eq(e(x), c(3)))
        try second.addConstraint(eq(e(x), y + 6))
        for _ in 0..<3 {
            assertValue(first, x, 3)
            assertValue(second, x, 7)
        }
        first.reset()
        XCTAssertEqual(first.value(of: x), 0)
        assertValue(second, x, 7)
        try first.addConstraint(eq(e(x), c(-2)))
        assertValue(first, x, -2)
        assertValue(second, x, 7)
    }
}
