#if canImport(XCTest)
import Foundation
import XCTest
import LayoutDebugSupport

// MARK: - Failing a test on a new conflict

/// Runs `body` and fails the test once for each Auto Layout conflict it caused that the
/// baseline file lacks, with the conflict's report (the one `lbreak` prints) in the failure and,
/// on Apple platforms, attached to it, with its picture when `pictures` is on.
///
/// The baseline is the file `layout-explain --ci --write-baseline` writes and `--baseline`
/// reads, so a conflict is new to this assertion and to the CI step alike. Conflicts are caught
/// with `ConflictMonitor` (a debug-only hook: see docs/MONITOR.md), which this takes over for
/// the body's time: a monitor the app started is stopped afterwards.
///
/// ```swift
/// func testProfileScreen() throws {
///     try assertNoNewLayoutConflicts(baseline: "layout-baseline.json") {
///         let controller = ProfileViewController()
///         controller.loadViewIfNeeded()
///         controller.view.layoutIfNeeded()
///     }
/// }
/// ```
///
/// - Parameters:
///   - path: The baseline file; a path relative to the current folder, or absolute.
///   - pictures: Also draw each new conflict (an SVG attachment; on Linux a file named in the failure).
///   - file: The file to report a failure in (the caller's).
///   - line: The line to report a failure at (the caller's).
///   - body: What lays the views out.
/// - Returns: What `body` returns.
@MainActor
@discardableResult
public func assertNoNewLayoutConflicts<Value>(baseline path: String, pictures: Bool = false,
                                              file: StaticString = #filePath, line: UInt = #line,
                                              _ body: () throws -> Value) rethrows -> Value {
    let caught = CaughtReports()
    ConflictMonitor.start { caught.append($0) }
    defer { ConflictMonitor.stop() }
    let value = try body()
    // The monitor hands each report to the main queue: let it run once.
    RunLoop.main.run(until: Date())
    for failure in NewConflictCheck.failures(of: caught.reports, baselinePath: path, pictures: pictures) {
        var message = failure.message
        #if os(Linux)
        if let svg = failure.svg, let written = writePicture(svg) { message += "\nPicture: \(written)" }
        #endif
        XCTFail(message, file: file, line: line)
        #if !os(Linux)
        attach(failure)
        #endif
    }
    return value
}

/// The reports the monitor delivers, from the main queue.
private final class CaughtReports: @unchecked Sendable {
    private let lock = NSLock()
    private var caught: [ConflictMonitor.Report] = []

    func append(_ report: ConflictMonitor.Report) {
        lock.lock()
        caught.append(report)
        lock.unlock()
    }

    var reports: [ConflictMonitor.Report] {
        lock.lock()
        defer { lock.unlock() }
        return caught
    }
}

#if os(Linux)
/// Writes a picture where the failure can name it: swift-corelibs-xctest has no attachments.
private func writePicture(_ svg: String) -> String? {
    let path = NSTemporaryDirectory() + "layout-conflict-\(UUID().uuidString).svg"
    return FileManager.default.createFile(atPath: path, contents: Data(svg.utf8)) ? path : nil
}
#else
/// Attaches a finding's report and picture to the test, kept whatever its result.
@MainActor
private func attach(_ failure: NewConflictCheck.Failure) {
    guard let text = failure.report else { return }
    XCTContext.runActivity(named: "New Auto Layout conflict") { activity in
        let report = XCTAttachment(string: text)
        report.name = "conflict-report.txt"
        report.lifetime = .keepAlways
        activity.add(report)
        if let svg = failure.svg {
            let picture = XCTAttachment(data: Data(svg.utf8), uniformTypeIdentifier: "public.svg-image")
            picture.name = "conflict.svg"
            picture.lifetime = .keepAlways
            activity.add(picture)
        }
    }
}
#endif
#endif
