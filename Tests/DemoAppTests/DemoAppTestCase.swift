import DemoScenarios
import ReferenceKit
import XCTest

// MARK: - The demo app's test suite

// A UI test suite as an app's would be, built from the demo app's scenarios: each test lays a
// screen out, and UIKit's (ReferenceKit's) conflict messages land in the test log between the
// test runner's lines, as `xcodebuild test` shows them. `layout-explain --ci` is checked on its
// log (Tests/python/test_ci_demo_run.py, docs/CI.md). The tests pass: a conflict fails nothing
// until the CI step or `assertNoNewLayoutConflicts` says so.

/// Lays out one demo scenario on the main actor.
class DemoAppTestCase: XCTestCase {
    /// Builds scenario `name` (with `count` when it takes one) and lays its window out.
    func layOut(_ name: String, count: Int? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        let scenario = try XCTUnwrap(DemoCatalog.scenario(named: name), "no scenario \(name)", file: file, line: line)
        MainActor.assumeIsolated {
            let window = scenario.makeWindow(count: count)
            XCTAssertFalse(window.subviews.isEmpty, file: file, line: line)
        }
    }
}
