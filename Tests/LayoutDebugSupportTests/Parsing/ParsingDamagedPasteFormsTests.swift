@testable import LayoutDebugSupport
import XCTest

/// Damaged pastes seen in reports of 2021–2026, each written here from the
/// grammar (`docs/LOG-GRAMMAR.md`, "Pastes damaged on their way"): the
/// conflict is read whole, the damage is repaired and said, and anything that
/// may be constraint text is read or listed as `unparsed:`.
final class ParsingDamagedPasteFormsTests: XCTestCase {
    /// A label 400 wide, 16 from each side of a cell 320 wide:
    /// 16 + 400 + 16 = 432 against 320, so the rows add up to 320 - 432 = -112.
    static let items = [
        "<NSLayoutConstraint:0x600001234560 H:|-(16)-[UILabel:0x7f8a1c00a0b0'Order #1042']   (active, names: '|':UITableViewCellContentView:0x7f8a1c009f00 )>",
        "<NSLayoutConstraint:0x600001234570 H:[UILabel:0x7f8a1c00a0b0'Order #1042']-(16)-|   (active, names: '|':UITableViewCellContentView:0x7f8a1c009f00 )>",
        "<NSLayoutConstraint:0x600001234580 UILabel:0x7f8a1c00a0b0'Order #1042'.width == 400   (active)>",
        "<NSLayoutConstraint:0x600001234590 'UIView-Encapsulated-Layout-Width' UITableViewCellContentView:0x7f8a1c009f00.width == 320   (active)>",
    ]
    static let addresses: [UInt64] = [0x600001234560, 0x600001234570, 0x600001234580, 0x600001234590]
    static let header = "2026-02-11 08:41:57.302917+0100 Orders[5120:88213] [LayoutConstraints] Unable to simultaneously satisfy constraints."
    static let advice = [
        "\tProbably at least one of the constraints in the following list is one you don't want. ",
        "\tTry this: ",
        "\t\t(1) look at each constraint and try to figure out which you don't expect; ",
        "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. ",
    ]
    static let trailer = [
        "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.",
        "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.",
    ]

    /// The list's items as `NSArray` prints them: quoted, comma after all but the last.
    static func quoted(_ items: [String]) -> [String] {
        items.enumerated().map { "    \"\($0.element)\"" + ($0.offset < items.count - 1 ? "," : "") }
    }

    /// The whole report as UIKit prints it, with `list` for its list.
    static func report(list: [String]) -> [String] {
        [header] + advice + list + ["", "Will attempt to recover by breaking constraint ", items[2], ""] + trailer
    }

    static func text(_ lines: [String]) -> String { lines.joined(separator: "\n") + "\n" }

