@testable import LayoutDebugSupport
import XCTest

/// A test log read as `layout-explain --ci` reads it: each conflict under its signature and the
/// test case it was printed in, whatever form the log's test lines take and however it is cut.
final class ConflictRunReaderTests: XCTestCase {
    /// UIKit's full envelope (ReferenceKit's `ConflictLog`, the corpus' modern form) around two
    /// width constraints of one view, `first` and `second` points; `second` breaks.
    static func widthConflict(_ first: Int, _ second: Int, view: String = "0x7f01") -> String {
        """
        2026-11-29 10:00:00.000000+0000 App[1:1] [LayoutConstraints] Unable to simultaneously satisfy constraints.
        \tProbably at least one of the constraints in the following list is one you don't want. 
        \tTry this: 
        \t\t(1) look at each constraint and try to figure out which you don't expect; 
        \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 
        (
            "<NSLayoutConstraint:0x6001 UIView:\(view).width == \(first)   (active)>",
            "<NSLayoutConstraint:0x6002 UIView:\(view).width == \(second)   (active)>"
        )

        Will attempt to recover by breaking constraint 
        <NSLayoutConstraint:0x6002 UIView:\(view).width == \(second)   (active)>

        Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
        The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.

        """
    }

    /// The signature of `widthConflict(first, second)`: each constraint's shape (class, item
    /// class and attribute, relation, constant), sorted, then the broken one's after `=>`.
    static func widthSignature(_ first: Int, _ second: Int) -> String {
        "NSLayoutConstraint UIView.width == \(first) | NSLayoutConstraint UIView.width == \(second) "
            + "=> NSLayoutConstraint UIView.width == \(second)"
    }

    /// `text` read in pieces of `piece` lines (all of it at once when 0).
    static func read(_ text: String, known: Set<String> = [], piece: Int = 0) -> ConflictRun {
        let reader = ConflictRunReader(run: ConflictRun(known: known))
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
        if text.hasSuffix("\n") { lines.removeLast() } else if var last = lines.popLast() { last.removeLast(); lines.append(last) }
        let size = piece == 0 ? max(lines.count, 1) : piece
        for start in stride(from: 0, to: lines.count, by: size) {
            var bytes = Array(lines[start..<min(start + size, lines.count)].joined().utf8)
            ByteText.withTerminated(&bytes) { text, count in reader.consume(UnsafeBufferPointer(start: text.base, count: count)) }
        }
        reader.finish()
        return reader.run
    }

    private func tests(_ run: ConflictRun, _ signature: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        guard let group = run.groups.first(where: { $0.signature == signature }) else {
            XCTFail("no group \(signature) in \(run.groups.map(\.signature))", file: file, line: line)
            return []
        }
        return group.tests(in: run).map(\.display)
    }

    func test_xcodebuildLog_putsEachConflictUnderTheTestItWasPrintedIn() {
        let log = "Test Suite 'TitleTests' started at 2026-11-29 10:00:00.000.\n"
            + "Test Case '-[AppTests.TitleTests testTitle]' started.\n" + Self.widthConflict(100, 120)
            + "Test Case '-[AppTests.TitleTests testTitle]' passed (0.010 seconds).\n"
            + "Test Case '-[AppTests.TitleTests testBadge]' started.\n" + Self.widthConflict(100, 140)
            + Self.widthConflict(100, 120, view: "0x7f02")
            + "Test Case '-[AppTests.TitleTests testBadge]' passed (0.010 seconds).\n"
        for piece in [0, 1, 3, 7] {
            let run = Self.read(log, piece: piece)
            XCTAssertEqual(run.total, 3, "piece \(piece)")
            XCTAssertEqual(run.groups.map(\.count), [2, 1], "piece \(piece)")
            XCTAssertEqual(tests(run, Self.widthSignature(100, 120)), ["AppTests.TitleTests.testTitle", "AppTests.TitleTests.testBadge"])
            XCTAssertEqual(tests(run, Self.widthSignature(100, 140)), ["AppTests.TitleTests.testBadge"])
            XCTAssertEqual(run.testCases.count, 2)
            XCTAssertFalse(run.endsInsideConflict)
        }
    }

    func test_aConflictStillOpenWhenItsTestEnds_isThatTests() {
        // The list is closed but the "breaking" line comes after the next test's start: the
        // conflict was printed in the first test.
        let conflict = Self.widthConflict(100, 120)
        let split = conflict.range(of: "\nWill attempt")!.lowerBound
        let log = "Test Case 'TitleTests.testTitle' started at 2026-11-29 10:00:00.001\n" + conflict[..<split] + "\n"
            + "Test Case 'TitleTests.testTitle' passed (0.002 seconds)\n"
            + "Test Case 'TitleTests.testOther' started at 2026-11-29 10:00:00.003\n"
            + conflict[conflict.index(after: split)...]
            + "Test Case 'TitleTests.testOther' passed (0.002 seconds)\n"
        let run = Self.read(log)
        XCTAssertEqual(run.total, 1)
        XCTAssertEqual(tests(run, Self.widthSignature(100, 120)), ["TitleTests.testTitle"])
    }

