import XCTest
@testable import Cassowary

/// Edit variables and suggestValue.
final class EditVariableTests: XCTestCase {
    func test_suggestValue_movesTheVariableWithinRequiredBounds() throws {
        let solver = Solver()
        let width = Variable("width")
        try solver.addConstraint(ge(e(width), c(100)))
        try solver.addConstraint(le(e(width), c(400)))
        try solver.addEditVariable(width, strength: .edit)
        for (suggested, expected) in [(250.0, 250.0), (50, 100), (900, 400), (300, 300)] {
            try solver.suggestValue(suggested, for: width)
            assertValue(solver, width, expected)
        }
    }

    func test_suggestValue_propagatesThroughEqualities() throws {
        let solver = Solver()
        let superWidth = Variable("sv.width")
        let childWidth = Variable("child.width")
        try solver.addConstraint(eq(e(childWidth), superWidth - 16))
        try solver.addEditVariable(superWidth, strength: .edit)
        try solver.suggestValue(320, for: superWidth)
        assertValue(solver, childWidth, 304)
        try solver.suggestValue(375, for: superWidth)
        assertValue(solver, childWidth, 359)
    }

    func test_editTier_beatsPriority999() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(eq(e(x), c(10), 999))
        try solver.addEditVariable(x, strength: .edit)
        try solver.suggestValue(42, for: x)
        assertValue(solver, x, 42)
    }

    func test_lowPriorityEdit_losesToHigherTier() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(eq(e(x), c(10), 500))
        try solver.addEditVariable(x, strength: Strength(priority: 1))
        try solver.suggestValue(42, for: x)
        assertValue(solver, x, 10)
    }

    func test_removeEditVariable_dropsTheSuggestion() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(eq(e(x), c(10), 250))
        try solver.addEditVariable(x, strength: .edit)
        try solver.suggestValue(42, for: x)
        XCTAssertTrue(solver.hasEditVariable(x))
        try solver.removeEditVariable(x)
        XCTAssertFalse(solver.hasEditVariable(x))
        assertValue(solver, x, 10)
        XCTAssertTrue(solver.constraints.count == 1)
    }

    func test_addEditVariable_duplicate_throws() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, strength: .edit)
        XCTAssertThrowsError(try solver.addEditVariable(x, strength: .edit)) { error in
            guard case SolverError.duplicateEditVariable(let offending) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(offending === x)
        }
    }

    func test_addEditVariable_required_throws() {
        let x = Variable("x")
        XCTAssertThrowsError(try Solver().addEditVariable(x, strength: .required)) { error in
            guard case SolverError.requiredEditVariable(let offending) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(offending === x)
        }
    }

    func test_suggestValue_unknownEditVariable_throws() {
        let x = Variable("x")
        XCTAssertThrowsError(try Solver().suggestValue(1, for: x)) { error in
            guard case SolverError.unknownEditVariable(let offending) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(offending === x)
        }
    }

    func test_removeEditVariable_unknown_throws() {
        XCTAssertThrowsError(try Solver().removeEditVariable(Variable("x"))) { error in
            guard case SolverError.unknownEditVariable = error else { return XCTFail("\(error)") }
        }
    }

    func test_editConstraint_cannotBeRemovedAsAConstraint() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, strength: .edit)
        XCTAssertTrue(solver.constraints.isEmpty)
        let internalConstraint = try XCTUnwrap(solver.edits[x]?.constraint)
        XCTAssertFalse(solver.hasConstraint(internalConstraint))
        XCTAssertThrowsError(try solver.removeConstraint(internalConstraint))
    }

    func test_suggestValue_manySizes_matchesFreshSolves() throws {
        withEvery("size", in: stride(from: 0.0, through: 600, by: 37)) { size in
            let solver = Solver()
            let sv = Variable("sv")
            let a = Variable("a")
            let b = Variable("b")
            try solver.addConstraint(eq(a + b, sv - 8))
            try solver.addConstraint(ge(e(a), c(40), 750))
            try solver.addConstraint(le(e(a), c(40), 250))
            try solver.addConstraint(ge(e(b), c(0)))
            try solver.addEditVariable(sv, strength: .edit)
            try solver.suggestValue(200, for: sv)
            try solver.suggestValue(size, for: sv)
            let expectedA = min(40, max(0, size - 8))
            if size >= 8 {
                assertValue(solver, sv, size)
                assertValue(solver, a, size >= 48 ? 40 : expectedA)
            }
        }
    }
}
