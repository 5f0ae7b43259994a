@testable import LayoutDebugSupport
import XCTest

/// Logs as a web page leaves them, each written here from the grammar in
/// one form of damage: the parser reads what the log said, says what it
/// repaired, and still reports what it could not read.
final class ParsingPastedLogTests: XCTestCase {
    /// One conflict, in its envelope: a label 350 wide, 16 from each side of
    /// a 375-wide cell (16 + 350 + 16 = 382, not 375).
    static let listed = [
        "<NSLayoutConstraint:0x6000033c1a40 H:|-(16)-[UILabel:0x7fd4e1c09a20'Tom\\U2019s books']   (active, names: '|':UITableViewCellContentView:0x7fd4e1c08f10 )>",
        "<NSLayoutConstraint:0x6000033c1b30 UILabel:0x7fd4e1c09a20'Tom\\U2019s books'.width == 350   (active)>",
        "<NSLayoutConstraint:0x6000033c1c20 H:[UILabel:0x7fd4e1c09a20'Tom\\U2019s books']-(16)-|   (active, names: '|':UITableViewCellContentView:0x7fd4e1c08f10 )>",
        "<NSLayoutConstraint:0x6000033c1d10 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0x7fd4e1c08f10.width == 375   (active)>",
    ]
    static let broken = "<NSLayoutConstraint:0x6000033c1b30 UILabel:0x7fd4e1c09a20'Tom’s books'.width == 350   (active)>"

    /// The log as UIKit prints it, with each list line and the broken line
    /// passed through `damage`, and `open`/`close` around the list.
    static func log(open: String = "(", close: String = ")", prefix: String = "",
                    damage: (String) -> String = { $0 }) -> String {
        var lines = ["2026-11-25 09:12:44.118 Shelf[2210:77120] [LayoutConstraints] Unable to simultaneously satisfy constraints.",
                     "\tProbably at least one of the constraints in the following list is one you don't want. ",
                     open]
        lines += listed.enumerated().map { "    " + damage("\"\($0.element)\"" + ($0.offset < listed.count - 1 ? "," : "")) }
        lines += [close, "", "Will attempt to recover by breaking constraint ", damage(broken), "",
                  "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger."]
        return lines.map { prefix + $0 }.joined(separator: "\n") + "\n"
    }

    private func only(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConflictSnapshot {
        let conflicts = ConsoleLogParser.parse(text)
        XCTAssertEqual(conflicts.count, 1, file: file, line: line)
        return try XCTUnwrap(conflicts.first, file: file, line: line)
    }

    /// The conflict as read from the undamaged log, apart from `repairs`.
    private func assertReadAsPrinted(_ conflict: ConflictSnapshot, file: StaticString = #filePath, line: UInt = #line) throws {
        var clean = try only(Self.log(), file: file, line: line)
        XCTAssertNil(clean.repairs, file: file, line: line)
        clean.repairs = conflict.repairs
        XCTAssertEqual(conflict, clean, file: file, line: line)
        XCTAssertEqual(conflict.unparsedLines, [], file: file, line: line)
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x6000033c1b30, file: file, line: line)
        XCTAssertEqual(conflict.mutuallyExclusive.first?.superview?.address, 0x7fd4e1c08f10, file: file, line: line)
    }

    // MARK: - Angle brackets

    /// Markdown took `<…>` and the quotes; a trailing comma stays.
    static func unbracketed(_ line: String) -> String {
        line.replacingOccurrences(of: "\"<", with: "").replacingOccurrences(of: ">\"", with: "")
            .replacingOccurrences(of: "<", with: "").replacingOccurrences(of: ">", with: "")
    }

    func test_linesWithoutAngleBrackets_areReadAsConstraints() throws {
        let conflict = try only(Self.log(damage: Self.unbracketed))
        XCTAssertTrue(Self.log(damage: Self.unbracketed).contains("\n    NSLayoutConstraint:0x6000033c1a40 H:|-(16)-[UILabel"))
        try assertReadAsPrinted(conflict)
        XCTAssertEqual(conflict.repairs?.unbracketedLines, 5)
    }

