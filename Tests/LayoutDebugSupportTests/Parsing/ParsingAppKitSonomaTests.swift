import XCTest
@testable import LayoutDebugSupport

/// AppKit since macOS 13/14: `Conflicting constraints detected: ( … ).`, the
/// broken constraint on the list's closing line (`Will attempt to recover by
/// breaking <…>.`, no word "constraint"), and lists in `[ … ]` whose items are
/// unquoted and end in `,`, without `(active)`. Logs written to that grammar.
final class ParsingAppKitSonomaTests: XCTestCase {
    private let parenthesized = """
        2024-10-03 14:55:21.377 Ledger[2281:90412] [Layout] Conflicting constraints detected: (
            "<NSLayoutConstraint:0x600002b8d270 NSTextField:0x7fa0c1e1a200.width == 180   (active)>",
            "<NSLayoutConstraint:0x600002b8d2c0 H:|-(20)-[NSTextField:0x7fa0c1e1a200]   (active, names: '|':Ledger.SidebarRow:0x7fa0c1e19f00 )>",
            "<NSLayoutConstraint:0x600002b8d310 H:[NSTextField:0x7fa0c1e1a200]-(20)-|   (active, names: '|':Ledger.SidebarRow:0x7fa0c1e19f00 )>",
            "<NSAutoresizingMaskLayoutConstraint:0x600002b8d400 h=--& v=--& Ledger.SidebarRow:0x7fa0c1e19f00.width == 160   (active)>"
        ). Will attempt to recover by breaking <NSLayoutConstraint:0x600002b8d270 NSTextField:0x7fa0c1e1a200.width == 180   (active)>.
        """

    private let bracketed = """
        Conflicting constraints detected: [
        \t<NSLayoutConstraint:0x600002b8e010 NSImageView:0x7fa0c1e2b100.width == 32>,
        \t<NSLayoutConstraint:0x600002b8e060 NSImageView:0x7fa0c1e2b100.leading == Ledger.BadgeCell:0x7fa0c1e2a800.leading + 8>,
        \t<NSLayoutConstraint:0x600002b8e0b0 Ledger.BadgeCell:0x7fa0c1e2a800.trailing == NSImageView:0x7fa0c1e2b100.trailing + 8>,
        \t<NSAutoresizingMaskLayoutConstraint:0x600002b8e100 h=-&- v=-&- Ledger.BadgeCell:0x7fa0c1e2a800.width == 40>,
        ]. Will attempt to recover by breaking <NSLayoutConstraint:0x600002b8e010 NSImageView:0x7fa0c1e2b100.width == 32>.
        """

    func test_conflictingConstraintsDetected_isReadWhole_withItsBrokenConstraint() throws {
        for (log, broken, count) in [(parenthesized, UInt64(0x600002b8d270), 4), (bracketed, UInt64(0x600002b8e010), 4)] {
            let conflicts = ConsoleLogParser.parse(log)
            XCTAssertEqual(conflicts.count, 1)
            let conflict = try XCTUnwrap(conflicts.first)
            XCTAssertEqual(conflict.mutuallyExclusive.count, count)
            XCTAssertEqual(conflict.brokenConstraint?.address, broken)
            XCTAssertEqual(conflict.unparsedLines, [])
            // 20 + 180 + 20 against 160, and 8 + 32 + 8 against 40.
            XCTAssertEqual(ConflictExplainer.explain(conflict).verdict, .contradiction)
        }
    }

    /// The header is a header: a conflict after other text starts at it.
    func test_conflictingConstraintsDetected_startsTheConflictAtItsLine() throws {
        let found = ConsoleLogParser.parseAll("Ledger launched\n" + parenthesized + "\n")
        XCTAssertEqual(found.map(\.firstLine), [2])
        XCTAssertEqual(found.map(\.lastLine), [7])
    }
}
