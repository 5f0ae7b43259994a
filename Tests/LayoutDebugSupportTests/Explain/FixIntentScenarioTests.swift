import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// On every conflict `layout-demo` makes, the change the report ranks first
/// is the one a UIKit developer would make, with the reason it gives. Each
/// report is made inside the engine's hook, where `lbreak` stops, before the
/// views are laid out. Every expected line is written from the scenario's
/// source (`Sources/DemoScenarios`), not copied from a run.
final class FixIntentScenarioTests: XCTestCase {
    override func setUp() {
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
        LastConflictReport.forget()
    }

    override func tearDown() { setUp() }

    /// The reports of scenario `name` at each of its conflicts.
    private func reports(_ name: String, count: Int? = nil) throws -> [String] {
        try onMain { try BuiltScenario(name, count: count, reportingAtConflict: true).reportsAtConflict }
    }

    /// The first change's line and its `why:` line, from "Any one of these changes".
    private func firstFix(_ report: String, file: StaticString = #filePath, line: UInt = #line) throws -> (String, String) {
        let list = try XCTUnwrap(report.components(separatedBy: "Any one of these changes resolves it:\n").dropFirst().first,
                                 "no changes in:\n\(report)", file: file, line: line)
        let lines = list.split(separator: "\n").map(String.init)
        let why = try XCTUnwrap(lines.dropFirst().first { $0.hasPrefix("     why: ") }, file: file, line: line)
        return (lines[0], why)
    }

    // MARK: - The app's conflicts

    /// A view pinned to both edges of a cell 50 wide, and 768 wide: the
    /// width is the extra one, so it gives way to the cell's width at 999.
    func test_cellWidth_fix1_isTheAppsWidthAt999() throws {
        let report = try XCTUnwrap(try reports("cell-width-conflict").first)
        let (fix, why) = try firstFix(report)
        XCTAssertEqual(fix, "  1. give UIView.width == 768 priority 999, so the size its table view gives the cell wins (try this first)")
        XCTAssertEqual(why, "     why: UIView's width is fixed at 768 while its edges are pinned too, and they already give it "
                       + "a width: the fixed width is the one to give way; the engine broke this one too")
    }

    /// A label framed at (20 100; 120 20) whose mask is still on, then centred
    /// with constraints: the mask's constraints are the ones nobody meant.
    func test_autoresizing_fix1_turnsTheMaskOff_inBothConflicts() throws {
        let reports = try reports("autoresizing-conflict")
        XCTAssertEqual(reports.count, 2)
        for report in reports {
            let (fix, why) = try firstFix(report)
            XCTAssertEqual(fix, "  1. set translatesAutoresizingMaskIntoConstraints = false on UILabel (try this first)")
            XCTAssertEqual(why, "     why: UILabel's autoresizing mask made 2 of these constraints beside your own on it, and "
                           + "nobody wrote those (SnapKit's snp.makeConstraints on UILabel turns the mask off too)")
        }
    }

    /// `H:|-50-[label]` then `H:|-80-[label]`: remove one. Nothing in the
    /// conflict says which came later, so the reason says the developer chooses.
    func test_duplicateLeading_fix1_removesOneOfTheTwoPins() throws {
        let report = try XCTUnwrap(try reports("duplicate-leading").first)
        let (fix, why) = try firstFix(report)
        XCTAssertEqual(fix, "  1. remove UILabel.leading == UIView.leading + 80, one of the two pins of UILabel.leading (try this first)")
        XCTAssertEqual(why, "     why: UILabel.leading is pinned twice (UIView.leading + 50 and UIView.leading + 80): keep the one "
                       + "you mean, as nothing here tells which came later; if they are two states of one screen, deactivate "
                       + "the old one before activating the new; the engine broke this one too")
        XCTAssertTrue(report.contains("  2. remove UILabel.leading == UIView.leading + 50, one of the two pins of UILabel.leading\n"),
                      report)
    }