    private func only(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> ConflictSnapshot {
        let conflicts = ConsoleLogParser.parse(text)
        XCTAssertEqual(conflicts.count, 1, "\(conflicts)", file: file, line: line)
        return try XCTUnwrap(conflicts.first, file: file, line: line)
    }

    /// Read whole: the four constraints, the broken one named, nothing
    /// unparsed, and the contradiction of all four shown.
    private func assertReadWhole(_ conflict: ConflictSnapshot, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), Self.addresses, file: file, line: line)
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.constant), [16, 16, 400, 320], file: file, line: line)
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x600001234580, file: file, line: line)
        XCTAssertEqual(conflict.unparsedLines, [], file: file, line: line)
        let explanation = ConflictExplainer.explain(conflict)
        XCTAssertEqual(explanation.verdict, .contradiction, explanation.reason, file: file, line: line)
        XCTAssertEqual(explanation.sum, -112, file: file, line: line)
        XCTAssertEqual(Set(explanation.rows.compactMap(\.constraintIndex)), [0, 1, 2, 3], file: file, line: line)
    }

    func test_theUndamagedReport_isReadWhole_withNoRepairs() throws {
        let conflict = try only(Self.text(Self.report(list: ["("] + Self.quoted(Self.items) + [")"])))
        assertReadWhole(conflict)
        XCTAssertNil(conflict.repairs)
    }

    // MARK: - 1. Items that lost their `"<NSLayoutConstraint:`

    /// `"<NSLayoutConstraint:` cut off: the line starts at the constraint's address.
    static func classless(_ line: String) -> String {
        line.replacingOccurrences(of: "\"<NSLayoutConstraint:", with: "")
    }

    func test_itemsThatLostTheirClassOpening_areReadFromTheirAddress() throws {
        var list = Self.quoted(Self.items)
        list[0] = Self.classless(list[0])
        list[2] = Self.classless(list[2])
        XCTAssertTrue(list[0].hasPrefix("    0x600001234560 H:|-(16)-[UILabel:0x7f8a1c00a0b0'Order #1042']"), list[0])
        XCTAssertTrue(list[2].hasSuffix("0x600001234580 UILabel:0x7f8a1c00a0b0'Order #1042'.width == 400   (active)>\","), list[2])
        let conflict = try only(Self.text(Self.report(list: ["("] + list + [")"])))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.repairs?.classlessLines, 2)
        XCTAssertEqual(conflict.mutuallyExclusive[0].className, "NSLayoutConstraint")
        // `|` is still the cell's content view, from the line's own `names:`.
        XCTAssertEqual(conflict.mutuallyExclusive[0].secondItem?.address, 0x7f8a1c009f00)
    }

    /// Only `NSAutoresizingMaskLayoutConstraint` prints a mask, so a line
    /// that lost its class but shows one is that class; its `>` may be gone too.
    func test_aClasslessItemWithAMask_isAnAutoresizingConstraint() throws {
        let text = Self.text([
            "Unable to simultaneously satisfy constraints.",
            "(",
            "    0x600001234600 h=--& v=--& UILabel:0x7f8a1c00a0b0.height == 20   (active)",
            "    \"<NSLayoutConstraint:0x600001234610 UILabel:0x7f8a1c00a0b0.height >= 24   (active)>\"",
            ")",
        ])
        let conflict = try only(text)
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.className), ["NSAutoresizingMaskLayoutConstraint", "NSLayoutConstraint"])
        XCTAssertEqual(conflict.mutuallyExclusive.first?.autoresizingMask, "h=--& v=--&")
        XCTAssertEqual(conflict.unparsedLines, [])
        XCTAssertEqual(conflict.repairs?.classlessLines, 1)
        // 20 against at least 24.
        XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .contradiction)
    }

    /// A line that starts at an address but does not read as a constraint's
    /// rest is listed with its reason, not dropped.
    func test_aClasslessLineThatDoesNotRead_isListedUnparsed() throws {
        var list = Self.quoted(Self.items)
        list.insert("    0x600001234620 is the label that overflows", at: 1)
        let conflict = try only(Self.text(Self.report(list: ["("] + list + [")"])))
        XCTAssertEqual(conflict.unparsedLines, ["0x600001234620 is the label that overflows"])
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), Self.addresses)
    }

    // MARK: - 2. Items with no list parentheses

    func test_itemsWithoutListParentheses_areReadAsTheList() throws {
        let text = Self.text(Self.report(list: Self.quoted(Self.items)))
        XCTAssertFalse(text.contains("\n(\n"))
        let conflict = try only(text)
        assertReadWhole(conflict)
        XCTAssertNil(conflict.repairs)
    }

    func test_itemsWithoutParentheses_thatLostTheirClass_areReadAsTheList() throws {
        let conflict = try only(Self.text(Self.report(list: Self.quoted(Self.items).map(Self.classless))))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.repairs?.classlessLines, 4)
    }

    // MARK: - 3. `//` comments whose blank lines have no `//`

    func test_slashCommentedReport_withBareBlankLines_isReadWhole() throws {
        var list = ["("] + Self.quoted(Self.items) + [")"]
        list.insert("", at: 3)
        let lines = Self.report(list: list).map { $0.isEmpty ? "" : "// " + $0 }
        XCTAssertTrue(lines.contains(""))
        XCTAssertTrue(lines.allSatisfy { $0.isEmpty || $0.hasPrefix("// ") })
        let conflict = try only(Self.text(lines))
        assertReadWhole(conflict)
        XCTAssertNil(conflict.repairs)
    }

    func test_slashCommentedItemsWithoutParentheses_withBlankLinesBetween_areReadWhole() throws {
        let list = Self.quoted(Self.items).flatMap { ["// " + $0, ""] }
        let lines = ["// " + Self.header, ""] + list + ["// Will attempt to recover by breaking constraint ", "",
                                                         "// " + Self.items[2]]
        assertReadWhole(try only(Self.text(lines)))
    }

    // MARK: - 4. Markdown bold

    func test_markdownBoldReport_withBlankLinesBetweenItems_isReadWhole() throws {
        let list = Self.quoted(Self.items).flatMap { ["**" + $0.trimmingCharacters(in: .whitespaces) + "**", ""] }
        let lines = ["**Unable to simultaneously satisfy constraints.**", "",
                     "Probably at least one of the constraints in the following list is one you don't want.", "",
                     "**(**", ""] + list + ["**)**", "", "**Will attempt to recover by breaking constraint**", "",
                                           "**" + Self.items[2] + "**"]
        let conflict = try only(Self.text(lines))
        assertReadWhole(conflict)
        XCTAssertNil(conflict.repairs)
    }

    func test_markdownBoldItemsWithoutParentheses_areReadWhole() throws {
        let list = Self.quoted(Self.items).flatMap { ["**" + $0.trimmingCharacters(in: .whitespaces) + "**", ""] }
        let lines = ["**Unable to simultaneously satisfy constraints.**", ""] + list
            + ["**Will attempt to recover by breaking constraint " + Self.items[2] + "**"]
        assertReadWhole(try only(Self.text(lines)))
    }

    // MARK: - 5. `_` written as `*`

    /// A toolbar squeezed to nothing while its layout is set up: its
    /// content view is 0 wide, the bar's stack view fills it edge to edge and
    /// is at least 44 wide: 0 + 44 + 0 = 44 against 0. A Markdown renderer
    /// took the `_` before each private name for emphasis and wrote `*`.
    static let toolbar = [
        "<NSLayoutConstraint:0x600003f0c1e0 '*UITemporaryLayoutWidth' *UIToolbarContentView:0x7f9e4c40e6d0.width == 0   (active)>",
        "<NSLayoutConstraint:0x600003f0c230 H:|-(0)-[*UIButtonBarStackView:0x7f9e4c40f2a0]   (active, names: '|':*UIToolbarContentView:0x7f9e4c40e6d0 )>",
        "<NSLayoutConstraint:0x600003f0c280 H:[*UIButtonBarStackView:0x7f9e4c40f2a0]-(0)-|   (active, names: '|':*UIToolbarContentView:0x7f9e4c40e6d0 )>",
        "<NSLayoutConstraint:0x600003f0c2d0 *UIButtonBarStackView:0x7f9e4c40f2a0.width >= 44   (active)>",
    ]

    func test_starsARendererWroteForUnderscores_areReadAsUnderscores() throws {
        let text = Self.text(["Unable to simultaneously satisfy constraints.", "("] + Self.quoted(Self.toolbar)
                             + [")", "Will attempt to recover by breaking constraint ", Self.toolbar[3]])
        let conflict = try only(text)
        XCTAssertEqual(conflict.unparsedLines, [])
        XCTAssertEqual(conflict.mutuallyExclusive.first?.identifier, "_UITemporaryLayoutWidth")
        XCTAssertEqual(conflict.mutuallyExclusive.first?.firstItem?.className, "_UIToolbarContentView")
        XCTAssertEqual(conflict.mutuallyExclusive[1].firstItem?.className, "_UIButtonBarStackView")
        XCTAssertEqual(conflict.mutuallyExclusive[1].secondItem?.className, "_UIToolbarContentView")
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x600003f0c2d0)
        XCTAssertEqual(conflict.brokenConstraint?.firstItem?.className, "_UIButtonBarStackView")
        XCTAssertEqual(conflict.repairs?.starredUnderscoreLines, 5)
        let explanation = ConflictExplainer.explain(conflict)
        XCTAssertEqual(explanation.verdict, .contradiction, explanation.reason)
        XCTAssertEqual(explanation.sum, -44)
        // A temporary width is UIKit's own, replaced by the next layout pass.
        XCTAssertEqual(ConflictTriage.owner(of: conflict), .transient)
    }

    /// A multiplier's `*`, a title's and an identifier of the app's own are
    /// no underscores: the grammar gives them another reading.
    func test_aStarTheGrammarReadsOtherwise_stays() throws {
        let text = Self.text([
            "(",
            "    \"<NSLayoutConstraint:0x600003f0c300 '*pinned' *UIButtonBarStackView:0x7f9e4c40f2a0.width == 0.5**UIToolbarContentView:0x7f9e4c40e6d0.width   (active)>\",",
            "    \"<NSLayoutConstraint:0x600003f0c310 UILabel:0x7f9e4c40fa00'*required'.width == 2*UIView:0x7f9e4c40fb00.width   (active)>\"",
            ")",
        ])
        let conflict = try only(text)
        XCTAssertEqual(conflict.unparsedLines, [])
        let first = try XCTUnwrap(conflict.mutuallyExclusive.first)
        XCTAssertEqual(first.identifier, "*pinned")
        XCTAssertEqual(first.firstItem?.className, "_UIButtonBarStackView")
        XCTAssertEqual(first.secondItem?.className, "_UIToolbarContentView")
        XCTAssertEqual(first.multiplier, 0.5)
        let second = conflict.mutuallyExclusive[1]
        XCTAssertEqual(second.firstItem?.title, "*required")
        XCTAssertEqual(second.secondItem?.className, "UIView")
        XCTAssertEqual(second.multiplier, 2)
        XCTAssertEqual(conflict.repairs?.starredUnderscoreLines, 1)
    }

    // MARK: - 6. The previous report's trailer first

    func test_aPasteStartingWithThePreviousReportsTrailer_readsTheConflictAfterIt() throws {
        let lines = Self.trailer + Self.report(list: ["("] + Self.quoted(Self.items) + [")"])
        let found = ConsoleLogParser.parseAll(Self.text(lines))
        XCTAssertEqual(found.count, 1)
        let parsed = try XCTUnwrap(found.first)
        XCTAssertEqual(parsed.firstLine, 3, "the conflict starts at its header, after the trailer's two lines")
        assertReadWhole(parsed.snapshot)
        XCTAssertNil(parsed.snapshot.repairs)
    }

    func test_aTrailerBeforeAListWithNoHeader_readsTheList() throws {
        let lines = Self.trailer + ["("] + Self.quoted(Self.items) + [")", "Will attempt to recover by breaking constraint ",
                                                                      Self.items[2]]
        assertReadWhole(try only(Self.text(lines)))
    }

    // MARK: - 7. The reporter's prose among the items

    func test_proseBetweenListedItems_isPassedOverAndSaid() throws {
        var list = Self.quoted(Self.items)
        list.insert("here is the rest:", at: 2)
        list.insert("I tried removing the width constraint but it still happens", at: 4)
        let conflict = try only(Self.text(Self.report(list: ["("] + list + [")"])))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.repairs?.proseLines, 2)
    }

    func test_proseBetweenItemsWithoutParentheses_keepsThemOneList() throws {
        var list = Self.quoted(Self.items)
        list.insert("here is the rest:", at: 2)
        list.insert("", at: 3)
        let conflict = try only(Self.text(Self.report(list: list)))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.repairs?.proseLines, 1)
    }

    func test_proseBeforeTheBrokenConstraint_isPassedOver() throws {
        var lines = Self.report(list: ["("] + Self.quoted(Self.items) + [")"])
        let breaking = try XCTUnwrap(lines.firstIndex(of: "Will attempt to recover by breaking constraint "))
        lines.insert("(which is the one I added in viewDidLoad)", at: breaking + 1)
        let conflict = try only(Self.text(lines))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.repairs?.proseLines, 1)
    }

    /// What may be part of a constraint (an address, a relation, a wrapped
    /// line's tail) is never taken for prose.
    func test_textThatMayHoldAConstraint_isListedUnparsed_notPassedOver() throws {
        var list = Self.quoted(Self.items)
        list.insert("the label (UILabel:0x7f8a1c00a0b0) should win", at: 1)
        list.insert("(active)>\",", at: 2)
        list.insert("I want width == 320", at: 3)
        let conflict = try only(Self.text(Self.report(list: ["("] + list + [")"])))
        XCTAssertEqual(conflict.unparsedLines, ["the label (UILabel:0x7f8a1c00a0b0) should win", "(active)>\",",
                                                "I want width == 320"])
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), Self.addresses)
        XCTAssertNil(conflict.repairs)
    }

    /// Prose after a list that no constraint follows is not between items:
    /// the conflict ends as before, and a constraint after the trailer starts another.
    func test_proseAfterTheLastItem_isNotCounted() throws {
        let lines = [Self.header] + Self.quoted(Self.items) + ["that is all I have", "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger."]
        let conflict = try only(Self.text(lines))
        XCTAssertEqual(conflict.mutuallyExclusive.count, 4)
        XCTAssertNil(conflict.repairs)
    }

    // MARK: - 8. Lines a mail client or a web page wrapped

    /// `line` cut where `marker` starts, as a mail client wraps it at a
    /// blank: the head ends before the blank, the rest starts a line of its
    /// own after `indent`.
    static func wrapped(_ line: String, before marker: String, indent: String = "") -> [String] {
        guard let cut = line.range(of: marker) else { return [line] }
        let head = line[..<cut.lowerBound]
        return [String(head.reversed().drop { $0 == " " }.reversed()), indent + String(line[cut.lowerBound...])]
    }

    /// Item 0 wrapped before its `(active, names: …)>",`, item 2 in the middle of its equation.
    static func wrappedList(indent: String = "") -> [String] {
        let quoted = Self.quoted(Self.items)
        return Self.wrapped(quoted[0], before: "(active", indent: indent) + [quoted[1]]
            + Self.wrapped(quoted[2], before: "400", indent: indent) + [quoted[3]]
    }

    func test_wrappedItemsWithoutParentheses_areJoined_andTheListIsOneConflict() throws {
        let list = Self.wrappedList(indent: "   ")
        XCTAssertEqual(list[1], "   (active, names: '|':UITableViewCellContentView:0x7f8a1c009f00 )>\",")
        XCTAssertEqual(list[3], "    \"<NSLayoutConstraint:0x600001234580 UILabel:0x7f8a1c00a0b0'Order #1042'.width ==")
        XCTAssertEqual(list[4], "   400   (active)>\",")
        let conflict = try only(Self.text(Self.report(list: list)))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.mutuallyExclusive[0].secondItem?.address, 0x7f8a1c009f00, "'|' from the joined names:")
        XCTAssertEqual(conflict.repairs?.wrappedLines, 2)
    }

    func test_wrappedItemsInsideParentheses_areJoined() throws {
        let conflict = try only(Self.text(Self.report(list: ["("] + Self.wrappedList() + [")"])))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.repairs?.wrappedLines, 2)
    }

    /// A narrow mail client wraps a long item over three lines, and quotes
    /// each line of the reply with `> `, the wrapped ones too.
    func test_anItemWrappedOverThreeQuotedLines_isJoinedWhole() throws {
        var list = Self.quoted(Self.items)
        let tail = Self.wrapped(list[1], before: "(active")
        list.replaceSubrange(1...1, with: Self.wrapped(tail[0], before: "#1042") + [tail[1]])
        XCTAssertEqual(list[1...3], ["    \"<NSLayoutConstraint:0x600001234570 H:[UILabel:0x7f8a1c00a0b0'Order",
                                     "#1042']-(16)-|", "(active, names: '|':UITableViewCellContentView:0x7f8a1c009f00 )>\","])
        let lines = Self.report(list: list).map { $0.isEmpty ? ">" : "> " + $0 }
        let conflict = try only(Self.text(lines))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.mutuallyExclusive[1].secondItem?.title, "Order #1042", "the blank the wrap took is back")
        XCTAssertEqual(conflict.repairs?.wrappedLines, 2)
    }

    func test_aWrappedBrokenConstraint_isJoined_andNamed() throws {
        var lines = Self.report(list: Self.quoted(Self.items))
        let broken = try XCTUnwrap(lines.lastIndex(of: Self.items[2]))
        lines.replaceSubrange(broken...broken, with: Self.wrapped(Self.items[2], before: "(active"))
        XCTAssertEqual(lines[broken + 1], "(active)>")
        let conflict = try only(Self.text(lines))
        assertReadWhole(conflict)
        XCTAssertEqual(conflict.repairs?.wrappedLines, 1)
    }

    /// A `>=` is a relation, not the `>` that closes the constraint.
    func test_aHeadWrappedAfterARelationHoldingGreaterThan_isJoined() throws {
        let text = Self.text([
            "Unable to simultaneously satisfy constraints.",
            "    \"<NSLayoutConstraint:0x600001234600 UILabel:0x7f8a1c00a0b0.width >=",
            "24   (active)>\",",
            "    \"<NSLayoutConstraint:0x600001234610 UILabel:0x7f8a1c00a0b0.width <=",
            "20   (active)>\"",
        ])
        let conflict = try only(text)
        XCTAssertEqual(conflict.unparsedLines, [])
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.relation), [.greaterThanOrEqual, .lessThanOrEqual])
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.constant), [24, 20])
        XCTAssertEqual(conflict.repairs?.wrappedLines, 2)
        // At least 24 and at most 20.
        XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .contradiction)
    }

    /// A tail whose head was a whole line is constraint text all the same:
    /// listed with its reason, and the list goes on past it.
    func test_aTailWithNothingToJoin_isListedUnparsed_andTheListGoesOn() throws {
        var list = Self.quoted(Self.items)
        list.insert("(active)>\",", at: 2)
        let conflict = try only(Self.text(Self.report(list: list)))
        XCTAssertEqual(conflict.unparsedLines, ["(active)>\","])
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), Self.addresses)
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x600001234580)
        XCTAssertNil(conflict.repairs)
        XCTAssertThrowsError(try ConstraintLineParser.parse("(active)>\",")) { error in
            XCTAssertTrue("\(error)".hasPrefix("the end of a constraint line wrapped onto a line of its own"), "\(error)")
        }
    }

    /// A head whose rest never comes is listed as it stands, with its
    /// reason, and the list goes on.
    func test_aHeadWithNoTail_isListedUnparsed_andTheListGoesOn() throws {
        var list = Self.quoted(Self.items)
        list.insert(Self.wrapped(list[1], before: "(active")[0], at: 1)
        let conflict = try only(Self.text(Self.report(list: list)))
        XCTAssertEqual(conflict.unparsedLines,
                       ["\"<NSLayoutConstraint:0x600001234570 H:[UILabel:0x7f8a1c00a0b0'Order #1042']-(16)-|"])
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), Self.addresses)
        XCTAssertNil(conflict.repairs)
        XCTAssertThrowsError(try ConstraintLineParser.parse(conflict.unparsedLines[0]))
    }

    /// Lines after a head are joined only when a tail closes it: else the
    /// head and each of them are listed as the lines they were.
    func test_aHeadAndAMiddleWithNoTail_areListedUnparsed_eachAsPrinted() throws {
        var list = Self.quoted(Self.items)
        let head = Self.wrapped(list[1], before: "#1042")
        list.insert(contentsOf: [head[0], "#1042']-(16)-|"], at: 1)
        let conflict = try only(Self.text(Self.report(list: ["("] + list + [")"])))
        XCTAssertEqual(conflict.unparsedLines, ["\"<NSLayoutConstraint:0x600001234570 H:[UILabel:0x7f8a1c00a0b0'Order",
                                                "#1042']-(16)-|"])
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), Self.addresses)
        XCTAssertNil(conflict.repairs)
    }

    // MARK: - Summary

    /// The summary reads each form as the full read does: the same
    /// signatures and the same repairs, conflict by conflict.
    func test_summary_readsEveryFormAsTheFullReadDoes() throws {
        var prose = Self.quoted(Self.items)
        prose.insert("here is the rest:", at: 2)
        let forms = [
            Self.report(list: ["("] + Self.quoted(Self.items) + [")"]),
            Self.report(list: ["("] + Self.quoted(Self.items).map(Self.classless) + [")"]),
            Self.report(list: Self.quoted(Self.items)),
            Self.report(list: prose),
            ["Unable to simultaneously satisfy constraints.", "("] + Self.quoted(Self.toolbar) + [")"],
            Self.report(list: ["("] + Self.quoted(Self.items).map(Self.classless) + [")"]),
            Self.report(list: prose),
        ].map(Self.text)
        let text = forms.joined()
        var parser = ConsoleLogParser(summarizing: true)
        var summary: [ParsedConflict] = []
        Array(text.utf8).withUnsafeBufferPointer { parser.consume($0) { summary.append($0) } }
        parser.finish { summary.append($0) }
        let full = ConsoleLogParser.parse(text)
        XCTAssertEqual(summary.count, forms.count)
        XCTAssertEqual(summary.map(\.signature), full.map(\.signature))
        XCTAssertEqual(summary.map(\.snapshot.repairs), full.map(\.repairs))
        XCTAssertEqual(summary.map { $0.snapshot.repairs?.classlessLines ?? 0 }, [0, 4, 0, 0, 0, 4, 0])
        XCTAssertEqual(summary.map { $0.snapshot.repairs?.proseLines ?? 0 }, [0, 0, 0, 1, 0, 0, 1])
    }

    /// Wrapped items and a wrapped broken constraint, twice each (a summary
    /// reuses what it read the first time): the same conflicts as the full read.
    func test_summary_readsWrappedFormsAsTheFullReadDoes() throws {
        var brokenWrapped = Self.report(list: Self.quoted(Self.items))
        let broken = try XCTUnwrap(brokenWrapped.lastIndex(of: Self.items[2]))
        brokenWrapped.replaceSubrange(broken...broken, with: Self.wrapped(Self.items[2], before: "(active"))
        var tailAlone = Self.quoted(Self.items)
        tailAlone.insert("(active)>\",", at: 2)
        let forms = [
            Self.report(list: Self.wrappedList(indent: "   ")),
            Self.report(list: ["("] + Self.wrappedList() + [")"]),
            brokenWrapped,
            Self.report(list: tailAlone),
            Self.report(list: Self.wrappedList(indent: "   ")),
            brokenWrapped,
        ].map(Self.text)
        let text = forms.joined()
        var parser = ConsoleLogParser(summarizing: true)
        var summary: [ParsedConflict] = []
        Array(text.utf8).withUnsafeBufferPointer { parser.consume($0) { summary.append($0) } }
        parser.finish { summary.append($0) }
        let full = ConsoleLogParser.parse(text)
        XCTAssertEqual(full.count, forms.count)
        XCTAssertEqual(summary.count, forms.count)
        XCTAssertEqual(summary.map(\.signature), full.map(\.signature))
        XCTAssertEqual(summary.map(\.snapshot.repairs), full.map(\.repairs))
        XCTAssertEqual(summary.map(\.snapshot.unparsedLines), full.map(\.unparsedLines))
        XCTAssertEqual(summary.map { $0.snapshot.repairs?.wrappedLines ?? 0 }, [2, 2, 1, 0, 2, 1])
        XCTAssertEqual(full.map(\.unparsedLines.count), [0, 0, 0, 1, 0, 0])
        XCTAssertEqual(Set(full.map(\.signature)).count, 1, "every form is the one conflict")
    }
}
