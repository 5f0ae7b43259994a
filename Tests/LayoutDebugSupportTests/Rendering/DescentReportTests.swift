import Foundation
import XCTest
@testable import LayoutDebugSupport

final class DescentReportTests: XCTestCase {
    private static func view(_ className: String, _ address: UInt64, superclass: String? = nil,
                             _ children: [ViewSnapshot] = []) -> ViewSnapshot {
        ViewSnapshot(reference: ObjectReference(className: className, address: address),
                     superclassNames: (superclass.map { [$0] } ?? []) + ["UIView", "UIResponder"],
                     children: children)
    }

    /// root ─ button ─ label; root ─ container ─ FancyImage (a UIImageView subclass) ─ inner
    static let tree = view("UIView", 0x1, [
        view("UIButton", 0x2, superclass: "UIControl", [view("UILabel", 0x3)]),
        view("UIView", 0x4, [view("App.FancyImage", 0x5, superclass: "UIImageView", [view("UIView", 0x6)])]),
    ])

    private func addresses(_ entries: [DescentReport.Entry]) -> [UInt64] {
        entries.compactMap(\.view.reference.address)
    }

    func test_entries_preOrder_stopAtSkippableClassesAndSubclasses() {
        let entries = DescentReport.entries(Self.tree)
        XCTAssertEqual(addresses(entries), [0x1, 0x2, 0x4, 0x5])
        XCTAssertEqual(entries.map(\.depth), [0, 1, 1, 2])
        XCTAssertEqual(entries.map(\.skippedSubviews), [false, true, false, true])
    }

    func test_entries_all_ignoresSkipList() {
        XCTAssertEqual(addresses(DescentReport.entries(Self.tree, all: true)), [0x1, 0x2, 0x3, 0x4, 0x5, 0x6])
    }

    func test_entries_overriddenList_isUsed() {
        XCTAssertEqual(addresses(DescentReport.entries(Self.tree, skipping: ["UIView"])), [0x1, 0x2, 0x4])
        XCTAssertEqual(addresses(DescentReport.entries(Self.tree, skipping: ["FancyImage"])), [0x1, 0x2, 0x3, 0x4, 0x5])
    }

    func test_entries_rootOfSkippableClass_isStillOpened() {
        let button = Self.tree.children[0]
        XCTAssertEqual(addresses(DescentReport.entries(button)), [0x2, 0x3])
    }

    func test_text_indentsByDepth_andSaysWhatWasSkipped() {
        let text = DescentReport.text(Self.tree)
        XCTAssertTrue(text.hasPrefix("<UIView:0x1> UIView : UIView [Autosizes]\nMask...........h=--& v=--&\n"))
        XCTAssertTrue(text.contains("\n\n  <UIButton:0x2> UIButton : UIControl [Autosizes]\n  Mask..........."))
        XCTAssertTrue(text.contains("  (subviews of UIButton skipped; use --all to see them)\n"))
        XCTAssertTrue(text.contains("\n\n    <App.FancyImage:0x5> App.FancyImage : UIImageView [Autosizes]\n"))
        XCTAssertFalse(text.contains("0x6"))
    }

    func test_json_listsEachViewOnce_inPreOrder_withItsDepth_andEachClassOnce() throws {
        let json = DescentReport.json(Self.tree)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertNil(document["text"], "the text is lreport's other answer")
        let views = try XCTUnwrap(document["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["address"] as? String }, ["0x1", "0x2", "0x4", "0x5"])
        XCTAssertEqual(views.map { $0["depth"] as? Int }, [0, 1, 1, 2])
        XCTAssertEqual(views.map { $0["skippedSubviews"] as? Bool }, [nil, true, nil, true])
        let classes = try XCTUnwrap(document["classes"] as? [String: [String]])
        XCTAssertEqual(classes, ["UIView": ["UIView", "UIResponder"], "UIButton": ["UIControl", "UIView", "UIResponder"],
                                 "App.FancyImage": ["UIImageView", "UIView", "UIResponder"]])
    }
}
