import DemoScenarios
import Foundation
@testable import LayoutDebugSupport
import ReferenceKit
import XCTest

/// `LayoutLint` on every `trap-…` scenario and its clean twin, built as
/// `layout-demo` builds them. The measures each finding states come from the
/// scenarios' doc comments (`TrapScenarios`), worked out by hand.
final class LintScenarioTests: XCTestCase {
    override func tearDown() { LayoutLint.removeAllIgnores() }

    /// The findings of scenario `name`, linted from its key window as `llint` with no view does.
    @MainActor
    private func lint(_ name: String, count: Int? = nil, stress: Bool = false,
                      file: StaticString = #filePath, line: UInt = #line) -> (findings: [LayoutFinding], window: UIWindow)? {
        guard let scenario = DemoCatalog.scenario(named: name) else {
            XCTFail("no scenario \(name)", file: file, line: line)
            return nil
        }
        let window = scenario.makeWindow(count: count)
        return (LayoutLint.findings(in: window, stress: stress), window)
    }

    @MainActor
    private func view(_ name: String, in window: UIWindow) -> UIView {
        func find(_ view: UIView) -> UIView? {
            if view.accessibilityIdentifier == name { return view }
            return view.subviews.lazy.compactMap(find).first
        }
        return find(window)!
    }

