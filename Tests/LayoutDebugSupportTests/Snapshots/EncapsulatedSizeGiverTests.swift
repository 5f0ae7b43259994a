import Foundation
import XCTest
@testable import LayoutDebugSupport

/// A view controller's root view names what sizes it, from the views above it
/// in a live snapshot (`ConflictSurroundings`): its window, the popover that
/// presents it, or its container view controller. UIKit documents each:
/// `UIWindow.rootViewController` ("configured to track the window size"),
/// `preferredContentSize` ("used primarily when displaying the view
/// controller's content in a popover"), and a container view controller sets
/// its children's frames (`UIContentContainer`).
final class EncapsulatedSizeGiverTests: XCTestCase {
    /// `SettingsViewController`'s root view (0x10), with an encapsulated width,
    /// under `ancestors` (nearest first, addresses 0x20, 0x30, …).
    private func conflict(under ancestors: [(String, [String], String?)]) -> (ConflictSnapshot, ObjectReference) {
        let root = ObjectReference(className: "UIView", address: 0x10)
        let width = ConstraintSnapshot(address: 0x1, identifier: "UIView-Encapsulated-Layout-Width", firstItem: root,
                                       firstAttribute: .width, constant: 320)
        var views = [SurroundingView(reference: root, superclassNames: ["UIResponder"], superview: 0x20,
                                     viewController: "SettingsViewController")]
        for (index, ancestor) in ancestors.enumerated() {
            let address = UInt64(0x20 + 0x10 * index)
            views.append(SurroundingView(reference: ObjectReference(className: ancestor.0, address: address),
                                         superclassNames: ancestor.1,
                                         superview: index + 1 < ancestors.count ? address + 0x10 : nil,
                                         viewController: ancestor.2))
        }
        let conflict = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [width],
                                        views: [ViewSnapshot(reference: root, viewController: "SettingsViewController")],
                                        surroundings: ConflictSurroundings(views: views))
        return (conflict, root)
    }

    func test_windowsRootController_isSizedByItsWindow() {
        let (conflict, root) = self.conflict(under: [("UIWindow", ["UIView", "UIResponder"], nil)])
        let size = EncapsulatedSize(of: root, in: conflict)
        XCTAssertEqual(size, .windowRoot("SettingsViewController"))
        XCTAssertEqual(size.phrase, "the size its window gives SettingsViewController's root view")
    }

    /// An app's window subclass is a window all the same.
    func test_rootOfAnAppsWindowSubclass_isSizedByTheWindow() {
        let (conflict, root) = self.conflict(under: [("AppWindow", ["UIWindow", "UIView", "UIResponder"], nil)])
        XCTAssertEqual(EncapsulatedSize(of: root, in: conflict), .windowRoot("SettingsViewController"))
    }

    func test_popoverContent_isSizedByThePopover_withItsPreferredContentSizeHint() {
        let (conflict, root) = self.conflict(under: [("UIView", [], nil), ("_UIPopoverView", ["UIView"], nil),
                                                     ("UITransitionView", ["UIView"], nil), ("UIWindow", ["UIView"], nil)])
        let size = EncapsulatedSize(of: root, in: conflict)
        XCTAssertEqual(size, .popoverRoot("SettingsViewController"))
        XCTAssertEqual(size.phrase, "the size of the popover that presents SettingsViewController")
        XCTAssertTrue(ConflictReportRenderer.hints(conflict).contains {
            $0.contains("SettingsViewController's preferredContentSize")
        }, "\(ConflictReportRenderer.hints(conflict))")
    }

    /// In a navigation controller, the container's view (0x40) holds the child's
    /// view in its transition views: the container, not the window, sizes it.
    func test_childOfANavigationController_isSizedByItsContainer() {
        let (conflict, root) = self.conflict(under: [("UIViewControllerWrapperView", ["UIView"], nil),
                                                     ("UINavigationTransitionView", ["UIView"], nil),
                                                     ("UILayoutContainerView", ["UIView"], "UINavigationController"),
                                                     ("UIWindow", ["UIView"], nil)])
        let size = EncapsulatedSize(of: root, in: conflict)
        XCTAssertEqual(size, .childRoot("SettingsViewController", container: "UINavigationController"))
        XCTAssertEqual(size.phrase, "the size UINavigationController, its container, gives SettingsViewController's root view")
    }

    /// A log prints no superviews: the words stay as general as before.
    func test_withoutSurroundings_theGiverStaysUnnamed() {
        var (conflict, root) = self.conflict(under: [("UIWindow", ["UIView"], nil)])
        conflict.surroundings = nil
        XCTAssertEqual(EncapsulatedSize(of: root, in: conflict), .controllerRoot("SettingsViewController"))
    }

    /// A cell keeps its words: the table sizes it, whatever holds the table.
    func test_cellsContentView_isNotAskedForAGiver() {
        let content = ObjectReference(className: "UITableViewCellContentView", address: 0x10)
        let conflict = ConflictSnapshot(brokenConstraint: nil, mutuallyExclusive: [],
                                        surroundings: ConflictSurroundings(views: [SurroundingView(reference: content)]))
        XCTAssertEqual(EncapsulatedSize(of: content, in: conflict), .tableCell)
    }
}
