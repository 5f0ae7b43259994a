import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// `lds_lint` and `lds_lint_ignore` as LLDB calls them: the key window by
/// default, one line of error for a bad pointer, text ending in the count,
/// and `{"findings": [...]}` with `LDS_JSON`.
final class LintEntryPointsTests: XCTestCase {
    override func tearDown() {
        LayoutLint.removeAllIgnores()
        Nametags.removeAll()
    }

    private func text(_ buffer: UnsafeMutableRawPointer) -> String { ReportBuffer.read(buffer) }
    private func pointer(_ address: UInt) -> UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: address) }
    private func pointer(_ object: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passUnretained(object).toOpaque() }

    @MainActor
    private func window(_ name: String) throws -> UIWindow {
        try XCTUnwrap(DemoCatalog.scenario(named: name)).makeWindow()
    }

    func test_badPointers_giveOneLineErrors() {
        XCTAssertEqual(text(lds_lint(pointer(0x1), 0)), "error: 0x1 is not a UIView")
        XCTAssertEqual(text(lds_lint(pointer(0xdeadbeef), 1)), "error: 0xdeadbeef is not a UIView")
        XCTAssertEqual(text(lds_lint_ignore(pointer(0xdeadbeef), "offset-inset")), "error: 0xdeadbeef is not a UIView")
        XCTAssertEqual(text(lds_lint_ignore(nil, "offset-inset")), "error: 0x0 is not a UIView")
    }

    func test_constraintPassedAsView_isRefused() {
        onMain {
            let shape = LiveHierarchy.imageShape(hugging: 200)
            XCTAssertEqual(text(lds_lint(pointer(shape.width), 0)), "error: \(hex(shape.width)) is not a UIView")
        }
    }

    func test_freedView_isNotFound() {
        let address: UInt = onMain { LiveHierarchy.address(UIView()) }
        XCTAssertTrue(text(lds_lint(pointer(address), 0)).hasPrefix("error: 0x\(String(address, radix: 16)) is not a UIView"))
    }

    func test_null_lintsTheKeyWindow_andTheTextEndsWithTheCount() throws {
        try onMain {
            let window = try window("trap-offset-inset")
            XCTAssertTrue(window.isKeyWindow)
            let report = text(lds_lint(nil, 0))
            XCTAssertTrue(report.hasPrefix("[offset-inset] <card:0x"), report)
            XCTAssertTrue(report.hasSuffix("\n1 finding\n"), report)
            XCTAssertEqual(text(lds_lint(pointer(window), 0)), report, "NULL is the key window")
        }
    }

    func test_cleanTwin_saysZeroFindings_withAndWithoutStress() throws {
        try onMain {
            let window = try window("trap-sibling-overlap-fixed")
            XCTAssertEqual(text(lds_lint(pointer(window), 0)), "0 findings\n")
            XCTAssertEqual(text(lds_lint(pointer(window), UInt32(ReportOptions.stress.rawValue))), "0 findings\n")
        }
    }

    func test_stressFlag_addsTheStressPass() throws {
        try onMain {
            let window = try window("trap-sibling-overlap")
            XCTAssertEqual(text(lds_lint(pointer(window), 0)), "0 findings\n")
            let stressed = text(lds_lint(pointer(window), UInt32(ReportOptions.stress.rawValue)))
            XCTAssertTrue(stressed.hasPrefix("[sibling-overlap] <key:0x"), stressed)
        }
    }

    func test_json_isAnObjectWithAFindingsArray() throws {
        try onMain {
            let window = try window("trap-offset-inset")
            let json = text(lds_lint(pointer(window), UInt32(ReportOptions.json.rawValue)))
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
            XCTAssertEqual(findings.count, 1)
            XCTAssertEqual(findings[0]["rule"] as? String, "offset-inset")
            // The finding names its view and constraints by address; each is described once.
            let address = try XCTUnwrap(findings[0]["view"] as? String)
            let views = try XCTUnwrap(object["views"] as? [[String: Any]])
            XCTAssertEqual(views.first { $0["address"] as? String == address }?["name"] as? String, "card")
            let named = try XCTUnwrap(findings[0]["constraints"] as? [String])
            XCTAssertEqual(named.count, 2, "trailing and bottom")
            let constraints = try XCTUnwrap(object["constraints"] as? [[String: Any]])
            XCTAssertEqual(constraints.map { $0["address"] as? String }, named)
            XCTAssertTrue((constraints[0]["text"] as? String)?.hasSuffix(".trailing + 50.0") == true)
            XCTAssertNotNil(findings[0]["why"] as? String)
            XCTAssertEqual(findings[0]["snapKitFix"] as? String, "make.edges.equalToSuperview().inset(50) instead of .offset(50)")
            let fixed = try self.window("trap-offset-inset-fixed")
            XCTAssertEqual(text(lds_lint(pointer(fixed), UInt32(ReportOptions.json.rawValue))),
                           #"{"schema":"layoutdebug/2","kind":"lint","findings":[]}"#)
        }
    }

    func test_ignore_silencesTheRuleForThatView_andNamesIt() throws {
        try onMain {
            let window = try window("trap-offset-inset")
            let card = try XCTUnwrap(window.rootViewController?.view.subviews.first)
            XCTAssertEqual(text(lds_lint_ignore(pointer(card), "offset-inset")), "Ignoring offset-inset for <card:\(hex(card))>")
            XCTAssertEqual(text(lds_lint(pointer(window), 0)), "0 findings\n")
            XCTAssertTrue(text(lds_lint_ignore(pointer(card), "offset")).hasPrefix("error: no lint rule 'offset'; rules: ambiguous-layout, "))
        }
    }

    func test_streamedLint_matchesTheTreeLint_onEveryScenario() {
        // lds_lint flattens the tree as the adapter visits it; the Swift API flattens a
        // snapshot tree. A user must get the same findings from both.
        onMain {
            for scenario in DemoCatalog.scenarios {
                let window = scenario.makeWindow(count: 30)
                for stress in [false, true] {
                    let streamed = LiveReports.lint(at: LiveHierarchy.address(window), options: stress ? .stress : [])
                    XCTAssertEqual(streamed, LintReport.text(LayoutLint.findings(in: window, stress: stress)), "\(scenario.name) stress=\(stress)")
                }
            }
        }
    }
}