    private func address(_ object: AnyObject) -> UInt64 { UInt64(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())) }

    // MARK: - Each trap is found, with what its doc comment works out

    func test_ambiguousLayout_namesTheBadgesHeight() throws {
        try onMain {
            let (findings, window) = try XCTUnwrap(lint("trap-ambiguous-layout"))
            let badge = view("badge", in: window)
            XCTAssertEqual(findings.map(\.rule), ["ambiguous-layout"])
            XCTAssertEqual(findings[0].view.address, address(badge))
            XCTAssertEqual(findings[0].view.name, "badge")
            XCTAssertTrue(findings[0].detail.hasPrefix("height is ambiguous"), findings[0].detail)
            // Only the vertical constraint (top 100) is on the ambiguous axis.
            XCTAssertEqual(findings[0].constraints.map(\.firstAttribute), [.top])
        }
    }

    func test_centerOnly_namesTheCentringOfThe96WideTitle() throws {
        try onMain {
            let (findings, _) = try XCTUnwrap(lint("trap-center-only"))
            XCTAssertEqual(findings.map(\.rule), ["center-only"])
            XCTAssertEqual(findings[0].view.name, "title")
            // "Welcome back": 12 characters × 8.
            XCTAssertTrue(findings[0].detail.contains("held horizontally by its centre only"), findings[0].detail)
            XCTAssertTrue(findings[0].detail.hasSuffix("its text is 96 wide now"), findings[0].detail)
            XCTAssertEqual(findings[0].constraints.map(\.firstAttribute), [.centerX])
            // The UIKit fix in SnapKit's words: the centring kept, 20 inside each edge.
            XCTAssertTrue(findings[0].fix.contains("leadingAnchor.constraint(greaterThanOrEqualTo: superview.leadingAnchor, constant: 20) and the trailing twin"))
            XCTAssertEqual(findings[0].snapKitFix, "make.centerX.equalToSuperview(); make.leading.greaterThanOrEqualToSuperview().offset(20); "
                + "make.trailing.lessThanOrEqualToSuperview().offset(-20)")
        }
    }

    func test_offsetInset_saysRightAndBottomLeaveBy50() throws {
        try onMain {
            let (findings, window) = try XCTUnwrap(lint("trap-offset-inset"))
            XCTAssertEqual(findings.map(\.rule), ["offset-inset"])
            let root = try XCTUnwrap(window.rootViewController?.view)
            let superview = "<UIView:0x\(String(address(root), radix: 16))>"
            // (50 50; 375 667): 425 − 375 and 717 − 667.
            XCTAssertEqual(findings[0].detail, "trailing leaves \(superview) by 50; bottom leaves \(superview) by 50")
            XCTAssertEqual(findings[0].constraints.map(\.firstAttribute), [.trailing, .bottom])
            XCTAssertTrue(findings[0].constraints.allSatisfy { $0.constant == 50 && $0.address != nil })
        }
    }

    func test_redundantConstraint_reportsTheWidthThatLeadingAndTrailingGive() throws {
        try onMain {
            let (findings, _) = try XCTUnwrap(lint("trap-redundant-constraint"))
            XCTAssertEqual(findings.map(\.rule), ["redundant-constraint"])
            XCTAssertEqual(findings[0].view.name, "banner")
            // 375 − 20 − 20 = 335: the width, made last, is the one reported.
            XCTAssertEqual(findings[0].constraints.count, 1)
            XCTAssertEqual(findings[0].constraints[0].firstAttribute, .width)
            XCTAssertEqual(findings[0].constraints[0].constant, 375 - 20 - 20)
        }
    }

    func test_stackArrangedEdges_provedByFlippingTheAxis_andNotAlsoCalledRedundant() throws {
        try onMain {
            let (findings, _) = try XCTUnwrap(lint("trap-stack-arranged-edges"))
            // Vertical, second's top would be 40 + 8 = 48, not the stack's top (0).
            XCTAssertEqual(findings.map(\.rule), ["stack-arranged-edges"])
            XCTAssertEqual(findings[0].view.name, "second")
            let own = findings[0].constraints.filter { $0.identifier == nil }
            XCTAssertEqual(own.map(\.firstAttribute), [.top, .bottom])
            XCTAssertTrue(findings[0].constraints.contains { $0.identifier == "UISV-spacing" && $0.constant == 8 },
                          "the stack's spacing is what the top cannot hold with")
        }
    }

    func test_leftRightMixed_namesBothFamiliesOnTheLabel() throws {
        try onMain {
            let (findings, _) = try XCTUnwrap(lint("trap-left-right-mixed"))
            XCTAssertEqual(findings.map(\.rule), ["left-right-mixed"])
            XCTAssertEqual(findings[0].view.name, "name")
            XCTAssertEqual(findings[0].constraints.map(\.firstAttribute), [.left, .trailing])
            XCTAssertEqual(findings[0].detail, "1 constraint uses left/right and 1 constraint uses leading/trailing")
        }
    }

    func test_siblingOverlap_isFoundUnderStressOnly() throws {
        try onMain {
            let (plain, _) = try XCTUnwrap(lint("trap-sibling-overlap"))
            XCTAssertEqual(plain, [], "95 points apart as laid out: nothing to say without --stress")
            let (stressed, _) = try XCTUnwrap(lint("trap-sibling-overlap", stress: true))
            XCTAssertEqual(stressed.map(\.rule), ["sibling-overlap"])
            XCTAssertEqual(stressed[0].view.name, "key")
            // Doubled, key spans 20…276 and value 131…355.
            XCTAssertTrue(stressed[0].detail.hasPrefix("with doubled text, it overlaps its sibling <value:0x"), stressed[0].detail)
            XCTAssertEqual(stressed[0].constraints.map(\.firstAttribute), [.leading, .trailing])
        }
    }

    func test_marginOnChild_namesThePanelsOwnLeadingMargin() throws {
        try onMain {
            let (findings, window) = try XCTUnwrap(lint("trap-margin-on-child"))
            XCTAssertEqual(findings.map(\.rule), ["margin-on-child"])
            XCTAssertEqual(findings[0].constraints.map(\.firstAttribute), [.leadingMargin])
            // 20 − the panel's own margin 8: the frame starts at 12.
            XCTAssertEqual(view("panel", in: window).frame.minX, 20 - 8)
        }
    }

    func test_edgeMarginMixed_namesTheMarginAndTheEdge() throws {
        try onMain {
            let (findings, window) = try XCTUnwrap(lint("trap-edge-margin-mixed"))
            XCTAssertEqual(findings.map(\.rule), ["edge-margin-mixed"])
            XCTAssertEqual(findings[0].constraints.map(\.firstAttribute), [.leading, .trailing])
            XCTAssertEqual(findings[0].constraints[0].secondItem?.name, "UIViewLayoutMarginsGuide")
            // Margin 8 on the left, none on the right: 8 … 375.
            XCTAssertEqual(view("field", in: window).frame, CGRect(x: 8, y: 100, width: 375 - 8, height: 44))
        }
    }

    func test_autoresizingMixed_namesTheWidthOnAMaskedView() throws {
        try onMain {
            let (findings, _) = try XCTUnwrap(lint("trap-autoresizing-mixed"))
            XCTAssertEqual(findings.map(\.rule), ["autoresizing-mixed"])
            XCTAssertEqual(findings[0].view.name, "avatar")
            XCTAssertEqual(findings[0].constraints.map(\.constant), [60])
            XCTAssertTrue(findings[0].detail.hasPrefix("translatesAutoresizingMaskIntoConstraints is on"), findings[0].detail)
        }
    }

    func test_priorityTie_namesTheWidthAtTheHuggingPriority() throws {
        try onMain {
            let (findings, _) = try XCTUnwrap(lint("trap-priority-tie"))
            // The tie leaves the width free between 56 and 120: the engine calls that ambiguous too.
            XCTAssertEqual(findings.map(\.rule), ["ambiguous-layout", "priority-tie"])
            XCTAssertEqual(findings[1].constraints.map(\.priority), [250])
            XCTAssertEqual(findings[1].detail, "its width at priority 250 ties its horizontal hugging (250)")
        }
    }

    func test_cellSizeRequired_provesTop12Height40Bottom12CannotFit44() throws {
        try onMain {
            let (findings, _) = try XCTUnwrap(lint("trap-cell-size-required"))
            XCTAssertEqual(findings.map(\.rule), ["cell-size-required"])
            XCTAssertEqual(findings[0].view.name, "body")
            let constants = findings[0].constraints.map(\.constant).sorted()
            // 12 + 40 + 12 = 64 against the encapsulated 44 (the bottom's −12 is measured upward).
            XCTAssertEqual(constants, [-12, 12, 40, 44])
            XCTAssertTrue(findings[0].detail.hasSuffix("UIView-Encapsulated-Layout-Height = 44"), findings[0].detail)
        }
    }

    /// The trap is found from the cell's content view as from the cell, and
    /// its fix names the edge of the axis that conflicts: the bottom gives way
    /// to a height (top 12, height 40, bottom −12), the trailing edge to a width.
    func test_cellSizeRequired_fromTheContentView_namesTheAxisThatConflicts() throws {
        try onMain {
            let (vertical, window) = try XCTUnwrap(lint("trap-cell-size-required"))
            let cell = try XCTUnwrap(window.rootViewController?.view.subviews.first as? UITableViewCell)
            let fromContent = LayoutLint.findings(in: cell.contentView)
            XCTAssertEqual(fromContent.map(\.rule), ["cell-size-required"])
            XCTAssertEqual(fromContent.map(\.view), vertical.map(\.view))
            XCTAssertEqual(LayoutLint.findings(in: cell).map(\.rule), ["cell-size-required"])
            XCTAssertTrue(vertical[0].fix.hasPrefix("Lower the bottom constraint to priority 999"), vertical[0].fix)
            XCTAssertEqual(vertical[0].snapKitFix, "make.bottom.equalToSuperview().offset(-12).priority(999)")

            // cell-width-conflict: H:|[wide]| and a width of 768 in a cell 50 wide.
            let (horizontal, wideWindow) = try XCTUnwrap(lint("cell-width-conflict"))
            let wideCell = try XCTUnwrap(wideWindow.rootViewController?.view.subviews.first as? UITableViewCell)
            XCTAssertEqual(LayoutLint.findings(in: wideCell.contentView).map(\.rule), ["cell-size-required"])
            XCTAssertEqual(horizontal.map(\.rule), ["cell-size-required"])
            XCTAssertTrue(horizontal[0].fix.hasPrefix("Lower the trailing constraint to priority 999"), horizontal[0].fix)
            XCTAssertFalse(horizontal[0].fix.contains("bottom"), horizontal[0].fix)
            XCTAssertEqual(horizontal[0].snapKitFix, "make.trailing.equalToSuperview().priority(999)")
        }
    }

    func test_existingConflictScenarios_areExplainedByTheirRule() throws {
        try onMain {
            XCTAssertEqual(try XCTUnwrap(lint("cell-width-conflict")).findings.map(\.rule), ["cell-size-required"])
            XCTAssertEqual(try XCTUnwrap(lint("autoresizing-conflict")).findings.map(\.rule), ["autoresizing-mixed"])
            XCTAssertEqual(try XCTUnwrap(lint("ambiguous")).findings.map(\.rule), ["ambiguous-layout"])
            XCTAssertEqual(try XCTUnwrap(lint("rtl", stress: true)).findings, [], "leading/trailing only: it mirrors cleanly")
        }
    }

    // MARK: - No false alarms

    func test_cleanTwins_haveNoFindings_evenUnderStress() {
        onMain {
            let twins = DemoCatalog.scenarios.filter { $0.name.hasPrefix("trap-") && $0.name.hasSuffix("-fixed") }
            XCTAssertEqual(twins.count, LintRule.allCases.count - 3, "a twin per rule but the three stress-only reports")
            XCTAssertEqual(Set(twins.map(\.name)), Set(LintRule.allCases.filter { !$0.rawValue.hasPrefix("stress-") }.map { "trap-\($0.rawValue)-fixed" }))
            for twin in twins {
                let findings = LayoutLint.findings(in: twin.makeWindow(), stress: true)
                XCTAssertEqual(findings, [], "\(twin.name):\n\(LintReport.text(findings))")
            }
        }
    }

    func test_manyViews_hasNoFindings_evenUnderStress() throws {
        try onMain {
            let (plain, _) = try XCTUnwrap(lint("many-views", count: 200))
            XCTAssertEqual(plain, [], LintReport.text(plain))
            let (stressed, _) = try XCTUnwrap(lint("many-views", count: 200, stress: true))
            XCTAssertEqual(stressed, [], LintReport.text(stressed))
        }
    }

    // MARK: - Silencing

    func test_ignore_silencesOneRuleForOneViewOnly() throws {
        try onMain {
            let scenario = try XCTUnwrap(DemoCatalog.scenario(named: "trap-offset-inset"))
            let window = scenario.makeWindow()
            let card = view("card", in: window)
            XCTAssertTrue(LayoutLint.ignore("offset-inset", forViewAt: address(card)))
            XCTAssertEqual(LayoutLint.findings(in: window), [])
            // Another rule on the card, or the same rule on another view, still counts.
            LayoutLint.removeAllIgnores()
            XCTAssertTrue(LayoutLint.ignore("center-only", forViewAt: address(card)))
            XCTAssertTrue(LayoutLint.ignore("offset-inset", forViewAt: address(window)))
            XCTAssertEqual(LayoutLint.findings(in: window).map(\.rule), ["offset-inset"])
            XCTAssertFalse(LayoutLint.ignore("no-such-rule", forViewAt: address(card)))
        }
    }
}
