import XCTest
@testable import Cassowary

/// Tiered strengths: a higher tier wins over any number of lower ones.
final class StrengthTierTests: XCTestCase {
    func test_higherTier_beatsManyLowerConstraints() throws {
        let solver = Solver()
        let x = Variable("x")
        for _ in 0..<50 { try solver.addConstraint(eq(e(x), c(0), 750)) }
        try solver.addConstraint(eq(e(x), c(100), 751))
        assertValue(solver, x, 100)
    }

    func test_fractionalPriority_isItsOwnTier() throws {
        let solver = Solver()
        let x = Variable("x")
        for _ in 0..<10 { try solver.addConstraint(eq(e(x), c(0), 750)) }
        try solver.addConstraint(eq(e(x), c(7), 750.5))
        assertValue(solver, x, 7)
    }

    func test_sameTier_addsErrorsWithWeightOne() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(eq(e(x), c(0), 500))
        try solver.addConstraint(eq(e(x), c(10), 500))
        try solver.addConstraint(eq(e(x), c(10), 500))
        assertValue(solver, x, 10)
    }

    func test_lowerTier_breaksTiesOfHigherTier() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(ge(e(x), c(10), 750))
        try solver.addConstraint(le(e(x), c(20), 750))
        try solver.addConstraint(eq(e(x), c(15), 250))
        assertValue(solver, x, 15)
        try solver.addConstraint(eq(e(x), c(100), 300))
        assertValue(solver, x, 20)
    }

    func test_requiredConstraint_neverTraded() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addConstraint(le(e(x), c(5)))
        for _ in 0..<20 { try solver.addConstraint(eq(e(x), c(1000), 999)) }
        assertValue(solver, x, 5)
    }

    func test_compressionResistanceOverHugging_asAutoLayout() throws {
        // A label wants 80 points; hugging (250) and compression resistance (750) fight
        // a required container of 60.
        let solver = Solver()
        let width = Variable("label.width")
        try solver.addConstraint(le(e(width), c(80), 250))
        try solver.addConstraint(ge(e(width), c(80), 750))
        try solver.addConstraint(le(e(width), c(60)))
        assertValue(solver, width, 60)
    }
}
