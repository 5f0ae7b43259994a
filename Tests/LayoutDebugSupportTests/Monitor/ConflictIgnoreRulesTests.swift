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

    /// A beta build drops system (corpus 019: the shortcut bar) and transient
    /// (018: encapsulated height 0) conflicts and keeps the app's own (007).
    func test_ignoredOwners_dropOnlyThoseOwners() throws {
        let rules = ConflictIgnoreRules.onlyYours
        XCTAssertTrue(rules.shouldIgnore(try ParsingCorpus.conflict("019.txt")))
        XCTAssertTrue(rules.shouldIgnore(try ParsingCorpus.conflict("018.txt")))
        XCTAssertFalse(rules.shouldIgnore(try ParsingCorpus.conflict("007.txt")))
        let onlySystem = ConflictIgnoreRules(ignoredOwners: [.system])
        XCTAssertFalse(onlySystem.shouldIgnore(try ParsingCorpus.conflict("018.txt")))
    }

    /// Rules saved before owners existed still decode, dropping no owner.
    func test_rulesWithoutOwners_decode() throws {
        let json = #"{"classPrefixes":["_UI"],"signatures":[],"ignoresSystemViewControllers":true}"#
        let rules = try JSONDecoder().decode(ConflictIgnoreRules.self, from: Data(json.utf8))
        XCTAssertEqual(rules.ignoredOwners, [])
        XCTAssertEqual(rules.classPrefixes, ["_UI"])
    }
}
