import DemoScenarios
import Foundation
import XCTest
@testable import LayoutDebugSupport

/// What an agent pays to read a document. layoutdebug/2 writes each constraint and view once:
/// the conflict document an agent reads (`layout_last_conflict`, `lconflicts --last --json
/// --no-text`: the library's document without its text) is at most a third of what
/// layoutdebug/1's conflict document was, on every demo conflict, and `lreport --json` is no
/// larger than the text report.
final class DocumentSizeTests: XCTestCase {
    /// The bytes of each demo conflict's `lds_conflict_report` JSON under layoutdebug/1, as
    /// `LDS_BENCH_DUMP` wrote them (bench/report; `<scenario>-<count>-conflict-<k>.json`, the
    /// report made once the window was built) at the last commit before layoutdebug/2. Each
    /// held its text, the text's Why: again, every constraint's items whole, and the broken
    /// constraint twice. `lconflicts --last --json` wrapped that with the text a second time.
    private static let layoutdebug1Bytes: [String: Int] = [
        "autoresizing-conflict-0-conflict-1": 13346, "autoresizing-conflict-0-conflict-2": 13372,
        "background-conflict-0-conflict-1": 6336, "cell-reuse-conflict-0-conflict-1": 13570,
        "cell-width-conflict-0-conflict-1": 14780, "conflict-storm-10-conflict-1": 7996,
        "conflict-storm-10-conflict-2": 10046, "conflict-storm-10-conflict-3": 13899,
        "conflict-storm-10-conflict-4": 8001, "conflict-storm-10-conflict-5": 10054,
        "conflict-storm-10-conflict-6": 13909, "conflict-storm-10-conflict-7": 8003,
        "conflict-storm-10-conflict-8": 10054, "conflict-storm-10-conflict-9": 13909,
        "conflict-storm-10-conflict-10": 8003, "duplicate-leading-0-conflict-1": 9916,
        "keyboard-conflict-0-conflict-1": 4813, "margins-0-conflict-1": 11282,
        "owner-storm-3-conflict-1": 7999, "owner-storm-3-conflict-2": 4813, "owner-storm-3-conflict-3": 15543,
        "property-names-0-conflict-1": 29944, "stack-conflict-0-conflict-1": 26297,
        "toolbar-conflict-0-conflict-1": 11366, "trap-cell-size-required-0-conflict-1": 14718,
    ]

    func test_theDocumentAnAgentReads_isAtMostAThirdOfLayoutdebug1s_onEveryDemoConflict() throws {
        try onMain {
            var measured: Set<String> = []
            for scenario in DemoCatalog.scenarios {
                let count = scenario.takesCount ? scenario.defaultCount : 0
                let built = try BuiltScenario(scenario.name, count: scenario.takesCount ? count : nil)
                for index in built.conflicts.indices {
                    let name = "\(scenario.name)-\(count)-conflict-\(index + 1)"
                    // A scenario added since has no layoutdebug/1 figure to hold it to.
                    guard let before = Self.layoutdebug1Bytes[name] else { continue }
                    let json = LiveReports.conflictReport(
                        constraintAt: LiveHierarchy.address(built.conflicts[index].broken),
                        listAt: LiveHierarchy.address(built.conflicts[index].list), options: .json)
                    let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                    let text = try XCTUnwrap(object["text"] as? String, name)
                    // The document less its `"text":"…",`: what lconflicts --last --json --no-text
                    // gives as "report".
                    let withoutText = json.utf8.count - JSONText.encode(text).utf8.count - "\"text\":,".utf8.count
                    XCTAssertLessThanOrEqual(withoutText * 3, before, "\(name): \(withoutText) bytes, was \(before)")
                    // The text itself is there once.
                    XCTAssertEqual(json.components(separatedBy: "Will attempt to recover by breaking").count, 2, name)
                    measured.insert(name)
                }
            }
            XCTAssertEqual(measured, Set(Self.layoutdebug1Bytes.keys), "every demo conflict measured")
        }
    }

    /// bench/report measures the same at 1000 views (`json_bytes` against `bytes`), with the time.
    func test_lreportJSON_atAThousandViews_isNoLargerThanTheText() throws {
        try onMain {
            let window = try XCTUnwrap(DemoCatalog.scenario(named: "many-views")).makeWindow(count: 1000)
            let root = LiveHierarchy.address(try XCTUnwrap(window.rootViewController?.view))
            let json = LiveReports.report(at: root, options: .json).utf8.count
            let text = LiveReports.report(at: root, options: []).utf8.count
            XCTAssertLessThanOrEqual(json, text)
        }
    }
}
