import XCTest
@testable import LayoutDebugSupport

/// Never drop silently: a list pasted on one line is read whole, and every
/// constraint in it is read or listed as unparsed.
final class ParsingOneLineTests: XCTestCase {
    private struct Read: Equatable {
        var listed: [ConstraintSnapshot]
        var broken: ConstraintSnapshot?
        var unparsed: [String]
    }

    private func read(_ log: String) -> [Read] {
        ConsoleLogParser.parse(log).map { Read(listed: $0.mutuallyExclusive, broken: $0.brokenConstraint, unparsed: $0.unparsedLines) }
    }

    /// Every corpus log flattened onto one line (as a chat or a one-line
    /// field pastes it), and with its newlines doubled (as some pages do),
    /// gives the same constraints as the log itself.
    func test_everyCorpusLog_flattenedOrWithNewlinesDoubled_givesTheSameConstraints() throws {
        for name in try ParsingCorpus.names() {
            let log = try ParsingCorpus.text(name)
            let expected = read(log)
            XCTAssertFalse(expected.isEmpty, name)
            let flattened = log.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
            XCTAssertEqual(read(flattened), expected, "\(name) flattened")
            let doubled = log.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n\n")
            XCTAssertEqual(read(doubled), expected, "\(name) with newlines doubled")
        }
    }

    /// `( "<…>", "<…>" )` on one line, then the "breaking" lines.
    func test_aListOnOneLine_isReadWhole_andItsContradictionShown() throws {
        let log = """
            Unable to simultaneously satisfy constraints.
            ( "<NSLayoutConstraint:0x6000021c4a50 Orbit.AvatarView:0x7fd1e8c0a120.width == 64   (active)>", "<NSLayoutConstraint:0x6000021c4b40 Orbit.AvatarView:0x7fd1e8c0a120.width == 48   (active)>" )
            Will attempt to recover by breaking constraint
            <NSLayoutConstraint:0x6000021c4b40 Orbit.AvatarView:0x7fd1e8c0a120.width == 48   (active)>
            """
        let conflicts = ConsoleLogParser.parse(log)
        XCTAssertEqual(conflicts.count, 1)
        let conflict = try XCTUnwrap(conflicts.first)
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.constant), [64, 48])
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x6000021c4b40)
        XCTAssertEqual(conflict.unparsedLines, [])
        XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .contradiction)
    }

    /// A whole log on one line, header to trailer, read as the log is.
    func test_aWholeLogOnOneLine_isReadAsTheLog() throws {
        let log = """
            2024-02-11 10:02:13.550 Orbit[801:12044] [LayoutConstraints] Unable to simultaneously satisfy constraints. Probably at least one of the constraints in the following list is one you don't want. ( "<NSLayoutConstraint:0x600003e1a0f0 UIStackView:0x7fd1e8c0b010.height == 40   (active)>", "<NSLayoutConstraint:0x600003e1a140 V:|-(12)-[UIStackView:0x7fd1e8c0b010]   (active, names: '|':Orbit.HeaderView:0x7fd1e8c0a900 )>", "<NSLayoutConstraint:0x600003e1a190 V:[UIStackView:0x7fd1e8c0b010]-(12)-|   (active, names: '|':Orbit.HeaderView:0x7fd1e8c0a900 )>", "<NSLayoutConstraint:0x600003e1a1e0 Orbit.HeaderView:0x7fd1e8c0a900.height == 44   (active)>" ) Will attempt to recover by breaking constraint <NSLayoutConstraint:0x600003e1a0f0 UIStackView:0x7fd1e8c0b010.height == 40   (active)> Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger. The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        XCTAssertEqual(conflict.mutuallyExclusive.count, 4)
        XCTAssertEqual(conflict.brokenConstraint?.address, 0x600003e1a0f0)
        XCTAssertEqual(conflict.unparsedLines, [])
        // 12 + 40 + 12 = 64 against 44.
        XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .contradiction)
    }

    /// A constraint of a one-line list that cannot be read is listed, with
    /// its text, instead of silently shortening the list.
    func test_anUnreadableConstraintOnOneLine_isListedAsUnparsed() throws {
        let log = """
            ( "<NSLayoutConstraint:0x6000021c4a50 Orbit.AvatarView:0x7fd1e8c0a120.width == 64   (active)>", "<NSLayoutConstraint:0x6000021c4b40 Orbit.AvatarView:0x7fd1e8c0a120.wdith == 48   (active)>", "<NSLayoutConstraint:0x6000021c4c30 Orbit.AvatarView:0x7fd1e8c0a120.height == 64   (active)>" )
            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.address), [0x6000021c4a50, 0x6000021c4c30])
        XCTAssertEqual(conflict.unparsedLines,
                       ["<NSLayoutConstraint:0x6000021c4b40 Orbit.AvatarView:0x7fd1e8c0a120.wdith == 48   (active)>"])
    }

    /// A title holding a lone `>` still ends where the line's last `>` does.
    func test_aTitleHoldingABracket_staysOneConstraint() throws {
        let log = """
            (
                "<NSLayoutConstraint:0x6000021c4d20 UILabel:0x7fd1e8c0c440'Next > Done'.width == 80   (active)>",
                "<NSLayoutConstraint:0x6000021c4d70 UILabel:0x7fd1e8c0c440'Next > Done'.width == 90   (active)>"
            )
            """
        let conflict = try XCTUnwrap(ConsoleLogParser.parse(log).first)
        XCTAssertEqual(conflict.mutuallyExclusive.map(\.constant), [80, 90])
        XCTAssertEqual(conflict.unparsedLines, [])
    }
}
