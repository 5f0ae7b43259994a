import XCTest
@testable import Cassowary

/// Foundation (through XCTest) has its own `Expression`; ours wins in this module.
typealias Expression = Cassowary.Expression

// MARK: - Builders

/// `lhs == rhs`, required unless a priority is given.
func eq(_ lhs: Expression, _ rhs: Expression, _ priority: Double = 1000, _ label: String? = nil) -> Constraint {
    Constraint(lhs, .equal, rhs, strength: Strength(priority: priority), label: label)
}

/// `lhs <= rhs`, required unless a priority is given.
func le(_ lhs: Expression, _ rhs: Expression, _ priority: Double = 1000, _ label: String? = nil) -> Constraint {
    Constraint(lhs, .lessThanOrEqual, rhs, strength: Strength(priority: priority), label: label)
}

/// `lhs >= rhs`, required unless a priority is given.
func ge(_ lhs: Expression, _ rhs: Expression, _ priority: Double = 1000, _ label: String? = nil) -> Constraint {
    Constraint(lhs, .greaterThanOrEqual, rhs, strength: Strength(priority: priority), label: label)
}

/// The expression of a variable.
func e(_ variable: Variable) -> Expression { Expression(variable) }

/// The constant expression `value`.
func c(_ value: Double) -> Expression { Expression(constant: value) }

// MARK: - Assertions

/// Asserts that `body` throws ``SolverError/unsatisfiable(_:_:)`` and returns its certificate.
@discardableResult
func assertUnsatisfiable(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> Certificate? {
    do {
        try body()
        XCTFail("expected unsatisfiable", file: file, line: line)
    } catch SolverError.unsatisfiable(_, let certificate) {
        return certificate
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
    }
    return nil
}

/// Checks a certificate by arithmetic: Σλ·expression cancels in every variable, the constant
/// is positive and equals Σλ·constant, and inequality multipliers have Farkas signs.
func assertValidCertificate(_ certificate: Certificate?, includes expected: [Constraint] = [],
                            file: StaticString = #filePath, line: UInt = #line) {
    guard let certificate else { return XCTFail("no certificate", file: file, line: line) }
    for (variable, coefficient) in certificate.residualCoefficients() {
        XCTAssertEqual(coefficient, 0, accuracy: 1e-7, "variable \(variable) does not cancel", file: file, line: line)
    }
    let constant = certificate.entries.reduce(0) { $0 + $1.multiplier * $1.constraint.expression.constant }
    XCTAssertEqual(constant, certificate.constant, accuracy: 1e-7, file: file, line: line)
    XCTAssertGreaterThan(certificate.constant, 1e-9, file: file, line: line)
    for entry in certificate.entries {
        XCTAssertNotEqual(entry.multiplier, 0, file: file, line: line)
        XCTAssertTrue(entry.constraint.strength.isRequired, file: file, line: line)
        switch entry.constraint.relation {
        case .lessThanOrEqual: XCTAssertGreaterThan(entry.multiplier, 0, file: file, line: line)
        case .greaterThanOrEqual: XCTAssertLessThan(entry.multiplier, 0, file: file, line: line)
        case .equal: break
        }
    }
    for constraint in expected {
        XCTAssertTrue(certificate.constraints.contains(constraint), "missing \(constraint)", file: file, line: line)
    }
}

/// Asserts a solver's value for a variable.
func assertValue(_ solver: Solver, _ variable: Variable, _ expected: Double,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(solver.value(of: variable), expected, accuracy: 1e-7, "\(variable.name)", file: file, line: line)
}

// MARK: - Seeded loops

/// Runs `body` once per seed, naming the seed in every failure it records, as
/// swift-collections' `withEvery` does.
func withEvery<S: Sequence>(_ name: String, in values: S, file: StaticString = #filePath, line: UInt = #line,
                            _ body: (S.Element) throws -> Void) {
    for value in values {
        do {
            try body(value)
        } catch {
            XCTFail("\(name) = \(value): \(error)", file: file, line: line)
        }
    }
}

/// A small deterministic generator (SplitMix64), so seeds reproduce on every platform.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
