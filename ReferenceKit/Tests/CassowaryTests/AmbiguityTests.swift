import XCTest
@testable import Cassowary

/// isAmbiguous: another value at equal cost.
final class AmbiguityTests: XCTestCase {
    func test_isAmbiguous_unknownVariable_isTrue() {
        XCTAssertTrue(Solver().isAmbiguous(Variable("free")))
    }

    func test_isAmbiguous_determinedVariable_isFalse() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint(eq(e(x), c(4)))
        try solver.addConstraint(eq(e(y), x * 2))
        XCTAssertFalse(solver.isAmbiguous(x))
        XCTAssertFalse(solver.isAmbiguous(y))
    }

    func test_isAmbiguous_underconstrainedSum_isTrue() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint(eq(x + y, c(10)))
        XCTAssertTrue(solver.isAmbiguous(x))
        XCTAssertTrue(solver.isAmbiguous(y))
        try solver.addConstraint(eq(e(x), c(3), 250))
        XCTAssertFalse(solver.isAmbiguous(x))
        XCTAssertFalse(solver.isAmbiguous(y))
    }

    func test_isAmbiguous_oneSidedBound_isTrue() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(ge(e(x), c(0)))
        XCTAssertTrue(solver.isAmbiguous(x))
        try solver.addConstraint(le(e(x), c(0)))
        XCTAssertFalse(solver.isAmbiguous(x))
    }

    func test_isAmbiguous_alternativeOptimum_isTrue() throws {
        // Any x in [2, 8] costs 6 in the 500 tier.
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint(eq(x + y, c(10)))
        try solver.addConstraint(le(e(x), c(2), 500))
        try solver.addConstraint(le(e(y), c(2), 500))
        XCTAssertTrue(solver.isAmbiguous(x))
        XCTAssertTrue(solver.isAmbiguous(y))
        try solver.addConstraint(eq(e(x), c(5), 1))
        XCTAssertFalse(solver.isAmbiguous(x))
        assertValue(solver, x, 5)
    }

    func test_isAmbiguous_viewWithoutHeight_isTrueOnlyForHeight() throws {
        let solver = Solver()
        let top = Variable("top")
        let height = Variable("height")
        let bottom = Variable("bottom")
        try solver.addConstraint(eq(e(top), c(20)))
        try solver.addConstraint(eq(e(bottom), top + height))
        try solver.addConstraint(ge(e(height), c(0)))
        XCTAssertFalse(solver.isAmbiguous(top))
        XCTAssertTrue(solver.isAmbiguous(height))
        XCTAssertTrue(solver.isAmbiguous(bottom))
    }
}