    /// A stack of two images 60 wide, spaced 8, inside 80 points: each
    /// image's width is fixed between edges the stack pins; the second,
    /// which the engine broke, gives way at 999 to the cell's width.
    func test_stack_fix1_isAnImagesWidthAt999() throws {
        let report = try XCTUnwrap(try reports("stack-conflict").first)
        let (fix, why) = try firstFix(report)
        XCTAssertTrue(fix.hasPrefix("  1. give UIImageView:0x"), fix)
        XCTAssertTrue(fix.hasSuffix(".width == 60 priority 999, so the size its table view gives the cell wins (try this first)"), fix)
        XCTAssertTrue(why.hasSuffix("'s width is fixed at 60 while its edges are pinned too, and they already give it a width: "
                                    + "the fixed width is the one to give way; the engine broke this one too"), why)
    }

    /// The stack's leading edge at 999: its trailing edge stays 10 in from the cell's 100, so the
    /// stack, 60 + 8 + 60 = 128 wide, starts at 90 - 128 = -38, past the window's left edge. The
    /// first image's own frame in the stack does not change, but the stack takes it out of the
    /// window: it moves out with its superview; it does not "stay" outside, since it was inside
    /// at 10 in the engine's layout.
    func test_stack_aViewItsSuperviewTakesOut_movesOutsideWithIt_ratherThanStaying() throws {
        let report = try XCTUnwrap(try reports("stack-conflict").first)
        // The change's own lines: its line, then its indented why: and predicted: lines.
        let lines = report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try XCTUnwrap(lines.firstIndex {
            $0.contains(". give UIStackView.leading == UITableViewCellContentView.leading + 10 priority 999")
        }, report)
        let leading = lines[first...].dropFirst().prefix { $0.hasPrefix("     ") }.joined(separator: "\n") + "\n"
        XCTAssertTrue(leading.contains("     predicted: <UIStackView:0x"), leading)
        XCTAssertTrue(leading.contains("> x 10, width 80 → x -38, width 128, moves outside its superview and the window\n"),
                      leading)
        XCTAssertTrue(leading.contains("> moves outside the window with its superview"), leading)
        XCTAssertFalse(report.contains("stays outside"), report)
    }

    /// A card pinned to the root's leading edge and to its leading margin:
    /// one attribute pinned twice, to two anchors.
    func test_margins_fix1_removesOneOfTheTwoPins() throws {
        let report = try XCTUnwrap(try reports("margins").first)
        let (fix, why) = try firstFix(report)
        XCTAssertEqual(fix, "  1. remove card.leading == UIView.leadingMargin, one of the two pins of card.leading (try this first)")
        XCTAssertTrue(why.hasPrefix("     why: card.leading is pinned twice (UIView.leading and UIView.leadingMargin): "), why)
    }

    /// A label 8 from the top and bottom of a cell UIKit holds at height 0
    /// while it reuses it: the bottom edge gives way at 999 meanwhile.
    func test_cellReuse_fix1_isTheBottomEdgeAt999() throws {
        let report = try XCTUnwrap(try reports("cell-reuse-conflict").first)
        let (fix, why) = try firstFix(report)
        XCTAssertEqual(fix, "  1. give UITableViewCellContentView.bottom == UILabel.bottom + 8 priority 999, so the size its "
                       + "table view gives the cell wins (try this first)")
        XCTAssertEqual(why, "     why: 'UIView-Encapsulated-Layout-Height' (the size its table view gives the cell) is 0 only "
                       + "until UITableViewCellContentView is sized: your bottom edge gives way at 999 meanwhile, and holds "
                       + "once the real size is set; the engine broke this one too")
    }

    /// A title label pinned between the avatar and the card's edge, and 300
    /// wide in 375 - 16 - 80 - 8 - 16 = 255: its fixed width is the extra one.
    func test_propertyNames_fix1_removesTheTitlesFixedWidth() throws {
        let report = try XCTUnwrap(try reports("property-names").first)
        let (fix, why) = try firstFix(report)
        // The test process is not the app, so the class keeps its module (DemoScenarios.).
        XCTAssertTrue(fix.hasPrefix("  1. remove or change "), fix)
        XCTAssertTrue(fix.hasSuffix("ProfileCardView.titleLabel.width == 300 (try this first)"), fix)
        XCTAssertTrue(why.contains("ProfileCardView.titleLabel's width is fixed at 300 while its edges are pinned too"), why)
    }

