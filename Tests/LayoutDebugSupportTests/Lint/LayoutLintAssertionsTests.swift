import DemoScenarios
@testable import LayoutDebugSupport
import LayoutLintXCTest
import ReferenceKit
import XCTest

/// `assertNoLayoutTraps(in:)` as an app's test target uses it: silent on a
/// clean layout, and a failure carrying `llint`'s text on a trap.
final class LayoutLintAssertionsTests: XCTestCase {
    /// Failures caught instead of recorded, while `catching` is on.
    private var caught: [(description: String, line: Int)] = []
    private var catching = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if catching {
            caught.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

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
