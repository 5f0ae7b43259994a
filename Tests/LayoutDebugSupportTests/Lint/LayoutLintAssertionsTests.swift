import DemoScenarios
@testable import LayoutDebugSupport
import LayoutLintXCTest
import ReferenceKit
import XCTest

/// `assertNoLayoutTraps(in:)` as an app's test target uses it: silent on a
/// clean layout, and a failure carrying `llint`'s text on a trap.
final class LayoutLintAssertionsTests: FailureCatchingTestCase {
    func test_cleanTwin_passes() throws {
        try onMain {
            let window = try XCTUnwrap(DemoCatalog.scenario(named: "trap-offset-inset-fixed")).makeWindow()
            catching = true
            assertNoLayoutTraps(in: window, stress: true)
            catching = false
            XCTAssertTrue(caught.isEmpty, "\(caught)")
        }
    }

    func test_trap_failsOnceWithTheFindingsText_atTheCallersLine() throws {
        try onMain {
            let window = try XCTUnwrap(DemoCatalog.scenario(named: "trap-offset-inset")).makeWindow()
            catching = true
            assertNoLayoutTraps(in: window); let line = #line
            catching = false
            XCTAssertEqual(caught.count, 1)
            XCTAssertEqual(caught.first?.line, line)
            let text = caught.first?.description ?? ""
            XCTAssertTrue(text.contains("[offset-inset] <card:0x"), text)
            XCTAssertTrue(text.hasSuffix("\n1 finding\n"), text)
        }
    }
}