    /// A box 100 and 120 wide, made on a thread of its own and in no window:
    /// one attribute pinned twice, and no frame to predict with.
    func test_backgroundConflict_fix1_removesOneWidth() throws {
        let report = try XCTUnwrap(try reports("background-conflict").first)
        let (fix, _) = try firstFix(report)
        XCTAssertEqual(fix, "  1. remove UIView.width == 120, one of the two pins of UIView.width (try this first)")
        XCTAssertTrue(report.contains("Ranked by what these constraints say you meant (one attribute pinned twice); "
                                      + "nothing is predicted: "), report)
    }

    /// The storm's three kinds, one per row: a width pinned twice, a leading
    /// edge pinned twice, a label whose mask is on and is centred.
    func test_conflictStorm_fix1_ofEachKind() throws {
        let reports = try reports("conflict-storm", count: 3)
        XCTAssertEqual(reports.count, 3)
        XCTAssertEqual(try firstFix(reports[0]).0,
                       "  1. remove UIView.width == 120, one of the two pins of UIView.width (try this first)")
        XCTAssertEqual(try firstFix(reports[1]).0,
                       "  1. remove UILabel.leading == UIView.leading + 80, one of the two pins of UILabel.leading (try this first)")
        // The row's own mask is on too, but the app placed only the label: the label's mask goes.
        XCTAssertEqual(try firstFix(reports[2]).0,
                       "  1. set translatesAutoresizingMaskIntoConstraints = false on UILabel (try this first)")
    }

    // MARK: - The system's conflicts

    /// The keyboard's assistant bar against its own keyboard: UIKit's views
    /// and constraints alone, so nothing in the app's code to change.
    func test_keyboard_offersNoChange_andSaysNothingToFixInYourCode() throws {
        let report = try XCTUnwrap(try reports("keyboard-conflict").first)
        XCTAssertFalse(report.contains("Any one of these changes"), report)
        XCTAssertFalse(report.contains("remove or change"), report)
        // Its identifiers ('assistantView.bottom') are UIKit's names, not where anything was made.
        XCTAssertFalse(report.contains("made at identifier"), report)
        XCTAssertFalse(report.contains("search your code"), report)
        XCTAssertTrue(report.contains("\nNothing to fix in your code: this conflict has only UIKit-internal views: "
                                      + "TUISystemInputAssistantView, UIInputSetHostView, _UIKBCompatInputView, and only their "
                                      + "own constraints. 'lbreak --mine' stops only at conflicts of your own.\n"), report)
    }

    /// A toolbar's button bar squeezed to width <= 0: its stack view and
    /// button are UIKit's, so the stack hint does not send the user to "your
    /// constraint", and no change is offered.
    func test_toolbar_offersNoChange_andItsStackHintSaysNothingToFix() throws {
        let report = try XCTUnwrap(try reports("toolbar-conflict").first)
        XCTAssertFalse(report.contains("Any one of these changes"), report)
        XCTAssertTrue(report.contains("\nNothing to fix in your code: this conflict has only UIKit-internal views: "), report)
        XCTAssertFalse(report.contains("your constraint on the arranged subview"), report)
        XCTAssertTrue(report.contains("'UISV-canvas-connection' comes from the stack view <_UIButtonBarStackView:0x"), report)
        XCTAssertTrue(report.contains(">, which UIKit made with the views it arranges: nothing to fix in your code.\n"), report)
    }

    /// `owner-storm`: the app's duplicate width, the keyboard's, a reused cell's.
    func test_ownerStorm_fix1_ofEachOwner() throws {
        let reports = try reports("owner-storm", count: 3)
        XCTAssertEqual(reports.count, 3)
        XCTAssertEqual(try firstFix(reports[0]).0,
                       "  1. remove UIView.width == 120, one of the two pins of UIView.width (try this first)")
        XCTAssertTrue(reports[1].contains("\nNothing to fix in your code: "), reports[1])
        XCTAssertEqual(try firstFix(reports[2]).0,
                       "  1. give UITableViewCellContentView.bottom == UILabel.bottom + 8 priority 999, so the size its "
                       + "table view gives the cell wins (try this first)")
    }
}
