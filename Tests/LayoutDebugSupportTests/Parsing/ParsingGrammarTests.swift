@testable import LayoutDebugSupport
import XCTest

/// Forms of the corpus grammar that no corpus file shows.
final class ParsingGrammarTests: XCTestCase {
    private func one(_ line: String, file: StaticString = #filePath, line number: UInt = #line) throws
        -> ConstraintSnapshot {
        do {
            return try ConstraintLineParser.parse(line)
        } catch {
            XCTFail("\(line): \(error)", file: file, line: number)
            throw error
        }
    }

    func test_appKit2010_spaceAfterTheColon_andTitledSize() throws {
        let c = try one("<NSLayoutConstraint: 0x40082d820 H:[NSButton:0x4004ea720'OK'(20)]>")
        XCTAssertEqual(c.address, 0x40082d820)
        XCTAssertEqual(c.firstItem?.title, "OK")
        XCTAssertEqual(c.firstAttribute, .width)
        XCTAssertEqual(c.constant, 20)
        XCTAssertTrue(ConstraintFormatter.isUnary(c))
    }

    func test_masonry_keysAndWordPriorities() throws {
        let keyed = try one("<MASLayoutConstraint:ConstraintKey UILabel:titleKey.width >= 100 ^low>")
        XCTAssertNil(keyed.address)
        XCTAssertEqual(keyed.firstItem?.className, "UILabel")
        XCTAssertEqual(keyed.firstItem?.name, "titleKey")
        XCTAssertEqual(keyed.priority, 250)
        // The key is the name the code gave the constraint: kept, and printed as a name to
        // search for, never as a place it was made.
        XCTAssertEqual(keyed.identifier, "ConstraintKey")
        XCTAssertNil(keyed.madeAtText)
        XCTAssertEqual(keyed.sourceText, "search your code for mas_key 'ConstraintKey'")
        let plain = try one("<MASLayoutConstraint:0x6000 UIView:0x7f1.left == UIView:0x7f2.left + 10 ^999>")
        XCTAssertEqual(plain.priority, 999)
        XCTAssertNil(plain.identifier)
        XCTAssertNil(plain.madeAtText)
        XCTAssertEqual(plain.constant, 10)
    }

    func test_anAppsIdentifier_isANameToSearchFor_notAPlace_andNotTheSystems() throws {
        let named = try one("<NSLayoutConstraint:0x6000 'avatar-left' UIView:0x7f1.left == UIView:0x7f2.left + 10>")
        XCTAssertNil(named.madeAtText)
        XCTAssertEqual(named.sourceText, "search your code for identifier 'avatar-left'")
        let system = try one("<NSLayoutConstraint:0x6000 'UIView-Encapsulated-Layout-Width' UIView:0x7f1.width == 320>")
        XCTAssertNil(system.sourceText)
        // The keyboard's own views, under an identifier of UIKit's that no system prefix marks:
        // no code of the app's has it.
        let keyboard = try one("<NSLayoutConstraint:0x6001 'assistantView.bottom' "
                               + "TUISystemInputAssistantView:0x7f3.bottom == _UIKBCompatInputView:0x7f4.top>")
        XCTAssertNil(keyboard.sourceText)
    }

    func test_snapKit_pathWithSpaces() throws {
        let c = try one("<SnapKit.LayoutConstraint:0x242f@My Screen View.swift#88 UIView:0x1.height >= 44.0>")
        XCTAssertEqual(c.sourceLocation, "My Screen View.swift#88")
        XCTAssertEqual(c.firstItem?.address, 1)
    }

    func test_oldSnapKit_nestedForm() throws {
        let c = try one("<<App.LayoutConstraint:0x11> <UIView:0x12>.top == <_UILayoutGuide:0x13>.bottom + 8.0>")
        XCTAssertEqual(c.className, "App.LayoutConstraint")
        XCTAssertEqual(c.address, 0x11)
        XCTAssertEqual(c.firstItem?.address, 0x12)
        XCTAssertEqual(c.secondItem?.className, "_UILayoutGuide")
        XCTAssertEqual(c.secondAttribute, .bottom)
        XCTAssertEqual(c.constant, 8)
    }

    func test_rightToLeft_reversesTheGap() throws {
        let c = try one("<NSLayoutConstraint:0x16 H:[UIView:0x15]-(>=NSLayoutAnchorConstraintSpace(8))-[UIView:0x17](RTL)>")
        // In RTL the second element sits left of the first: 0x15.left − 0x17.right >= 8.
        XCTAssertEqual(c.firstItem?.address, 0x17)
        XCTAssertEqual(c.firstAttribute, .right)
        XCTAssertEqual(c.relation, .lessThanOrEqual)
        XCTAssertEqual(c.secondItem?.address, 0x15)
        XCTAssertEqual(c.secondAttribute, .left)
        XCTAssertEqual(c.constant, -8)
        XCTAssertTrue(c.isSystemSpacing)
    }

    func test_visualGaps_priorityNegativeAndEqualWidths() throws {
        let low = try one("<NSLayoutConstraint:0x18 V:[UIView:0x15]-(0@250)-[UIView:0x17]   (active)>")
        XCTAssertEqual(low.priority, 250)
        XCTAssertEqual(low.firstAttribute, .top)
        XCTAssertEqual(low.secondAttribute, .bottom)
        let negative = try one("<NSLayoutConstraint:0x19 H:|-(-20)-[UIView:0x15]   (active, names: '|':UIView:0x20 )>")
        XCTAssertEqual(negative.constant, -20)
        XCTAssertEqual(negative.secondItem?.address, 0x20)
        let equal = try one("<NSLayoutConstraint: 0x1 H:[NSButton:0x2'OK'(==NSButton:0x3)]>")
        XCTAssertEqual(equal.secondItem?.address, 3)
        XCTAssertEqual(equal.secondAttribute, .width)
    }

    func test_priorityInactiveAndSpacedNegativeConstant() throws {
        let c = try one("<NSLayoutConstraint:0x14 'my id $ ' UIView:0x15.width == - 16   priority:999   (inactive)>")
        XCTAssertEqual(c.identifier, "my id $ ")
        XCTAssertEqual(c.constant, -16)
        XCTAssertEqual(c.priority, 999)
        XCTAssertEqual(c.isActive, false)
    }

    func test_contentSizeConstraint_becomesTheInequalityItsPrioritiesMake() throws {
        let resisting = try one("<NSContentSizeLayoutConstraint:0x6 UILabel:0x7'Hello'.width == 41 Hug:250 CompressionResistance:1000   (active)>")
        XCTAssertEqual(resisting.relation, .greaterThanOrEqual)
        XCTAssertEqual(resisting.priority, 1000)
        XCTAssertEqual(resisting.constant, 41)
        let optional = try one("<NSContentSizeLayoutConstraint:0x6 UILabel:0x7.height == 20.5 Hug:250 CompressionResistance:750>")
        XCTAssertEqual(optional.relation, .equal)
        XCTAssertEqual(optional.priority, 750)
    }

    func test_priorityAfterAnEquation() throws {
        let c = try one("<NSLayoutConstraint:0x1 UILabel:0x2'a @ b'.height == 20 @750>")
        XCTAssertEqual(c.priority, 750)
        XCTAssertEqual(c.constant, 20)
        XCTAssertEqual(c.firstItem?.title, "a @ b")
    }

    func test_multiplierBeforeAndAfter_andSystemSpaceConstant() throws {
        let before = try one("<NSLayoutConstraint:0x1 UIView:0x2.width == 0.5*UIView:0x3.width + 10>")
        XCTAssertEqual(before.multiplier, 0.5)
        XCTAssertEqual(before.constant, 10)
        let space = try one("<NSLayoutConstraint:0x1 UIView:0x2.leading == UIView:0x3.trailing + NSSpace(8)>")
        XCTAssertEqual(space.constant, 8)
        XCTAssertTrue(space.isSystemSpacing)
        let tiny = try one("<NSLayoutConstraint:0x1 UIView:0x2.height == 2.22507e-308   (active)>")
        XCTAssertEqual(tiny.constant, 2.22507e-308)
    }

    func test_titleWithColonsQuotesAndParentheses_inVisualForm() throws {
        let c = try one("<NSLayoutConstraint:0x1 H:[UIButton:0x2'Sign in: (it's) [here]']-(8)-|   (active, names: '|':UIView:0x3 )>")
        XCTAssertEqual(c.secondItem?.title, "Sign in: (it's) [here]")
        XCTAssertEqual(c.firstItem?.address, 3)
        XCTAssertEqual(c.firstAttribute, .trailing)
    }

    func test_namesWithSpacesParenthesesAndColons() throws {
        let c = try one("<NSLayoutConstraint:0x1 H:[Save (primary):v2]-(8)-|   (active, names: Save (primary):v2:0xab, '|':UIView:0x3 )>")
        XCTAssertEqual(c.secondItem?.address, 0xab)
        XCTAssertEqual(c.secondItem?.name, "Save (primary):v2")
    }

    func test_badAddress_isAnError_notAGuess() {
        XCTAssertThrowsError(try ConstraintLineParser.parse("<NSLayoutConstraint:0xe2h00099cd0 UIView:0x1.width <= 0>"))
        XCTAssertThrowsError(try ConstraintLineParser.parse("<NSLayoutConstraint:0x1 UIView:0x1.width <> 0>"))
        XCTAssertThrowsError(try ConstraintLineParser.parse("<NSLayoutConstraint:0x1 H:[UIView:0x2]-[UIView:0x3]>"))
    }

    // MARK: - Envelopes

    func test_prefixes_timestampsQuotesCommentsAndMarkdown() {
        let bodies = ["\"<NSLayoutConstraint:0x20 UIView:0x21.height == 10   (active)>\",",
                      "\"<NSLayoutConstraint:0x22 UIView:0x21.height == 20   (active)>\""]
        let prefixes = ["2015-03-20 15:34:21.095 App[46096:2321889] ", "> ", "//   ", "**", "\t", "     ", "",
                        "Mar 20 15:34:21 iPhone App[123] <Notice>: ", "> > ",
                        "2020-05-05 10:00:00.000000+0200 0x1a2b Default 0x0 123 0 App: [com.apple.UIKit:LayoutConstraints] "]
        for prefix in prefixes {
            let text = ([prefix + "Unable to simultaneously satisfy constraints.", prefix + "("]
                + bodies.map { prefix + $0 } + [prefix + ")", prefix + "Will attempt to recover by breaking constraint",
                prefix + "<NSLayoutConstraint:0x22 UIView:0x21.height == 20   (active)>"]).joined(separator: "\n")
            let conflicts = ConsoleLogParser.parse(text)
            XCTAssertEqual(conflicts.count, 1, prefix)
            XCTAssertEqual(conflicts.first?.mutuallyExclusive.count, 2, prefix)
            XCTAssertEqual(conflicts.first?.brokenConstraint?.address, 0x22, prefix)
            XCTAssertEqual(conflicts.first?.unparsedLines, [], prefix)
        }
    }

    func test_backToBackLogs_withoutBlankLines_andTrimmedHeaders() {
        let text = """
            Unable to simultaneously satisfy constraints:
            (
            "<NSLayoutConstraint:0x1 UIView:0x2.width == 10>"
            )
            Will attempt to recover by breaking <NSLayoutConstraint:0x1 UIView:0x2.width == 10>.
            (
            "<NSLayoutConstraint:0x3 UIView:0x2.width == 20>",
            ...
            )
            (
            "<NSLayoutConstraint:0x4 UIView:0x2.width == 30>"
            )
            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x4 UIView:0x2.width == 30>
            """
        let conflicts = ConsoleLogParser.parse(text)
        XCTAssertEqual(conflicts.map(\.mutuallyExclusive.count), [1, 1, 1])
        XCTAssertEqual(conflicts.map { $0.brokenConstraint?.address }, [0x1, nil, 0x4])
        XCTAssertEqual(conflicts.map(\.ordinal), [1, 2, 3])
    }

    func test_escapedTitles_matchTheRealCharacters_byAddress() throws {
        let text = """
            (
                "<NSLayoutConstraint:0x7f8 H:[UIButton:0x7f9'Don\\U2019t \\"go\\"'(768)]>"
            )
            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x7f8 H:[UIButton:0x7f9'Don’t "go"'(768)]>
            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(text).first)
        XCTAssertEqual(conflict.mutuallyExclusive.first?.firstItem?.title, "Don’t \"go\"")
        XCTAssertEqual(conflict.brokenConstraint, conflict.mutuallyExclusive.first)
    }

    func test_redactedLog_isMarkedRedacted() throws {
        let text = """
            2020-05-05 10:00:00.000000+0200 App[1:2] [Layout] Unable to simultaneously satisfy constraints:
            (
                "<private>",
                "<private>"
            )
            Will attempt to recover by breaking constraint
            <private>
            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(text).first)
        XCTAssertTrue(conflict.isRedacted)
        XCTAssertEqual(conflict.mutuallyExclusive, [])
        XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .redacted)
    }

    func test_unreadableLine_isKept_andTheRestStillRead() throws {
        let text = """
            Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x1 UIView:0x2.width == 10>",
                "<NSLayoutConstraint:0x3 this is not a body>",
                "<NSLayoutConstraint:0x4 UIView:0x2.width == 20>"
            )
            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(text).first)
        XCTAssertEqual(conflict.mutuallyExclusive.count, 2)
        XCTAssertEqual(conflict.unparsedLines, ["\"<NSLayoutConstraint:0x3 this is not a body>\","])
        XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .contradiction)
    }

    func test_ordinaryArraysAndViewDescriptions_areNotConflicts() {
        let text = """
            2024-01-01 App[1:2] items: (
                1,
                2
            )
            2024-01-01 App[1:2] <UIView: 0x7f8; frame = (0 0; 375 667); layer = <CALayer: 0x600>>
            """
        XCTAssertEqual(ConsoleLogParser.parse(text).count, 0)
    }

    func test_streaming_inTinyChunks_givesTheSameConflicts() throws {
        let text = try ParsingCorpus.enveloped("014.txt", brokenIndex: 3).text + ParsingCorpus.text("009.txt")
        let whole = ConsoleLogParser.parse(text)
        var parser = ConsoleLogParser()
        var streamed: [ConflictSnapshot] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            var bytes = Array((line + "\n").utf8)
            bytes.withUnsafeMutableBufferPointer { buffer in
                parser.consume(UnsafeBufferPointer(buffer)) { streamed.append($0.snapshot) }
            }
        }
        parser.finish { streamed.append($0.snapshot) }
        XCTAssertEqual(streamed, whole)
        XCTAssertEqual(whole.count, 2)
    }

    /// Found by the fuzzer: a header with no list or constraint after it
    /// within reach is not a conflict when read whole, but was read as one
    /// when the buffer ended right after it and its (garbled) broken
    /// constraint came in the next buffer.
    func test_aHeaderEndingABuffer_isDecidedAsInOneBuffer() {
        let text = """
            2015-03-20 15:34:21.095 App[1:2] Unable to simultaneously satisfy constraints.
            )

            Will attempt to recover by breaking constraint
            <NSLayoutCo\u{84}nstraint:0x7f8 H:[UIButton:0x7f9(768)]>

            Break on objc_exception_throw to catch this in the debugger.
            2017-01-01 10:00:00.000 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
                "<NSLayoutConstraint:0x14 UIView:0x15.width == 16   (active)>",
                "<NSLayoutConstraint:0x16 UIView:0x15.width == 20   (active)>"
            )
            Will attempt to recover by breaking
            <NSLayoutConstraint:0x16 UIView:0x15.width == 20   (active)>

            """
        let whole = ConsoleLogParser.parse(text)
        XCTAssertEqual(whole.count, 1)
        let bytes = Array(text.utf8)
        for split in bytes.indices where bytes[split] == 0x0A {
            var parser = ConsoleLogParser()
            var pieces: [ConflictSnapshot] = []
            bytes.withUnsafeBufferPointer { buffer in
                parser.consume(UnsafeBufferPointer(rebasing: buffer[...split])) { pieces.append($0.snapshot) }
                parser.consume(UnsafeBufferPointer(rebasing: buffer[(split + 1)...])) { pieces.append($0.snapshot) }
            }
            parser.finish { pieces.append($0.snapshot) }
            XCTAssertEqual(pieces, whole, "split after byte \(split)")
        }
    }

    /// The other side of the same rule: a header at the very end of a
    /// buffer whose list arrives in the next one is still read.
    func test_aHeaderEndingABuffer_stillStartsTheConflictItsListFollows() {
        let header = "2017-01-01 10:00:00.000 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\n"
        let rest = """
            (
                "<NSLayoutConstraint:0x14 UIView:0x15.width == 16   (active)>",
                "<NSLayoutConstraint:0x16 UIView:0x15.width == 20   (active)>"
            )
            Will attempt to recover by breaking
            <NSLayoutConstraint:0x16 UIView:0x15.width == 20   (active)>

            """
        var parser = ConsoleLogParser()
        var found: [ConflictSnapshot] = []
        for piece in [header, rest] {
            let bytes = Array(piece.utf8)
            bytes.withUnsafeBufferPointer { parser.consume($0) { found.append($0.snapshot) } }
        }
        parser.finish { found.append($0.snapshot) }
        XCTAssertEqual(found, ConsoleLogParser.parse(header + rest))
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.mutuallyExclusive.count, 2)
    }

    /// `layout-explain` prints `FILE:FIRST-LAST` over each report: from the
    /// header to the conflict's last line, whether or not a newline ends the
    /// file. A log cut short (a paste, a full disk) ends its conflict at its
    /// last line, which the parser reads only when the input ends.
    func test_lineNumbers_runFromTheHeaderToTheConflictsLastLine_withOrWithoutAFinalNewline() {
        let header = """
            2024-01-01 App started
            App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
            (
                "<NSLayoutConstraint:0x10 UIView:0x11.width == 10   (active)>",
                "<NSLayoutConstraint:0x12 UIView:0x11.width == 20   (active)>"
            """
        let whole = header + """

            )

            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x12 UIView:0x11.width == 20   (active)>
            """
        for (log, lastLine) in [(whole, 9), (header, 5)] {
            for text in [log, log + "\n"] {
                var parser = ConsoleLogParser()
                var places: [[Int]] = []
                let bytes = Array(text.utf8)
                bytes.withUnsafeBufferPointer { parser.consume($0) { places.append([$0.firstLine, $0.lastLine]) } }
                parser.finish { places.append([$0.firstLine, $0.lastLine]) }
                XCTAssertEqual(places, [[2, lastLine]], text)
            }
        }
    }

    func test_summarizing_givesTheSignaturesOfAFullParse() throws {
        var text = ""
        for name in try ParsingCorpus.names() { text += try ParsingCorpus.enveloped(name, brokenIndex: 0).text }
        text += text
        let full = ConsoleLogParser.parse(text).map(\.signature)
        var parser = ConsoleLogParser(summarizing: true)
        var summarized: [String] = []
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBufferPointer { buffer in
            parser.consume(UnsafeBufferPointer(buffer)) { summarized.append($0.signature ?? "") }
        }
        parser.finish { summarized.append($0.signature ?? "") }
        XCTAssertEqual(summarized, full)
    }
}
