import Foundation
@testable import LayoutDebugSupport
import XCTest

/// `layout-explain` run as a user runs it: arguments, stdin, output and exit status.
final class LayoutExplainCLITests: XCTestCase {
    private func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> BuiltTool.Run {
        try BuiltTool.layoutExplain(arguments, stdin: stdin, environment: environment)
    }

    private func corpus(_ path: String) -> String { ParsingCorpus.directory.appendingPathComponent(path).path }

    func test_report_explainsEveryConflict() throws {
        let result = try run([corpus("logs/009.txt"), corpus("logs/001.txt")])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.components(separatedBy: "\nWhy:\n").count, 3)
        XCTAssertTrue(result.out.contains("Will attempt to recover by breaking:"))
        XCTAssertTrue(result.out.contains("24 + 21 + 9 = 0 is impossible"))
        XCTAssertEqual(result.err, "")
    }

    func test_html_drawsEveryConflict_intoOnePage_andABadPathWritesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("explain-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("conflicts.html").path
        let result = try run(["--html", page, corpus("logs/009.txt"), corpus("logs/001.txt")])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("\nWhy:\n"), "the reports are still printed")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertEqual(html.components(separatedBy: "<svg ").count, 3, "one picture per conflict")
        XCTAssertTrue(html.contains("Frames computed by our solver"))
        XCTAssertFalse(html.contains("http://") && html.contains("<script src"), "no external script")

        let missing = folder.appendingPathComponent("no/such/folder/page.html").path
        let refused = try run(["--html", missing, corpus("logs/009.txt")])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.err.hasPrefix("layout-explain: cannot write \(missing): no folder"), refused.err)
        XCTAssertEqual(refused.out, "", "nothing is read before the page is known to be writable")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    func test_summary_countsRepeatsMostFrequentFirst() throws {
        let log007 = try ParsingCorpus.text("007.txt"), log027 = try ParsingCorpus.text("027.txt")
        let result = try run(["--summary", "-"], stdin: log027 + log007 + log007.replacingOccurrences(of: "0x5869c5", with: "0x123"))
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        // 007 (a cell 80 high) and 027 (a label's two heights) are both the app's.
        XCTAssertEqual(lines.count, 4)
        XCTAssertEqual(lines[0], "yours: 3 conflicts, 2 distinct")
        XCTAssertTrue(lines[1].hasPrefix("  2× NSLayoutConstraint 'UIView-Encapsulated-Layout-Height'"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("  1× NSLayoutConstraint Iris1Label.height == 25"), lines[2])
        XCTAssertEqual(lines[3], "3 conflicts, 2 distinct: 3 yours, 0 system, 0 transient")
    }

    func test_summary_severalFiles_keepsEachFilesConflictsApart() throws {
        // Each file's parser numbers its conflict shapes from zero; the
        // summary must still tell the files' different conflicts apart.
        let files = ["logs/001.txt", "logs/002.txt", "logs/007.txt", "logs/001.txt"].map(corpus)
        let result = try run(["--summary"] + files)
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        // 001 (twice) has an encapsulated height of 2.22507e-308: transient; 002 and 007 are the app's.
        XCTAssertEqual(lines.last, "4 conflicts, 3 distinct: 2 yours, 0 system, 2 transient")
        XCTAssertEqual(lines[0], "yours: 2 conflicts, 2 distinct")
        XCTAssertEqual(lines[3], "transient: 2 conflicts, 1 distinct")
        XCTAssertTrue(lines[4].hasPrefix("  2× NSLayoutConstraint 'UIView-Encapsulated-Layout-Height' App.Nova1View.height"), lines[4])
        XCTAssertTrue(lines.contains { $0.hasPrefix("  1× NSLayoutConstraint Pine1View.leading == Cedar3View.leading 6") }, result.out)
    }

    /// Identifiers that hold an address (`'cell:0x1'`) name different
    /// constraints; the summary must not merge them because only their
    /// address-like digits differ, nor split one conflict repeated with new
    /// addresses.
    func test_summary_keepsIdentifiersThatDifferOnlyInAddressDigitsApart() throws {
        func conflict(_ tag: String, _ a: String, _ b: String) -> String {
            """
            App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x\(a) 'cell:\(tag)' UIView:0x\(b).width == 10   (active)>",
                "<NSLayoutConstraint:0x\(b)1 UIView:0x\(b).width == 20   (active)>"
            )

            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x\(b)1 UIView:0x\(b).width == 20   (active)>

            """
        }
        let log = conflict("0x1", "a1", "b1") + conflict("0x2", "a2", "b2") + conflict("0x1", "a3", "b3")
        let result = try run(["--summary", "-"], stdin: log)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, """
            yours: 3 conflicts, 2 distinct
              2× NSLayoutConstraint 'cell:0x1' UIView.width == 10 | NSLayoutConstraint UIView.width == 20 => NSLayoutConstraint UIView.width == 20
              1× NSLayoutConstraint 'cell:0x2' UIView.width == 10 | NSLayoutConstraint UIView.width == 20 => NSLayoutConstraint UIView.width == 20
            3 conflicts, 2 distinct: 3 yours, 0 system, 0 transient

            """)
    }

    /// A log cut short inside a conflict (no closing parenthesis, no final
    /// newline) is reported over the lines it has, up to its last one.
    func test_report_ofALogCutShort_namesItsLastLine() throws {
        let log = """
            App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x10 UIView:0x11.width == 10   (active)>",
                "<NSLayoutConstraint:0x12 UIView:0x11.width == 20   (active)>"
            """
        let result = try run(["-"], stdin: log)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("== <stdin>:1-4 ==\n"), result.out)
    }

    /// A file of 16 MB or more is summarized in pieces, one per core
    /// (`LAYOUT_EXPLAIN_THREADS` sets how many): the summary is the one
    /// read whole, in text and JSON.
    func test_summary_ofABigFileReadInPieces_isTheSummaryOfTheFileReadWhole() throws {
        var log = ""
        for (index, name) in try ParsingCorpus.names().enumerated() {
            if index % 2 == 0 { log += "App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n" }
            log += try ParsingCorpus.text(name) + "\n"
            log += String(repeating: "2024-05-01 12:00:00.000 App[1:2] [Network] request done\n", count: 12)
        }
        let copies = (17 << 20) / log.utf8.count + 1
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("explain-pieces-\(UUID().uuidString).log")
        try Data(String(repeating: log, count: copies).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for arguments in [["--summary"], ["--summary", "--json"]] {
            let whole = try run(arguments + [url.path], environment: ["LAYOUT_EXPLAIN_THREADS": "1"])
            let pieces = try run(arguments + [url.path], environment: ["LAYOUT_EXPLAIN_THREADS": "2"])
            XCTAssertEqual(whole.status, 0, whole.err)
            XCTAssertEqual(pieces.status, 0, pieces.err)
            XCTAssertEqual(pieces.out, whole.out)
        }
        // Every copy's conflicts are counted, not one piece's.
        let whole = try run(["--summary", url.path], environment: ["LAYOUT_EXPLAIN_THREADS": "1"])
        let perCopy = ConsoleLogParser.parse(log).count
        XCTAssertTrue(whole.out.contains("\(perCopy * copies) conflicts,"), whole.out.suffix(200).description)
    }

    func test_json_reportsAndSummary() throws {
        let reports = try run(["--json", corpus("logs/027.txt")])
        XCTAssertEqual(reports.status, 0)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reports.out.utf8)) as? [String: Any])
        XCTAssertEqual(document["schema"] as? String, "layoutdebug/2")
        XCTAssertEqual(document["kind"] as? String, "explain")
        let array = try XCTUnwrap(document["reports"] as? [[String: Any]])
        XCTAssertEqual(array.count, 1)
        let explanation = try XCTUnwrap(array[0]["explanation"] as? [String: Any])
        XCTAssertEqual(explanation["verdict"] as? String, "contradiction")
        let summary = try run(["--json", "--summary", corpus("logs/027.txt")])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(summary.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["kind"] as? String, "explain-summary")
        XCTAssertEqual(object["total"] as? Int, 1)
    }

    /// Corpus 019 (the shortcut bar's `_UIButtonBarStackView` alone), 018
    /// (encapsulated height 0) and 007 (an image view in a cell 80 high): one
    /// conflict of each owner, the app's first.
    func test_summary_groupsByOwner_andCountsEveryOwner() throws {
        let files = ["logs/019.txt", "logs/018.txt", "logs/007.txt", "logs/022.txt"].map(corpus)
        let result = try run(["--summary"] + files)
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { !$0.hasPrefix("  ") }, [
            "yours: 1 conflict, 1 distinct", "system: 2 conflicts, 1 distinct", "transient: 1 conflict, 1 distinct",
            "4 conflicts, 3 distinct: 1 yours, 2 system, 1 transient",
        ])
        XCTAssertTrue(lines[3].hasPrefix("  2× NSLayoutConstraint 'UIView-leftMargin-guide-constraint'"), result.out)
        XCTAssertTrue(lines[3].contains("_UIButtonBarStackView"), result.out)

        let json = try run(["--summary", "--json"] + files)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["owners"] as? [String: Int], ["yours": 1, "system": 2, "transient": 1])
        let entries = try XCTUnwrap(object["conflicts"] as? [[String: Any]])
        XCTAssertEqual(entries.compactMap { $0["owner"] as? String }, ["yours", "system", "transient"])
    }

    /// Each report starts with its owner; `--json` gives each conflict an `owner`.
    func test_reports_sayTheOwnerFirst_andJSONHasIt() throws {
        let text = try run([corpus("logs/019.txt")])
        let lines = text.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[1], "Owner: system (only UIKit-internal views: _UIButtonBarStackView)")
        let reports = try run(["--json", corpus("logs/018.txt"), corpus("logs/023.txt")])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reports.out.utf8)) as? [String: Any])
        let array = try XCTUnwrap(document["reports"] as? [[String: Any]])
        XCTAssertEqual(array.compactMap { $0["owner"] as? String }, ["transient", "yours"])
        let report = try XCTUnwrap(array[1]["report"] as? [String: Any])
        XCTAssertEqual(report["owner"] as? String, "yours")
        XCTAssertEqual(report["ownerEvidence"] as? String, "the app's <Harbor1View:0xf2c859246bc0>")
    }

    /// `--app-module App` drops the app's module from corpus 001's `App.Nova1View`
    /// in the report and the summary; without it the name stays as logged.
    func test_appModule_dropsTheAppsModuleFromClassNames() throws {
        let plain = try run([corpus("logs/001.txt")])
        XCTAssertTrue(plain.out.contains("<App.Nova1View:0xf1d0f73cf460>.top + 21.0"), plain.out)
        let short = try run(["--app-module", "App", corpus("logs/001.txt")])
        XCTAssertEqual(short.status, 0, short.err)
        XCTAssertTrue(short.out.contains(" @1000 <UIStackView:0xac9744ff5f69>.top == <Nova1View:0xf1d0f73cf460>.top + 21.0\n"), short.out)
        XCTAssertFalse(short.out.contains("App."), short.out)
        let summary = try run(["--summary", "--app-module", "App", corpus("logs/001.txt")])
        XCTAssertTrue(summary.out.contains("'UIView-Encapsulated-Layout-Height' Nova1View.height == 2.22507e-308"), summary.out)
        let missing = try run(["--app-module"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.err, "layout-explain: --app-module needs a module NAME (see --help)\n")
    }

    func test_invalidInput_oneLineErrorsAndNonzeroStatus() throws {
        let invalid = try run([corpus("invalid/001.txt")])
        XCTAssertEqual(invalid.status, 1)
        XCTAssertEqual(invalid.err.split(separator: "\n").count, 1, invalid.err)
        XCTAssertTrue(invalid.err.contains("does not end in a hexadecimal address"), invalid.err)
        let missing = try run(["/nonexistent/log.txt"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.err, "layout-explain: /nonexistent/log.txt: No such file or directory\n")
        let noConflict = try run([corpus("traces/002.txt")])
        XCTAssertEqual(noConflict.status, 1)
        XCTAssertTrue(noConflict.err.contains("no Auto Layout conflict found"))
        let binary = try run(["-"], stdin: "\u{0}\u{1}\u{2}ELF")
        XCTAssertEqual(binary.status, 1)
        XCTAssertTrue(binary.err.contains("not a text console log"))
        let option = try run(["--frobnicate"])
        XCTAssertEqual(option.status, 2)
    }

    /// A file is mapped rather than copied, and a mapped file truncated while
    /// it is read (a log rotated in place) raises `SIGBUS`: the user gets a
    /// one-line error naming the input and status 1, not a crash. The signal
    /// is sent by hand, to a run waiting on standard input, since when a
    /// truncation lands cannot be timed from outside.
    func test_busError_whileReading_isAOneLineError() throws {
        let process = Process()
        process.executableURL = try BuiltTool.directory().appendingPathComponent("layout-explain")
        process.arguments = ["--summary", "-"]
        let input = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        // Long past its start, where the handler is installed: it waits on the open pipe.
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGBUS)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        input.fileHandleForWriting.closeFile()
        XCTAssertEqual(process.terminationReason, .exit, "it exits rather than dying of the signal")
        XCTAssertEqual(process.terminationStatus, 1)
        XCTAssertEqual(message, "layout-explain: <stdin>: the file shrank while it was being read (rotated or "
            + "truncated); run again once it stops changing\n")
    }

    func test_help() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("usage: layout-explain"))
    }

    func test_unparsedLine_isPrintedWithItsReason_andTheRestExplained() throws {
        let text = """
            (
                "<NSLayoutConstraint:0x1 UIView:0x2.height == 25>",
                "<NSLayoutConstraint:0x3 UIView:0x2.height == what>",
                "<NSLayoutConstraint:0x4 UIView:0x2.height >= 50>"
            )
            """
        let result = try run(["-"], stdin: text)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("unparsed: \"<NSLayoutConstraint:0x3 UIView:0x2.height == what>\","), result.out)
        XCTAssertTrue(result.out.contains("50 <= 25 is impossible"), result.out)
    }

    // MARK: - Logs as people paste them (logs written here from the grammar)

    /// What the clean log's report says: 16 + 350 + 16 against 375.
    private let cellArithmetic = "16 + 350 + 16 = 375 is impossible (382 against 375)"

    /// Each damaged form gets the clean log's explanation, a one-line note
    /// saying what was repaired, and no `unparsed:` line.
    func test_pastedForms_areExplainedLikeTheLogAsPrinted_andSaySo() throws {
        typealias Log = ParsingPastedLogTests
        let forms: [(String, String, String)] = [
            ("angle brackets", Log.log(damage: Log.unbracketed), "read 5 constraint lines without their angle brackets."),
            ("typographic quotes", Log.log(damage: Log.typographic), "read typographic quotes (“ ” ‘ ’) as plain ones in 5 lines."),
            ("HTML entities", Log.log(damage: Log.entities), "decoded HTML entities (&lt; &gt; &quot; …) in 5 lines."),
            ("quote markers", Log.log(prefix: "> ", damage: Log.unbracketed), "read 5 constraint lines without their angle brackets."),
            ("stray brace", Log.log(close: "}"), "read a stray '}' or ']' as the ')' that closes the list."),
            ("elision", Log.log(close: "    ...\n)"), "skipped 1 elision ('...') where the list was cut, so constraints may be missing."),
        ]
        for (form, log, note) in forms {
            let result = try run(["-"], stdin: log)
            XCTAssertEqual(result.status, 0, "\(form): \(result.err)")
            XCTAssertTrue(result.out.contains(cellArithmetic), "\(form): \(result.out)")
            XCTAssertTrue(result.out.contains("\nNote: the log was damaged on its way here: " + note + "\n"), "\(form): \(result.out)")
            XCTAssertFalse(result.out.contains("unparsed:"), "\(form): \(result.out)")
        }
        let clean = try run(["-"], stdin: Log.log())
        XCTAssertFalse(clean.out.contains("Note:"), clean.out)
    }

    /// A Markdown-damaged log with a line-number gutter, as a user pastes it.
    func test_unbracketedLog_withGutter_isNotRejected() throws {
        let log = """
             1 | Unable to simultaneously satisfy constraints.
             2 | (
             3 |     NSLayoutConstraint:0x600002f1c0a0 Pantry.SwipeView:0x7fe8d2c0b1f0.leading == UITableViewCellContentView:0x7fe8d2c0a0e0.leading + 5,
             4 |     NSLayoutConstraint:0x600002f1c190 Pantry.SwipeView:0x7fe8d2c0b1f0.width == 330,
             5 |     NSLayoutConstraint:0x600002f1c280 UITableViewCellContentView:0x7fe8d2c0a0e0.trailing == Pantry.SwipeView:0x7fe8d2c0b1f0.trailing + 5,
             6 |     NSLayoutConstraint:0x600002f1c370 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0x7fe8d2c0a0e0.width == 320
             7 |)
             8 | Will attempt to recover by breaking constraint
             9 | NSLayoutConstraint:0x600002f1c190 Pantry.SwipeView:0x7fe8d2c0b1f0.width == 330
            """
        let result = try run(["-"], stdin: log)
        XCTAssertEqual(result.status, 0, result.err)
        // 5 + 330 + 5 = 340 against the cell's 320.
        XCTAssertTrue(result.out.contains("5 + 330 + 5 = 320 is impossible (340 against 320)"), result.out)
        XCTAssertTrue(result.out.contains("Note: the log was damaged on its way here: read 5 constraint lines without their angle brackets."),
                      result.out)
        let summary = try run(["--summary", "-"], stdin: log)
        XCTAssertEqual(summary.status, 0, summary.err)
        XCTAssertTrue(summary.out.hasSuffix("1 conflict, 1 distinct: 1 yours, 0 system, 0 transient\n"), summary.out)
    }

    /// `--summary` counts every damaged form as the conflict it is.
    func test_summary_countsDamagedLogsWithTheirCleanTwin() throws {
        typealias Log = ParsingPastedLogTests
        let logs = [Log.log(), Log.log(damage: Log.unbracketed), Log.log(damage: Log.typographic),
                    Log.log(damage: Log.entities), Log.log(prefix: "> "), Log.log(close: "}")]
        let result = try run(["--summary", "-"], stdin: logs.joined())
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.out)
        XCTAssertEqual(lines[0], "yours: 6 conflicts, 1 distinct")
        XCTAssertTrue(lines[1].hasPrefix("  6× NSLayoutConstraint 'UIView-Encapsulated-Layout-Width'"), lines[1])
        XCTAssertEqual(lines[2], "6 conflicts, 1 distinct: 6 yours, 0 system, 0 transient")
    }

    /// AppKit's content view in a 6-wide text view, 0 from its left and 20
    /// from its right edge: 6 - 20 = -14 wide, read from the superview.
    func test_autoresizingPosition_isMeasuredFromTheSuperview() throws {
        let log = """
            Unable to simultaneously satisfy constraints:
            (
                "<NSLayoutConstraint:0x60000c2d0a10 Memo.EditorView:0x7f8c1b20a300.width == 6   (active)>",
                "<NSAutoresizingMaskLayoutConstraint:0x60000c2d0b20 h=-&- v=-&- _NSTextContentView:0x7f8c1b20b400.minX == 0   (active, names: '|':Memo.EditorView:0x7f8c1b20a300 )>",
                "<NSAutoresizingMaskLayoutConstraint:0x60000c2d0c30 h=-&- v=-&- H:[_NSTextContentView:0x7f8c1b20b400]-(20)-|   (active, names: '|':Memo.EditorView:0x7f8c1b20a300 )>"
            )
            """
        let result = try run(["-"], stdin: log)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("0 <= -14 is impossible"), result.out)
        XCTAssertTrue(result.out.contains("-Memo.EditorView.minX + _NSTextContentView.minX = 0"), result.out)
        XCTAssertTrue(result.out.contains("set translatesAutoresizingMaskIntoConstraints = false on _NSTextContentView"),
                      result.out)
        XCTAssertFalse(result.out.contains("No arithmetic contradiction"), result.out)
    }

    func test_nameWrittenForAnAddress_keepsItsCase() throws {
        let log = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x600001e4a0f0 cv.width == 414   (active, names: cv:0x7fa9e3d0c110 )>",
                "<NSLayoutConstraint:0x600001e4a1e0 cv.width == 390   (active, names: cv:0x7fa9e3d0c110 )>"
            )
            """
        let result = try run(["-"], stdin: log)
        XCTAssertTrue(result.out.contains("\nWhy:\ncv is 414 wide; cv is 390 wide: 414 = 390 is impossible."), result.out)
    }
}
