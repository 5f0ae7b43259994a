import XCTest
@testable import Cassowary

/// Removing every kind of constraint, with its marker basic or not.
final class RemoveConstraintTests: XCTestCase {
    func test_removeConstraint_requiredEquality_freesTheVariable() throws {
        let solver = Solver()
        let x = Variable("x")
        let pin = eq(e(x), c(10))
        try solver.addConstraint(eq(e(x), c(3), 250))
        try solver.addConstraint(pin)
        assertValue(solver, x, 10)
        try solver.removeConstraint(pin)
        assertValue(solver, x, 3)
    }

    func test_removeConstraint_requiredInequality_restoresPreference() throws {
        let solver = Solver()
        let x = Variable("x")
        let floor = ge(e(x), c(50))
        try solver.addConstraint(eq(e(x), c(3), 250))
        try solver.addConstraint(floor)
        assertValue(solver, x, 50)
        try solver.removeConstraint(floor)
        assertValue(solver, x, 3)
    }

    func test_removeConstraint_inactiveInequality_changesNothing() throws {
        let solver = Solver()
        let x = Variable("x")
        let loose = le(e(x), c(500))
        try solver.addConstraint(eq(e(x), c(3)))
        try solver.addConstraint(loose)
        try solver.removeConstraint(loose)
        assertValue(solver, x, 3)
    }

    func test_removeConstraint_weightedEquality_letsLowerTierWin() throws {
        let solver = Solver()
        let x = Variable("x")
        let strong = eq(e(x), c(40), 750)
        try solver.addConstraint(eq(e(x), c(20), 250))
        try solver.addConstraint(strong)
        assertValue(solver, x, 40)
        try solver.removeConstraint(strong)
        assertValue(solver, x, 20)
    }

    func test_removeConstraint_weightedInequality_letsLowerTierWin() throws {
        let solver = Solver()
        let x = Variable("x")
        let cap = le(e(x), c(10), 750)
        try solver.addConstraint(eq(e(x), c(20), 250))
        try solver.addConstraint(cap)
        assertValue(solver, x, 10)
        try solver.removeConstraint(cap)
        assertValue(solver, x, 20)
    }

    func test_removeConstraint_chainMiddle_keepsTheRest() throws {
        let solver = Solver()
        let vars = (0..<5).map { Variable("v\($0)") }
        var links: [Constraint] = []
        try solver.addConstraint(eq(e(vars[0]), c(0)))
        for i in 1..<5 {
            links.append(eq(e(vars[i]), vars[i - 1] + 10))
            try solver.addConstraint(links.last!)
            try solver.addConstraint(eq(e(vars[i]), c(0), 100))
        }
        try solver.removeConstraint(links[1])
        // v2, v3 = v2 + 10, v4 = v2 + 20 minimise |v2| + |v3| + |v4|: the median is 0 at v3.
        assertValue(solver, vars[1], 10)
        assertValue(solver, vars[2], -10)
        assertValue(solver, vars[4], 10)
        try solver.addConstraint(links[1])
        assertValue(solver, vars[4], 40)
    }

    func test_removeConstraint_besideRedundantEquality_keepsTheRedundantOneHolding() throws {
        let solver = Solver()
        let (a, b, v) = (Variable("a"), Variable("b"), Variable("v"))
        try solver.addConstraint(eq(e(a), c(-7)))
        try solver.addConstraint(eq(e(b), c(26)))
        try solver.addConstraint(ge(v + b, c(3), 1))
        let link = eq(v - a, c(4))
        try solver.addConstraint(link)
        let redundant = eq(e(v), c(-3))
        try solver.addConstraint(redundant)
        try solver.removeConstraint(link)
        assertValue(solver, v, -3)
        try solver.removeConstraint(redundant)
        assertValue(solver, v, -23)
    }

    func test_removeConstraint_unknown_throws() {
        let solver = Solver()
        let stranger = eq(e(Variable("x")), c(1))
        XCTAssertThrowsError(try solver.removeConstraint(stranger)) { error in
            guard case SolverError.unknownConstraint(let offending) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(offending === stranger)
        }
    }

    func test_removeConstraint_twice_throwsTheSecondTime() throws {
        let solver = Solver()
        let constraint = ge(e(Variable("x")), c(1))
        try solver.addConstraint(constraint)
        try solver.removeConstraint(constraint)
        XCTAssertThrowsError(try solver.removeConstraint(constraint))
    }

    func test_removeConstraint_rejected_throwsUnknown() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(eq(e(x), c(1)))
        let rejected = eq(e(x), c(2))
        XCTAssertThrowsError(try solver.addConstraint(rejected))
        XCTAssertThrowsError(try solver.removeConstraint(rejected))
    }

    func test_removeEverything_inRandomOrders_leavesAnEmptyTableau() throws {
        withEvery("seed", in: 0..<20) { seed in
            var rng = SeededGenerator(seed: UInt64(seed))
            let solver = Solver()
            let vars = (0..<4).map { Variable("v\($0)") }
            var added: [Constraint] = []
            for _ in 0..<12 {
                let v = vars[Int.random(in: 0..<4, using: &rng)]
                let w = vars[Int.random(in: 0..<4, using: &rng)]
                let priority = [250.0, 500, 1000].randomElement(using: &rng)!
                let relation = [Relation.lessThanOrEqual, .equal, .greaterThanOrEqual].randomElement(using: &rng)!
                let constraint = Constraint(v + 2 * w, relation, c(Double.random(in: -9...9, using: &rng).rounded()),
                                            strength: Strength(priority: priority))
                if (try? solver.addConstraint(constraint)) != nil { added.append(constraint) }
            }
            for constraint in added.shuffled(using: &rng) { try solver.removeConstraint(constraint) }
            XCTAssertEqual(solver.tableau.rowCount, 0, "seed \(seed)")
            XCTAssertTrue(solver.tableau.objective.isEmpty, "seed \(seed)")
        }
    }
}
