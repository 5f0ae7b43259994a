import DemoScenarios
import Foundation
import LayoutDebugSupport
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

    func test_print() {
        onMain {
            for scenario in DemoCatalog.scenarios where scenario.name.hasPrefix("trap-") || scenario.name == "ambiguous" || scenario.name == "hugging" {
                let window = scenario.makeWindow()
                print("=== \(scenario.name)")
                print(LintReport.text(LayoutLint.findings(in: window, stress: true)))
            }
        }
    }
}
