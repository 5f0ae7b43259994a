import DemoScenarios
import Foundation
@testable import LayoutDebugSupport
import LayoutLintXCTest
import ReferenceKit
import XCTest

/// `assertNoNewLayoutConflicts(baseline:)` as an app's test uses it: silent when every conflict
/// is in the baseline, one failure per new signature at the caller's line with its report, and
/// one line when the baseline cannot be used.
final class LayoutConflictAssertionsTests: FailureCatchingTestCase {
    /// `conflict-storm 6`'s duplicate width and duplicate leading (ConflictStorm's comment: 100
    /// then 120 wide, the 120 breaks; `H:|-50-[label]` then `H:|-80-[label]`, the 80 breaks).
    private let width = "NSLayoutConstraint UIView.width == 100 | NSLayoutConstraint UIView.width == 120 => NSLayoutConstraint UIView.width == 120"
    private let leading = "NSLayoutConstraint UILabel.leading == UIView.leading 50 | NSLayoutConstraint UILabel.leading == UIView.leading 80 => NSLayoutConstraint UILabel.leading == UIView.leading 80"

    private func baseline(_ signatures: [String], schema: String = "layoutdebug/2") throws -> String {
        let path = NSTemporaryDirectory() + "baseline-\(UUID().uuidString).json"
        var text = ConflictBaseline(entries: signatures.map { .init(signature: $0, owner: .yours) }).text
        text = text.replacingOccurrences(of: "layoutdebug/2", with: schema)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func storm() throws -> DemoScenario { try XCTUnwrap(DemoCatalog.scenario(named: "conflict-storm")) }

    func test_everyConflictInTheBaseline_passes() throws {
        let path = try baseline([width, leading, autoresizingSignature()])
        let scenario = try storm()
        try onMain {
            catching = true
            assertNoNewLayoutConflicts(baseline: path) { _ = scenario.makeWindow(count: 6) }
            catching = false
            XCTAssertTrue(caught.isEmpty, "\(caught)")
        }
    }

    func test_aNewConflict_failsOnce_atTheCallersLine_withItsReport() throws {
        let path = try baseline([width, leading])
        let scenario = try storm()
        try onMain {
            catching = true
            assertNoNewLayoutConflicts(baseline: path, pictures: true) { _ = scenario.makeWindow(count: 6) }; let line = #line
            catching = false
            XCTAssertEqual(caught.count, 1, "\(caught)")
            XCTAssertEqual(caught.first?.line, line)
            let text = caught.first?.description ?? ""
            // Two of the six rows are autoresizing ones, the label framed (10 5; 60 20) and centred.
            XCTAssertTrue(text.hasPrefix("New Auto Layout conflict (2×), not in the baseline \(path):\n"), text)
            XCTAssertTrue(text.contains("=> NSLayoutConstraint UILabel.centerX == UIView.centerX 0\n"), text)
            XCTAssertTrue(text.contains("Will attempt to recover by breaking:"), text)
            // swift-corelibs-xctest has no attachments: the picture is a file the failure names.
            let picture = try XCTUnwrap(text.components(separatedBy: "\nPicture: ").last)
            XCTAssertTrue(try String(contentsOfFile: picture, encoding: .utf8).hasPrefix("<svg"), picture)
            try? FileManager.default.removeItem(atPath: picture)
        }
    }

    func test_aBaselineThatCannotBeUsed_failsWithOneLine_andStillRunsTheBody() throws {
        let newer = try baseline([width], schema: "layoutdebug/3")
        let missing = NSTemporaryDirectory() + "no-such-baseline.json"
        try onMain {
            var ran = 0
            catching = true
            assertNoNewLayoutConflicts(baseline: newer) { ran += 1 }
            assertNoNewLayoutConflicts(baseline: missing) { ran += 1 }
            catching = false
            XCTAssertEqual(ran, 2)
            XCTAssertEqual(caught.map(\.description), [
                "\(newer): written for schema layoutdebug/3, newer than this layout-explain reads (layoutdebug/2): "
                    + "update LayoutDebug, or write the baseline again with --write-baseline",
                "\(missing): no such file (write one with layout-explain --ci --write-baseline \(missing))",
            ])
        }
    }

    /// The storm's autoresizing conflict as the monitor signs it: the third kind, read from a
    /// run with only the other two in the baseline.
    private func autoresizingSignature() throws -> String {
        let reports = ReportCollector()
        let scenario = try storm()
        onMain {
            ConflictMonitor.start { report in reports.add(report) }
            _ = scenario.makeWindow(count: 3)
            RunLoop.main.run(until: Date())
            ConflictMonitor.stop()
        }
        let signatures = Set(reports.reports.map(\.signature)).subtracting([width, leading])
        XCTAssertEqual(signatures.count, 1, "\(signatures)")
        return try XCTUnwrap(signatures.first)
    }
}

