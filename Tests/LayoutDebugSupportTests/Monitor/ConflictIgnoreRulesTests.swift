import XCTest
@testable import LayoutDebugSupport

final class ConflictIgnoreRulesTests: XCTestCase {
    private func conflict(controller: String?, itemClass: String, system: Bool = false) -> ConflictSnapshot {
        let item = ObjectReference(className: itemClass, address: 0x10)
        let height = ConstraintSnapshot(firstItem: item, firstAttribute: .height, constant: 44)
        return ConflictSnapshot(brokenConstraint: height, mutuallyExclusive: [height],
                                viewController: controller, isSystemViewController: system)
    }

    func test_defaultRules_ignoreNothing() {
        XCTAssertFalse(ConflictIgnoreRules().shouldIgnore(conflict(controller: "UIAlertController", itemClass: "_UIAlertControllerView", system: true)))
    }

    func test_classPrefix_matchesViewControllerOrBrokenItem() {
        let rules = ConflictIgnoreRules(classPrefixes: ["UIInputWindow", "_UIAlert"])
        XCTAssertTrue(rules.shouldIgnore(conflict(controller: "UIInputWindowController", itemClass: "UIView")))
        XCTAssertTrue(rules.shouldIgnore(conflict(controller: nil, itemClass: "_UIAlertControllerView")))
        XCTAssertFalse(rules.shouldIgnore(conflict(controller: "App.ListViewController", itemClass: "UIView")))
    }

    func test_signature_matchesOnlyThatConflict() {
        let ignored = conflict(controller: nil, itemClass: "UIView")
        let rules = ConflictIgnoreRules(signatures: [ignored.signature])
        XCTAssertTrue(rules.shouldIgnore(ignored))
        XCTAssertFalse(rules.shouldIgnore(conflict(controller: nil, itemClass: "UILabel")))
    }

    func test_systemViewControllers_ignoredWhenAsked() {
        let rules = ConflictIgnoreRules(ignoresSystemViewControllers: true)
        XCTAssertTrue(rules.shouldIgnore(conflict(controller: "UIAlertController", itemClass: "UIView", system: true)))
        XCTAssertFalse(rules.shouldIgnore(conflict(controller: "App.Settings", itemClass: "UIView")))
    }
}