    func test_xcbeautifyLog_givesTheConflictsBeforeEachResultLineToThatTest() {
        let log = "Test Suite 'TitleTests' started at 2026-11-29 10:00:00.000\n" + Self.widthConflict(100, 120)
            + "    ✔ testTitle (0.010 seconds)\n" + Self.widthConflict(100, 140) + "    ✖ testBadge, XCTAssertTrue failed\n"
            + "    ✔ testClean (0.001 seconds)\n" + Self.widthConflict(100, 160)
        let run = Self.read(log, piece: 2)
        XCTAssertEqual(tests(run, Self.widthSignature(100, 120)), ["TitleTests.testTitle"])
        XCTAssertEqual(tests(run, Self.widthSignature(100, 140)), ["TitleTests.testBadge"])
        // No result line after the last: it belongs to no test.
        XCTAssertEqual(tests(run, Self.widthSignature(100, 160)), [])
        XCTAssertEqual(run.groups.first { $0.signature == Self.widthSignature(100, 160) }?.outsideTests, 1)
    }

    /// xcbeautify indents its result lines; however deep, with spaces or tabs, they are read, and
    /// every line is counted once, blank ones and one of blanks alone included.
    func test_indentedResultLines_areRead_andEveryLineCounted() {
        let log = "Test Suite 'TitleTests' started at 2026-11-29 10:00:00.000\n" + Self.widthConflict(100, 120)
            + "        ✔ testTitle (0.010 seconds)\n" + "       \n" + Self.widthConflict(100, 140)
            + "  \t   ✖ testBadge, XCTAssertTrue failed\n" + Self.widthConflict(100, 160) + "\t✔ testClean (0.001 seconds)\n"
            + "   "
        let lines = log.utf8.filter { $0 == 0x0A }.count + 1
        for piece in [0, 1, 4] {
            let run = Self.read(log, piece: piece)
            XCTAssertEqual(tests(run, Self.widthSignature(100, 120)), ["TitleTests.testTitle"], "piece \(piece)")
            XCTAssertEqual(tests(run, Self.widthSignature(100, 140)), ["TitleTests.testBadge"], "piece \(piece)")
            XCTAssertEqual(tests(run, Self.widthSignature(100, 160)), ["TitleTests.testClean"], "piece \(piece)")
            XCTAssertEqual(run.lines, lines, "piece \(piece)")
        }
    }

    func test_swiftTestingLog_givesAConflictToTheTestStartedLastOfThoseRunning() {
        let log = "◇ Test title() started.\n" + Self.widthConflict(100, 120) + "◇ Test badge() started.\n"
            + Self.widthConflict(100, 140) + "✔ Test badge() passed after 0.001 seconds.\n" + Self.widthConflict(100, 160)
            + "✔ Test title() passed after 0.002 seconds.\n"
        let run = Self.read(log)
        XCTAssertEqual(tests(run, Self.widthSignature(100, 120)), ["title()"])
        XCTAssertEqual(tests(run, Self.widthSignature(100, 140)), ["badge()"])
        XCTAssertEqual(tests(run, Self.widthSignature(100, 160)), ["title()"])
    }

    func test_newConflictsFirstOccurrence_isKeptInFull_withItsLines() {
        let log = "Test Case 'T.a' started at 2026-11-29 10:00:00.001\n" + Self.widthConflict(100, 120)
            + Self.widthConflict(100, 140) + "Test Case 'T.a' passed (0.002 seconds)\n"
        // 100/120 is known; 100/140 is new. Its header is line 1 + 15 (the first conflict's
        // 15 lines) + 1.
        let run = Self.read(log, known: [Self.widthSignature(100, 120)], piece: 5)
        let new = run.groups.first { $0.isNew }
        XCTAssertEqual(new?.signature, Self.widthSignature(100, 140))
        XCTAssertEqual(new?.first?.firstLine, 17)
        XCTAssertEqual(new?.first?.snapshot.brokenConstraint?.constant, 140)
        XCTAssertEqual(new?.first?.snapshot.ordinal, 2)
        XCTAssertNil(run.groups.first { !$0.isNew }?.first, "a known conflict is not read twice")
        XCTAssertEqual(run.lines, 32)
    }

    func test_aLogCutInsideAConflict_saysSo_andCountsWhatCameBefore() {
        let whole = Self.widthConflict(100, 120)
        for cut in ["\n    \"<NSLayoutConstraint:0x6002", "\nWill attempt", "\n(\n"] {
            let end = whole.range(of: cut)!.lowerBound
            let log = Self.widthConflict(50, 60) + whole[..<end] + (cut == "\n(\n" ? "\n" : cut == "\nWill attempt" ? "\n\nWill attempt to recover by breaking constraint \n" : "\n")
            let run = Self.read(log)
            XCTAssertTrue(run.endsInsideConflict, "cut before \(cut.debugDescription)")
            // The conflict before is counted; the cut one, whose signature would lack its end, is not.
            XCTAssertEqual(run.groups.map(\.signature), [Self.widthSignature(50, 60)])
        }
        XCTAssertFalse(Self.read(whole).endsInsideConflict)
        XCTAssertFalse(Self.read(whole + "Test Case 'T.a' passed (0.002 seconds)").endsInsideConflict)
    }
}
