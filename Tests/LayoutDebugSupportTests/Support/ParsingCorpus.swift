import Foundation
@testable import LayoutDebugSupport
import XCTest

// MARK: - The corpus

/// Reads `Tests/Fixtures/corpus` (real console logs, traces and invalid input; their
/// sources and grammar are in `docs/LOG-GRAMMAR.md`), located from this file.
enum ParsingCorpus {
    /// `<repo>/Tests/Fixtures/corpus`. This file is
    /// `<repo>/Tests/LayoutDebugSupportTests/Support/ParsingCorpus.swift`: three levels up is `<repo>/Tests`.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/corpus")

    /// How many files each folder holds. A test that loops over a folder gets at least this
    /// many names, so a folder emptied or moved fails the loop instead of letting it pass on nothing.
    static let fileCounts = ["logs": 27, "traces": 4, "invalid": 1]

    /// The text of `logs/NNN.txt` (or another folder).
    static func text(_ name: String, folder: String = "logs", file: StaticString = #filePath,
                     line: UInt = #line) throws -> String {
        let url = directory.appendingPathComponent(folder).appendingPathComponent(name)
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            XCTFail("cannot read corpus file \(url.path): \(error)", file: file, line: line)
            throw error
        }
    }

    /// Every file name in a corpus folder, sorted; fails the test when the folder holds fewer
    /// than `fileCounts` says.
    static func names(_ folder: String = "logs", file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".txt") }.sorted()
        let expected = try XCTUnwrap(fileCounts[folder], "no file count for corpus folder \(folder)", file: file, line: line)
        XCTAssertGreaterThanOrEqual(names.count, expected, "corpus folder \(folder) holds \(names.count) files",
                                    file: file, line: line)
        return names
    }

    /// The one conflict of a corpus log.
    static func conflict(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConflictSnapshot {
        let conflicts = ConsoleLogParser.parse(try text(name, file: file, line: line))
        XCTAssertEqual(conflicts.count, 1, "\(name) holds one conflict", file: file, line: line)
        return try XCTUnwrap(conflicts.first, file: file, line: line)
    }

    /// The corpus log wrapped in the full UIKit envelope, breaking the constraint at `brokenIndex`.
    static func enveloped(_ name: String, brokenIndex: Int) throws -> (text: String, broken: String) {
        let lines = try text(name).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let constraints = lines.compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("\"<") else { return nil }
            var inner = trimmed.dropFirst()
            if inner.hasSuffix(",") { inner = inner.dropLast() }
            if inner.hasSuffix("\"") { inner = inner.dropLast() }
            return String(inner)
        }
        let broken = constraints[brokenIndex]
        let text = """
            2017-06-01 10:00:00.000 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this:
            \t\t(1) look at each constraint and try to figure out which you don't expect;
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
            (
            \(constraints.map { "    \"\($0)\"" }.joined(separator: ",\n"))
            )

            Will attempt to recover by breaking constraint
            \(broken)

            Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
            The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.

            """
        return (text, broken)
    }
}
