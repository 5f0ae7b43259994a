import XCTest
@testable import Cassowary

/// Small versions of the benchmark's Auto Layout workloads, run with invariant checks on.
final class LayoutWorkloadTests: XCTestCase {
    /// Four variables per view.
    private struct View {
        let left: Variable, top: Variable, width: Variable, height: Variable

        init(_ name: String) {
            (left, top, width, height) = (Variable(name + ".left"), Variable(name + ".top"),
                                          Variable(name + ".width"), Variable(name + ".height"))
        }

        var right: Expression { left + width }
        var bottom: Expression { top + height }
    }

    /// A k × k grid with equal widths per row and heights per column, pins first.
    private func grid(_ k: Int) -> (View, [Constraint], probe: Constraint, conflict: Constraint) {
        let sv = View("sv")
        let g = (0..<k).map { r in (0..<k).map { c in View("v\(r)_\(c)") } }
        var cs = [eq(e(sv.left), c(0)), eq(e(sv.top), c(0))]
        cs += (0..<k).map { r in eq(sv.right, g[r][k - 1].right + 8) }
        cs += (0..<k).map { col in eq(sv.bottom, g[k - 1][col].bottom + 8) }
        var probe: Constraint?
        for r in 0..<k {
            for col in 0..<k {
                let v = g[r][col]
                if col == 0 {
                    cs.append(eq(e(v.left), sv.left + 8))
                } else {
                    cs.append(eq(e(v.left), g[r][col - 1].right + 8))
                    if r == k / 2 && col == k / 2 { probe = cs.last }
                    cs.append(eq(e(v.width), e(g[r][col - 1].width)))
                }
                if r == 0 {
                    cs.append(eq(e(v.top), sv.top + 8))
                } else {
                    cs.append(eq(e(v.top), g[r - 1][col].bottom + 8))
                    cs.append(eq(e(v.height), e(g[r - 1][col].height)))
                }
                cs += [ge(e(v.width), c(20), 750), ge(e(v.height), c(20), 750),
                       le(e(v.width), c(20), 250), le(e(v.height), c(20), 250)]
            }
        }
        return (sv, cs, probe!, eq(e(g[0][0].left), c(1000)))
    }

    func test_grid_buildResizeReaddConflict_keepsInvariants() throws {
        let k = 5
        let (sv, constraints, probe, conflict) = grid(k)
        let solver = Solver()
        let nominal = Double(28 * k + 8)
        try solver.addEditVariable(sv.width, strength: .edit)
        try solver.addEditVariable(sv.height, strength: .edit)
        try solver.suggestValue(nominal, for: sv.width)
        try solver.suggestValue(nominal, for: sv.height)
        for constraint in constraints { try solver.addConstraint(constraint) }
        assertValue(solver, sv.width, nominal)
        assertValue(solver, sv.height, nominal)
        for i in 1...8 {
            try solver.suggestValue(nominal + Double(13 * i), for: sv.width)
            try solver.suggestValue(nominal + Double(7 * (i % 5)), for: sv.height)
            assertValue(solver, sv.width, nominal + Double(13 * i))
        }
        let before = solver.value(of: sv.width)
        try solver.removeConstraint(probe)
        try solver.addConstraint(probe)
        assertValue(solver, sv.width, before)
        let certificate = assertUnsatisfiable { try solver.addConstraint(conflict) }
        assertValidCertificate(certificate, includes: [conflict])
        for constraint in constraints where constraint.strength.isRequired {
            XCTAssertTrue(constraint.isSatisfied(tolerance: 1e-6) { solver.value(of: $0) }, "\(constraint)")
        }
    }

    func test_grid_removeAndReaddEveryConstraint_restoresTheLayout() throws {
        let (sv, constraints, _, _) = grid(3)
        let solver = Solver()
        try solver.addEditVariable(sv.width, strength: .edit)
        try solver.suggestValue(92, for: sv.width)
        for constraint in constraints { try solver.addConstraint(constraint) }
        let variables = constraints.flatMap { $0.expression.terms.map(\.variable) }
        let before = variables.map { solver.value(of: $0) }
        for constraint in constraints {
            try solver.removeConstraint(constraint)
            for other in constraints where other !== constraint && other.strength.isRequired {
                XCTAssertTrue(other.isSatisfied(tolerance: 1e-6) { solver.value(of: $0) }, "without \(constraint)")
            }
            try solver.addConstraint(constraint)
            let after = variables.map { solver.value(of: $0) }
            for (a, b) in zip(before, after) { XCTAssertEqual(a, b, accuracy: 1e-6, "re-adding \(constraint)") }
        }
    }

    func test_chain_hugsAndResistsPerTier() throws {
        let n = 12
        let sv = View("sv")
        let views = (0..<n).map { View("v\($0)") }
        let solver = Solver()
        try solver.addEditVariable(sv.width, strength: .edit)
        try solver.suggestValue(Double(48 * n + 8) - 24, for: sv.width)
        try solver.addConstraint(eq(e(sv.left), c(0)))
        try solver.addConstraint(eq(sv.right, views[n - 1].right + 8))
        for (i, v) in views.enumerated() {
            try solver.addConstraint(eq(e(v.left), i == 0 ? sv.left + 8 : views[i - 1].right + 8))
            try solver.addConstraint(le(e(v.width), c(40), 250))
            try solver.addConstraint(ge(e(v.width), c(40), 750))
        }
        // 24 points too few: compression resistance (750) gives way only as the edit (999.5)
        // demands, 24 points in total.
        let shortfall = views.reduce(0) { $0 + max(0, 40 - solver.value(of: $1.width)) }
        XCTAssertEqual(shortfall, 24, accuracy: 1e-9)
        XCTAssertFalse(solver.isAmbiguous(sv.width))
    }
}
