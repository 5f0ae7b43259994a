import Foundation
import XCTest

// MARK: - Expected reports kept as files

/// Where the golden files live and how they are re-recorded.
///
/// A long expected report reads better as a file than as a string literal, and a
/// report's change then shows as a plain diff. The files are in `<repo>/Tests/Golden/`,
/// one folder per test folder (`Tests/Golden/Rendering/…` for the tests in `Rendering/`).
/// They sit outside the test target's folder because SwiftPM warns about every file in a
/// target that is neither source nor a declared resource; found from this file's path,
/// they need no `Package.swift` entry and no resource bundle.
///
/// To re-record after a deliberate change of a report:
///
///     LAYOUT_DEBUG_RECORD_GOLDEN=1 swift test --filter ConflictReportRendererTests
///     git diff Tests/Golden        # read every changed line by hand before committing
///
/// A recording run writes the files and fails each test it recorded for, so that it can
/// never pass by accident; run again without the variable to see them pass.
enum Golden {
    /// The environment variable that turns comparing into recording.
    static let recordVariable = "LAYOUT_DEBUG_RECORD_GOLDEN"

    /// `<repo>/Tests/Golden`. This file is
    /// `<repo>/Tests/LayoutDebugSupportTests/Support/GoldenFiles.swift`: three levels up is `<repo>/Tests`.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden")

    /// Whether this run records instead of comparing.
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment[recordVariable].map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// The file for golden name `name` (`"Rendering/conflict-report"` → `Tests/Golden/Rendering/conflict-report.txt`).
    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name + ".txt")
    }

    /// `text` with each `0x…` address that `addresses` names written `{name}`.
    ///
    /// Live reports print addresses the run decides. A test names the ones it knows
    /// (`["image": hex(shape.image)]`) and the golden file says `<UIImageView:{image}>`:
    /// stable from run to run, and still saying which object each address belongs to.
    /// A whole `0x…` token is replaced only when it equals a named address; any other
    /// address is left as it is, so an unexpected one shows in the diff, except a
    /// constraint's handle in a live report, written `{constraint}`. A report from
    /// a log (no names given) keeps every address: the log fixed them.
    static func naming(_ addresses: KeyValuePairs<String, String>, in text: String) -> String {
        guard !addresses.isEmpty else { return text }
        let names = Dictionary(addresses.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var result = ""
        var rest = text[...]
        while let token = rest.range(of: "0x[0-9a-fA-F]+", options: .regularExpression) {
            result += rest[..<token.lowerBound]
            let address = String(rest[token])
            rest = rest[token.upperBound...]
            // A constraint's handle (`0x… @1000 …`) that the test did not name: a
            // system-made constraint the test cannot reach. Its place is still checked.
            let isHandle = rest.hasPrefix(" @")
            result += names[address].map { "{\($0)}" } ?? (isHandle ? "{constraint}" : address)
        }
        return result + rest
    }

    /// The first line where `actual` departs from `expected`, both lines shown quoted
    /// (so a tab or a trailing space can be seen). With `prefix`, only `expected`'s own
    /// lines are compared.
    static func firstDifference(expected: String, actual: String, prefix: Bool) -> String {
        let expectedLines = lines(expected, droppingFinalEmpty: prefix)
        let actualLines = lines(actual, droppingFinalEmpty: false)
        let count = prefix ? expectedLines.count : max(expectedLines.count, actualLines.count)
        for index in 0..<count {
            let wanted = index < expectedLines.count ? expectedLines[index] : nil
            let got = index < actualLines.count ? actualLines[index] : nil
            if wanted != got {
                return "first difference at line \(index + 1):\n  golden: \(describe(wanted))\n  actual: \(describe(got))"
            }
        }
        return "the texts differ only after the last line break:\n  golden: \(describe(expected))\n  actual: \(describe(actual))"
    }

    /// `text` cut at each line break; a text ending in one gives a final empty line,
    /// left out with `droppingFinalEmpty`.
    private static func lines(_ text: String, droppingFinalEmpty: Bool) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if droppingFinalEmpty, result.last == "" { result.removeLast() }
        return result
    }

    private static func describe(_ line: String?) -> String {
        line.map { $0.debugDescription } ?? "(none: the text has ended)"
    }

    /// How many lines `text` holds, not counting the empty one after a final line break.
    static func lineCount(_ text: String) -> Int {
        lines(text, droppingFinalEmpty: true).count
    }

    /// The first `count` lines of `text`, each with its line break.
    static func leadingLines(_ text: String, count: Int) -> String {
        lines(text, droppingFinalEmpty: true).prefix(count).map { $0 + "\n" }.joined()
    }
}

/// Asserts that `actual` is the text of the golden file `name`
/// (`"CEntry/report-image-view"` is `Tests/Golden/CEntry/report-image-view.txt`), and reports
/// the first differing line at the caller's `file`/`line`.
///
/// - Parameters:
///   - addresses: run-time addresses to write as `{name}` before comparing (see `Golden.naming`).
///   - prefix: the golden file holds only the report's first lines; `actual` must start with them.
///     A recording keeps the file's current number of lines.
///
/// With `LAYOUT_DEBUG_RECORD_GOLDEN=1` the file is written from `actual` instead, and the
/// test fails saying so.
func assertMatchesGolden(_ actual: String, named name: String, addresses: KeyValuePairs<String, String> = [:],
                         prefix: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
    let url = Golden.url(name)
    let text = Golden.naming(addresses, in: actual)
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if Golden.isRecording {
        record(text, keepingLinesOf: prefix ? stored : nil, at: url, file: file, line: line)
        return
    }
    guard let expected = stored else {
        return XCTFail("no golden file \(url.path); run with \(Golden.recordVariable)=1 to record it, then read it",
                       file: file, line: line)
    }
    let matches = prefix ? text.hasPrefix(expected) : text == expected
    if !matches {
        XCTFail("the report differs from golden file \(url.path)\n"
                + Golden.firstDifference(expected: expected, actual: text, prefix: prefix)
                + "\n(the whole report:)\n\(text)", file: file, line: line)
    }
}

/// Writes `text` (in prefix mode only as many lines as `current` holds) to `url`, and fails
/// so that a recording run is never mistaken for a passing one.
private func record(_ text: String, keepingLinesOf current: String?, at url: URL, file: StaticString, line: UInt) {
    let recorded = current.map { Golden.leadingLines(text, count: Golden.lineCount($0)) } ?? text
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try recorded.write(to: url, atomically: true, encoding: .utf8)
        XCTFail("re-recorded golden file \(url.path) (\(Golden.recordVariable) is set): read its diff before "
                + "committing, then run again without the variable", file: file, line: line)
    } catch {
        XCTFail("cannot record golden file \(url.path): \(error)", file: file, line: line)
    }
}
