import Foundation
import ReferenceKit
import XCTest
@testable import LayoutDebugSupport

/// Issue 32, part 4: an encapsulated size names what gives it (a table or
/// collection view, a window, a popover, a view controller's container), and
/// AppKit's window size is the system's, with its own hint.
final class EncapsulatedSizeWordsTests: XCTestCase {
    override func tearDown() {
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    // MARK: - From class names alone, as a pasted log gives them

    func test_givers_fromTheItemsClass() {
        XCTAssertEqual(EncapsulatedSize(className: "UITableViewCellContentView"), .tableCell)
        XCTAssertEqual(EncapsulatedSize(className: "UITableViewCell"), .tableCell)
        XCTAssertEqual(EncapsulatedSize(className: "UICollectionViewCell"), .collectionCell)
        XCTAssertEqual(EncapsulatedSize(className: "App.ProfileCell"), .cell)
        XCTAssertEqual(EncapsulatedSize(className: "App.ProfileCell", superclasses: ["UICollectionViewCell", "UICollectionReusableView", "UIView"]),
                       .collectionCell, "live, the superclasses tell which container")
        XCTAssertEqual(EncapsulatedSize(className: "UIWindow"), .window)
        XCTAssertEqual(EncapsulatedSize(className: "UIView", viewController: "App.SettingsViewController"),
                       .controllerRoot("App.SettingsViewController"))
        XCTAssertEqual(EncapsulatedSize(className: "UIView", viewController: "UIPopoverContentViewController"), .popover)
        XCTAssertEqual(EncapsulatedSize(className: "UIView"), .container, "a bare UIView in a log: nothing tells")
    }

    // MARK: - Live conflicts

    /// `autoresizing-conflict`: the label's centre against the root view's
    /// encapsulated width 375, which the window gives the root view controller's
    /// view (`DemoScenario.makeWindow` sets `window.rootViewController`; UIKit
    /// documents that the root view is "configured to track the window size").
    func test_controllersRootView_isNotCalledACell_andNamesItsWindow() throws {
        try onMain {
            let built = try BuiltScenario("autoresizing-conflict")
            let text = built.conflictReport(0)
            let root = "<UIView:\(hex(built.root))>"
            let phrase = "the size its window gives UIViewController's root view"
            XCTAssertTrue(text.contains("UIView is 375 wide (\(phrase));"), text)
            XCTAssertTrue(text.contains("- 'UIView-Encapsulated-Layout-Width' on \(root) is \(phrase). The window keeps "
                + "its root view controller's view at the window's size"), text)
            XCTAssertTrue(text.contains("priority 999, so \(phrase) wins"), text)
            XCTAssertFalse(text.contains("table or collection view"), text)
            XCTAssertFalse(text.contains("cell"), text)
        }
    }

    /// `cell-width-conflict`: the content view of a table view cell.
    func test_cellsContentView_namesTheTableView() throws {
        try onMain {
            let built = try BuiltScenario("cell-width-conflict")
            let text = built.conflictReport(0)
            let content = try XCTUnwrap(built.root.subviews.first?.subviews.first)
            XCTAssertTrue(text.contains("UITableViewCellContentView is 50 wide (the size its table view gives the cell)"), text)
            XCTAssertTrue(text.contains("- 'UIView-Encapsulated-Layout-Width' on <UITableViewCellContentView:\(hex(content))> "
                + "is the size its table view gives the cell."), text)
            XCTAssertTrue(text.contains("priority 999, so the size its table view gives the cell wins"), text)
        }
    }

    // MARK: - AppKit's window size

    /// A width of the app's (600) against the window's current width (480) on
    /// the window's content view.
    private func windowSizeConflict() -> ConflictSnapshot {
        let content = ObjectReference(className: "NSView", address: 0x6000_0001)
        let mine = ConstraintSnapshot(address: 0x6000_0010, firstItem: content, firstAttribute: .width, constant: 600)
        let window = ConstraintSnapshot(address: 0x6000_0020, identifier: "NSWindow-current-width", firstItem: content,
                                        firstAttribute: .width, constant: 480)
        return ConflictSnapshot(brokenConstraint: mine, mutuallyExclusive: [mine, window])
    }

    func test_windowsCurrentWidth_isTheSystems_withAHint() {
        let conflict = windowSizeConflict()
        XCTAssertTrue(conflict.mutuallyExclusive[1].isSystemConstraint)
        XCTAssertEqual(ConflictReportRenderer.hints(conflict), [
            "'NSWindow-current-width' on <NSView:0x60000001> is the window's current size, which AppKit keeps, not a "
                + "constraint of yours: resize the window, or lower your constraint's priority so the window's size wins.",
        ])
        let explanation = ConflictExplainer.explain(conflict)
        XCTAssertTrue(explanation.reason.contains("NSView is 480 wide (the window's current size)"), explanation.reason)
        XCTAssertEqual(explanation.fixes.map(\.advice), ["remove or change NSView.width == 600"],
                       "the window's own size is not offered as the app's to remove")
    }
}
