@testable import LayoutDebugSupport
import XCTest

/// The linear system, the deletion filter and the certificate, checked
/// independently of the solver that found them.
final class ExplainSystemTests: XCTestCase {
    /// For every corpus log the solver finds infeasible: the subset is
    /// infeasible, every subset without one row is feasible, and the
    /// multipliers cancel every variable exactly and leave an impossible sum.
    func test_everyCorpusContradiction_isIrreducible_withAValidCertificate() throws {
        var contradictions = 0
        for name in try ParsingCorpus.names() {
            let system = LinearSystem(try ParsingCorpus.conflict(name))
            guard case .infeasible = InfeasibleSubset.check(system.rows, Array(system.rows.indices)) else { continue }
            contradictions += 1
            let subset = try XCTUnwrap(InfeasibleSubset.irreducible(system.rows, order: Array(system.rows.indices)), name)
            for dropped in subset {
                guard case .feasible = InfeasibleSubset.check(system.rows, subset.filter { $0 != dropped }) else {
                    return XCTFail("\(name): the subset stays infeasible without row \(dropped)")
                }
            }
            let certificate = try XCTUnwrap(FarkasCertificate(system.rows, subset: subset), name)
            var residual: [Int: Double] = [:]
            var sum = 0.0
            for index in subset {
                let row = system.rows[index], weight = try XCTUnwrap(certificate.multipliers[index])
                for (variable, coefficient) in row.coefficients { residual[variable, default: 0] += weight * coefficient }
                sum += weight * row.constant
                // A `<=` row may only be added, a `>=` row only subtracted.
                if row.relation == .lessThanOrEqual { XCTAssertGreaterThan(weight, 0, name) }
                if row.relation == .greaterThanOrEqual { XCTAssertLessThan(weight, 0, name) }
            }
            for (variable, value) in residual {
                XCTAssertEqual(value, 0, accuracy: 1e-9, "\(name): \(system.variableName(variable)) does not cancel")
            }
            XCTAssertEqual(sum, certificate.constant, accuracy: 1e-9, name)
            XCTAssertLessThan(certificate.constant, -1e-9, name)
        }
        XCTAssertGreaterThanOrEqual(contradictions, 20)
    }

    func test_frameVariables_ofEdgesCentersAndMargins() {
        let view = ObjectReference(className: "UIView", address: 0x1)
        let owner = ObjectReference(className: "UIView", address: 0x2)
        let centered = ConstraintSnapshot(firstItem: view, firstAttribute: .centerX, secondItem: owner,
                                          secondAttribute: .trailingMargin)
        let system = LinearSystem(ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [centered]))
        let row = system.rows[0]
        let names = Dictionary(uniqueKeysWithValues: row.coefficients.map { (system.variableName($0.key), $0.value) })
        XCTAssertEqual(names, ["UIView:0x1.minX": 1, "UIView:0x1.width": 0.5,
                               "UIView:0x2.margins.minX": -1, "UIView:0x2.margins.width": -1])
        // Widths used by the row are at least 0.
        XCTAssertEqual(system.rows.filter { $0.relation == .greaterThanOrEqual && $0.constant == 0 }.count, 2)
    }

    func test_optionalConstraints_areLeftOut_withAReason() {
        let view = ObjectReference(className: "UIView", address: 0x1)
        let optional = ConstraintSnapshot(firstItem: view, firstAttribute: .width, constant: 10, priority: 999)
        let required = ConstraintSnapshot(firstItem: view, firstAttribute: .width, constant: 20)
        let explanation = ConflictExplainer.explain(ConflictSnapshot(brokenConstraint: nil,
                                                                     mutuallyExclusive: [optional, required]))
        XCTAssertEqual(explanation.verdict, .noContradictionShown)
        XCTAssertTrue(explanation.notes.contains { $0.contains("priority 999 is optional") }, "\(explanation.notes)")
    }

    func test_fixes_excludeSystemConstraints_andUseTheUsualRemedies() throws {
        let stack = ConflictExplainer.explain(try ParsingCorpus.conflict("017.txt"))
        XCTAssertEqual(stack.verdict, .contradiction)
        let conflict017 = try ParsingCorpus.conflict("017.txt")
        for fix in stack.fixes {
            XCTAssertFalse(conflict017.mutuallyExclusive[fix.constraintIndex].isSystemConstraint, fix.advice)
        }
        let autoresizing = ConflictExplainer.explain(try ParsingCorpus.conflict("011.txt"))
        XCTAssertEqual(autoresizing.fixes.first?.advice,
                       "set translatesAutoresizingMaskIntoConstraints = false on Sage1View")
        XCTAssertEqual(autoresizing.fixes.first?.resolvesConflict, true)
        let cell = ConflictExplainer.explain(try ParsingCorpus.conflict("007.txt"))
        // 007's encapsulated height is on a UITableViewCell: its table view gives that size.
        XCTAssertEqual(cell.fixes.map(\.advice), [
            "give UIImageView.height == 60 priority 999, so the size its table view gives the cell wins",
            "give UIImageView.top == UITableViewCell.top priority 999, so the size its table view gives the cell wins",
            "give UITableViewCell.bottom == UIImageView.bottom priority 999, so the size its table view gives the cell wins",
        ])
    }

    func test_text_alignsTheCombination() throws {
        let text = ConflictExplainer.explain(try ParsingCorpus.conflict("007.txt")).text
        let rows = text.split(separator: "\n").filter { $0.contains(" × [ ") }
        XCTAssertEqual(rows.count, 4)
        XCTAssertEqual(Set(rows.map { $0.distance(from: $0.startIndex, to: $0.firstIndex(of: "×")!) }).count, 1)
        XCTAssertEqual(Set(rows.map { $0.distance(from: $0.startIndex, to: $0.firstIndex(of: "]")!) }).count, 1)
        XCTAssertTrue(text.contains("UIImageView is 60 high; UIImageView is pinned 0 from the top edge of UITableViewCell"))
        XCTAssertTrue(text.contains("80 = 60 + 0 + 0 is impossible"), text)
    }
}