    func test_unbracketedList_withoutItsParentheses() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            NSLayoutConstraint:0x60000be10001 App.RowView:0x7fc2d1a00b10.height == 44,
            NSLayoutConstraint:0x60000be10002 App.RowView:0x7fc2d1a00b10.height >= 60
            Will attempt to recover by breaking constraint
            NSLayoutConstraint:0x60000be10002 App.RowView:0x7fc2d1a00b10.height >= 60
            """
        let conflict = try only(text)
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.constant), [44, 60])
        XCTAssertEqual(conflict.mutuallyExclusive.last?.relation, .greaterThanOrEqual)
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x60000be10002)
        XCTAssertEqual(conflict.repairs?.unbracketedLines, 3)
    }

    /// The newer AppKit "breaking" sentence ends in a period, which is the
    /// sentence's, not the constraint's.
    func test_unbracketedBrokenConstraint_endingASentence() throws {
        let text = """
            Unable to simultaneously satisfy constraints:
            (
                NSLayoutConstraint:0x60000be10001 NSButton:0x7fc2d1a00c20.width == 80,
                NSLayoutConstraint:0x60000be10002 NSButton:0x7fc2d1a00c20.width == 96.5
            )
            Will attempt to recover by breaking NSLayoutConstraint:0x60000be10002 NSButton:0x7fc2d1a00c20.width == 96.5.
            """
        let conflict = try only(text)
        XCTAssertEqual(conflict.brokenConstraint?.constant, 96.5)
        XCTAssertEqual(conflict.unparsedLines, [])
    }

    // MARK: - Quotes and entities

    static func typographic(_ line: String) -> String {
        var out = ""
        var opening = true
        for character in line.replacingOccurrences(of: "\\U2019", with: "’") {
            switch character {
            case "\"": out += opening ? "“" : "”"; opening.toggle()
            case "'": out += out.last.map { $0 == " " || $0 == "(" } ?? true ? "‘" : "’"
            default: out.append(character)
            }
        }
        return out
    }

    func test_typographicQuotes_areReadAsPlainOnes_andTheSuperviewIsNamed() throws {
        let text = Self.log(damage: Self.typographic)
        XCTAssertTrue(text.contains("names: ‘|’:UITableViewCellContentView"), text)
        XCTAssertTrue(text.contains("“<NSLayoutConstraint:0x6000033c1a40"), text)
        let conflict = try only(text)
        try assertReadAsPrinted(conflict)
        XCTAssertEqual(conflict.repairs?.typographicQuoteLines, 5)
        // The apostrophe inside the title is the title's own.
        XCTAssertEqual(conflict.mutuallyExclusive[1].firstItem?.title, "Tom’s books")
    }

    /// The "breaking" line prints a title's real `’` and `“ ”`; that is no damage.
    func test_aTitlesOwnTypographicQuotes_areNotDamage() throws {
        XCTAssertNil(try only(Self.log()).repairs)
        let text = Self.log().replacingOccurrences(of: "'Tom’s books'.width == 350   (active)>",
                                                   with: "'“Tom’s” books'.width == 350   (active)>")
        XCTAssertTrue(text.contains("“Tom’s”"))
        let conflict = try only(text)
        XCTAssertNil(conflict.repairs)
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x6000033c1b30)
    }

    static func entities(_ line: String) -> String {
        line.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    func test_htmlEntities_areDecoded() throws {
        let text = Self.log(damage: Self.entities)
        XCTAssertFalse(text.contains("<NSLayoutConstraint"), text)
        let conflict = try only(text)
        try assertReadAsPrinted(conflict)
        XCTAssertEqual(conflict.repairs?.htmlEntityLines, 5)
    }

    /// An autoresizing mask's `&` is no entity.
    func test_autoresizingMask_isNotTakenForAnEntity() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSAutoresizingMaskLayoutConstraint:0x60000be10001 h=-&- v=&-- UIView:0x7fc2d1a00d30.height == 86   (active)>",
                "<NSLayoutConstraint:0x60000be10002 UIView:0x7fc2d1a00d30.height == 90   (active)>"
            )
            """
        let conflict = try only(text)
        XCTAssertEqual(conflict.mutuallyExclusive.first?.autoresizingMask, "h=-&- v=&--")
        XCTAssertNil(conflict.repairs)
    }

    /// A page keeps the runs of spaces before `(active)` and the list's
    /// indentation as non-breaking spaces.
    func test_nonBreakingSpaces_areReadAsSpaces() throws {
        let text = Self.log { $0.replacingOccurrences(of: "   (active", with: "\u{A0}\u{A0} (active") }
            .replacingOccurrences(of: "\n    ", with: "\n\u{A0}\u{A0}\u{A0} ")
            .replacingOccurrences(of: "\n(", with: "\n\u{A0}(")
        XCTAssertTrue(text.contains("\u{A0}\u{A0} (active"))
        let conflict = try only(text)
        try assertReadAsPrinted(conflict)
        XCTAssertEqual(conflict.repairs?.nonBreakingSpaceLines, 5)
    }

    // MARK: - Prefixes, gutters, elisions, brackets

    func test_quoteMarkerOnEveryLine_withUnbracketedLines() throws {
        let conflict = try only(Self.log(prefix: "> ", damage: Self.unbracketed))
        try assertReadAsPrinted(conflict)
    }

    func test_lineNumberGutters() throws {
        for gutter in ["12  ", " 7 | ", "103\t"] {
            let text = Self.log().split(separator: "\n", omittingEmptySubsequences: false)
                .map { gutter + $0 }.joined(separator: "\n")
            try assertReadAsPrinted(try only(text))
        }
    }

    func test_elisions_areCounted_notUnparsed() throws {
        for elision in ["...", "…", "\"...\",", "[...]", "(…)"] {
            let text = Self.log().replacingOccurrences(of: "    \"<NSLayoutConstraint:0x6000033c1b30",
                                                       with: "    \(elision)\n    \"<NSLayoutConstraint:0x6000033c1b30")
            let conflict = try only(text)
            try assertReadAsPrinted(conflict)
            XCTAssertEqual(conflict.repairs?.elisions, 1, elision)
        }
    }

    func test_aListClosedWithABrace_isNotUnparsed() throws {
        let conflict = try only(Self.log(close: "}"))
        try assertReadAsPrinted(conflict)
        XCTAssertEqual(conflict.repairs?.strayClosings, 1)
    }

    // MARK: - What stays unread

    func test_aTrulyUnreadableLine_isStillReported() throws {
        let text = Self.log(damage: Self.unbracketed).replacingOccurrences(
            of: "UILabel:0x7fd4e1c09a20'Tom\\U2019s books'.width == 350   (active),",
            with: "UILabel:0x7fd4e1c09a20'Tom\\U2019s books'.width === 350   (active),")
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(text).first)
        XCTAssertEqual(conflict.unparsedLines.count, 1, "\(conflict.unparsedLines)")
        XCTAssertTrue(conflict.unparsedLines.first?.contains("=== 350") == true)
        XCTAssertEqual(conflict.mutuallyExclusive.count, 3)
    }

    // MARK: - Summary

    private func summarized(_ text: String) -> [ParsedConflict] {
        var parser = ConsoleLogParser(summarizing: true)
        var found: [ParsedConflict] = []
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { parser.consume($0) { found.append($0) } }
        parser.finish { found.append($0) }
        return found
    }

    /// Each damaged form signs like the log as printed, and the summary's
    /// cache (keyed on text apart from addresses) gives each its own repairs.
    func test_summary_signsDamagedLogsLikeTheLogAsPrinted() throws {
        let forms = [Self.log(), Self.log(damage: Self.unbracketed), Self.log(damage: Self.typographic),
                     Self.log(damage: Self.entities), Self.log(close: "}"), Self.log(), Self.log(close: "}")]
        let summary = summarized(forms.joined())
        XCTAssertEqual(summary.count, forms.count)
        XCTAssertEqual(Set(summary.map(\.signature)).count, 1, "\(summary.map(\.signature))")
        XCTAssertEqual(summary.map(\.signature), ConsoleLogParser.parse(forms.joined()).map(\.signature))
        XCTAssertEqual(summary.map { $0.snapshot.repairs?.strayClosings ?? 0 }, [0, 0, 0, 0, 1, 0, 1])
        XCTAssertEqual(summary.map { $0.snapshot.repairs?.unbracketedLines ?? 0 }, [0, 5, 0, 0, 0, 0, 0])
    }
}
