import XCTest
@testable import Cassowary

/// Certificates of rejected constraints, checked by arithmetic.
final class CertificateTests: XCTestCase {
    func test_equalityChainConflict_certificateCoversTheChain() throws {
        let solver = Solver()
        let a = Variable("a")
        let b = Variable("b")
        let z = Variable("c")
        let chain = [eq(e(a), c(0)), eq(e(b), a + 10), eq(e(z), b + 10)]
        for constraint in chain { try solver.addConstraint(constraint) }
        try solver.addConstraint(eq(e(Variable("unrelated")), c(3)))
        let conflict = eq(e(z), c(5))
        let certificate = assertUnsatisfiable { try solver.addConstraint(conflict) }
        assertValidCertificate(certificate, includes: chain + [conflict])
        XCTAssertEqual(certificate?.entries.count, 4)
        XCTAssertTrue(certificate?.entries.last?.constraint === conflict)
    }

    func test_inequalityConflict_isFarkasSigned() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let floorX = ge(e(x), c(10))
        let floorY = ge(e(y), c(10))
        try solver.addConstraint(floorX)
        try solver.addConstraint(floorY)
        try solver.addConstraint(le(e(x), c(1000)))
        let cap = le(x + y, c(15))
        let certificate = assertUnsatisfiable { try solver.addConstraint(cap) }
        assertValidCertificate(certificate, includes: [floorX, floorY, cap])
        XCTAssertEqual(certificate?.constant ?? 0, 5, accuracy: 1e-9)
    }

    func test_mixedConflict_throughWeightedConstraints_listsOnlyRequired() throws {
        let solver = Solver()
        let left = Variable("left")
        let width = Variable("width")
        let right = Variable("right")
        try solver.addConstraint(eq(e(right), left + width))
        try solver.addConstraint(ge(e(width), c(100)))
        try solver.addConstraint(eq(e(width), c(300), 250))
        try solver.addConstraint(eq(e(left), c(20)))
        let conflict = le(e(right), c(50))
        let certificate = assertUnsatisfiable { try solver.addConstraint(conflict) }
        assertValidCertificate(certificate)
        XCTAssertEqual(certificate?.entries.count, 4)
    }

    func test_constantConstraints_falseOnesRejectedTrueOnesAccepted() throws {
        let solver = Solver()
        let equality = Constraint(Expression(constant: 5), .equal)
        assertValidCertificate(assertUnsatisfiable { try solver.addConstraint(equality) }, includes: [equality])
        let inequality = Constraint(Expression(constant: 5), .lessThanOrEqual)
        assertValidCertificate(assertUnsatisfiable { try solver.addConstraint(inequality) }, includes: [inequality])
        let truth = Constraint(Expression(constant: 0), .equal)
        try solver.addConstraint(truth)
        try solver.addConstraint(Constraint(Expression(constant: -1), .lessThanOrEqual))
        try solver.removeConstraint(truth)
        XCTAssertEqual(solver.constraints.count, 1)
    }

    func test_rejection_leavesValuesAndConstraintsUnchanged() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.addConstraint(ge(e(x), c(0)))
        try solver.addConstraint(le(x + y, c(10)))
        try solver.addConstraint(eq(e(y), c(4), 250))
        try solver.addConstraint(eq(e(x), c(3), 250))
        let before = (solver.value(of: x), solver.value(of: y), solver.constraints)
        assertUnsatisfiable { try solver.addConstraint(ge(x + y, c(11))) }
        XCTAssertEqual(solver.value(of: x), before.0, accuracy: 1e-9)
        XCTAssertEqual(solver.value(of: y), before.1, accuracy: 1e-9)
        XCTAssertEqual(solver.constraints, before.2)
        try solver.addConstraint(ge(x + y, c(10)))
        XCTAssertEqual(solver.value(of: x) + solver.value(of: y), 10, accuracy: 1e-9)
    }

    func test_randomConflicts_certificatesCheckByArithmetic() {
        var rejections = 0
        withEvery("seed", in: 0..<150) { seed in
            var rng = SeededGenerator(seed: UInt64(seed))
            let solver = Solver()
            let vars = (0..<4).map { Variable("v\($0)") }
            for _ in 0..<10 {
                var expression = Expression(constant: Double(Int.random(in: -20...20, using: &rng)))
                for v in vars where Bool.random(using: &rng) {
                    expression = expression + [-2.0, -1, 1, 2, 3].randomElement(using: &rng)! * v
                }
                let relation = [Relation.lessThanOrEqual, .equal, .greaterThanOrEqual].randomElement(using: &rng)!
                let constraint = Constraint(expression, relation)
                do {
                    try solver.addConstraint(constraint)
                } catch SolverError.unsatisfiable(let rejected, let certificate) {
                    rejections += 1
                    XCTAssertTrue(rejected === constraint, "seed \(seed)")
                    assertValidCertificate(certificate, includes: [constraint])
                    XCTAssertFalse(solver.hasConstraint(constraint), "seed \(seed)")
                }
            }
        }
        XCTAssertGreaterThan(rejections, 50)
    }
}
