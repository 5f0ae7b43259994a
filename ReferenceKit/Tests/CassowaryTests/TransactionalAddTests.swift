import XCTest
@testable import Cassowary

/// The kiwi#52 sequence and other rejected additions that must leave no residue.
final class TransactionalAddTests: XCTestCase {
    func test_rejectedAdd_leavesNoResidue_kiwi52Sequence() throws {
        let solver = Solver()
        let x = Variable("x")
        let atLeast10 = ge(e(x), c(10))
        let atMost5 = le(e(x), c(5))
        try solver.addConstraint(atLeast10)
        let certificate = assertUnsatisfiable { try solver.addConstraint(atMost5) }
        assertValidCertificate(certificate, includes: [atLeast10, atMost5])
        XCTAssertFalse(solver.hasConstraint(atMost5))
        try solver.removeConstraint(atLeast10)
        try solver.addConstraint(eq(e(x), c(7)))
        assertValue(solver, x, 7)
        XCTAssertEqual(solver.constraints.count, 1)
    }

    func test_rejectedAdd_kiwi52Certificate_hasExactMultipliers() throws {
        let solver = Solver()
        let x = Variable("x")
        let atLeast10 = ge(e(x), c(10))
        let atMost5 = le(e(x), c(5))
        try solver.addConstraint(atLeast10)
        let certificate = try XCTUnwrap(assertUnsatisfiable { try solver.addConstraint(atMost5) })
        XCTAssertEqual(certificate.constraints, [atLeast10, atMost5])
        XCTAssertEqual(certificate.entries[0].multiplier, -1, accuracy: 1e-12)
        XCTAssertEqual(certificate.entries[1].multiplier, 1, accuracy: 1e-12)
        XCTAssertEqual(certificate.constant, 5, accuracy: 1e-12)
    }
}
