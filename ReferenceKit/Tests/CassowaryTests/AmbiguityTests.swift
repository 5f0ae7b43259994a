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

    // MARK: - The memo of free symbols

    func test_isAmbiguous_fullyDeterminedChain_isFalseEverywhereWithoutFreeSymbols() throws {
        // Each link refers to the previous one, so the rows are lazy.
        let solver = Solver()
        let links = (0..<50).map { Variable("x\($0)") }
        try solver.addConstraint(eq(e(links[0]), c(1)))
        for (previous, next) in zip(links, links.dropFirst()) {
            try solver.addConstraint(eq(e(next), previous + 2))
            try solver.addConstraint(ge(e(next), c(0)))
        }
        for link in links { XCTAssertFalse(solver.isAmbiguous(link), link.name) }
        XCTAssertEqual(solver.tableau.freedom.freeCount, 0)
    }

    func test_isAmbiguous_afterRemovingAConstraint_answersForTheNewBasis() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let pin = eq(e(x), c(3))
        try solver.addConstraint(eq(e(y), x + 1))
        try solver.addConstraint(pin)
        XCTAssertFalse(solver.isAmbiguous(x))
        XCTAssertFalse(solver.isAmbiguous(y))
        try solver.removeConstraint(pin)
        XCTAssertTrue(solver.isAmbiguous(x))
        XCTAssertTrue(solver.isAmbiguous(y))
        try solver.addConstraint(pin)
        XCTAssertFalse(solver.isAmbiguous(x))
        XCTAssertFalse(solver.isAmbiguous(y))
    }

    func test_isAmbiguous_markersOfRemovedConstraints_doNotCountAsFree() throws {
        // A removed constraint leaves its marker behind, non-basic and in no row; it must not
        // turn off the answer-at-once path of a determined layout.
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(eq(e(x), c(3)))
        for priority in [1000.0, 750, 250] {
            let bound = le(e(x), c(10), priority)
            try solver.addConstraint(bound)
            try solver.removeConstraint(bound)
        }
        XCTAssertFalse(solver.isAmbiguous(x))
        XCTAssertEqual(solver.tableau.freedom.freeCount, 0)
    }

    func test_isAmbiguous_afterAddingAndRemovingAnEditVariable_followsTheEdit() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, strength: .edit)
        XCTAssertFalse(solver.isAmbiguous(x))
        try solver.removeEditVariable(x)
        XCTAssertTrue(solver.isAmbiguous(x))
    }

    func test_isAmbiguous_afterSuggestValue_findsTheVariableThatBecameFree() throws {
        // y is squeezed between 0 and x: with x at 0 the vertex is degenerate (blocked), with
        // x at 10 y can slide.
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addEditVariable(x, strength: .edit)
        try solver.addConstraint(le(e(y), e(x)))
        try solver.addConstraint(ge(e(y), c(0)))
        XCTAssertFalse(solver.isAmbiguous(y))
        try solver.suggestValue(10, for: x)
        XCTAssertTrue(solver.isAmbiguous(y))
        XCTAssertEqual(solver.isAmbiguous(y), solver.isAmbiguousByDefinition(y))
        try solver.suggestValue(0, for: x)
        XCTAssertFalse(solver.isAmbiguous(y))
        XCTAssertFalse(solver.isAmbiguous(x))
        // A room within the tolerance is no room.
        try solver.suggestValue(1e-9, for: x)
        XCTAssertFalse(solver.isAmbiguous(y))
        XCTAssertEqual(solver.isAmbiguous(y), solver.isAmbiguousByDefinition(y))
    }

    func test_isAmbiguous_freeSymbolThatCancelsInTheFlattenedRow_isNotAmbiguous() throws {
        // z's lazy row reaches the free x through y, but z = y - x does not depend on it.
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        try solver.addConstraint(eq(e(y), x + 5))
        try solver.addConstraint(eq(e(z), y - x))
        XCTAssertTrue(solver.isAmbiguous(x))
        XCTAssertTrue(solver.isAmbiguous(y))
        XCTAssertFalse(solver.isAmbiguous(z))
        assertValue(solver, z, 5)
    }

    func test_isAmbiguous_randomSequences_agreesWithTheDefinition() {
        // Queries between mutations, so a stale memo would show; many fresh variables, so most
        // rows are lazy.
        withEvery("seed", in: 0..<40) { seed in
            var rng = SeededGenerator(seed: UInt64(seed))
            let solver = Solver()
            let vars = (0..<16).map { Variable("v\($0)") }
            var live: [Constraint] = []
            try solver.addEditVariable(vars[0], strength: .edit)
            for step in 0..<60 {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<6:
                    let v = vars.randomElement(using: &rng)!
                    let w = vars.randomElement(using: &rng)!
                    let relation = [Relation.lessThanOrEqual, .equal, .greaterThanOrEqual].randomElement(using: &rng)!
                    let priority = [1.0, 250, 1000, 1000].randomElement(using: &rng)!
                    let constraint = Constraint(v - w * Double(Int.random(in: -2...2, using: &rng)), relation,
                                                c(Double(Int.random(in: -20...20, using: &rng))),
                                                strength: Strength(priority: priority))
                    if (try? solver.addConstraint(constraint)) != nil { live.append(constraint) }
                case 6..<8 where !live.isEmpty:
                    try solver.removeConstraint(live.remove(at: Int.random(in: 0..<live.count, using: &rng)))
                default:
                    try solver.suggestValue(Double(Int.random(in: -20...20, using: &rng)), for: vars[0])
                }
                for variable in vars {
                    XCTAssertEqual(solver.isAmbiguous(variable), solver.isAmbiguousByDefinition(variable),
                                   "seed \(seed) step \(step) \(variable.name)")
                }
            }
        }
    }
}
