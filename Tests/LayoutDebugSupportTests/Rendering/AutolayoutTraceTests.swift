import Foundation
import XCTest
@testable import LayoutDebugSupport

final class AutolayoutTraceTests: XCTestCase {
    static func tree() -> ViewSnapshot {
        let window = ObjectReference(className: "UIWindow", address: 0x55d0c0a0)
        let root = ObjectReference(className: "UIView", address: 0x55d0c1b0, name: "root")
        let child = ObjectReference(className: "UIView", address: 0x55d0c2c0)
        let manual = ObjectReference(className: "UILabel", address: 0x55d0c3d0)
        let pinned = ObjectReference(className: "UIView", address: 0x55d0c4e0)
        let constraint = ConstraintSnapshot(firstItem: pinned, firstAttribute: .top, secondItem: root,
                                            secondAttribute: .top)
        return ViewSnapshot(reference: window, children: [
            ViewSnapshot(reference: root, translatesAutoresizingMask: false, constraints: [constraint], children: [
                ViewSnapshot(reference: child, translatesAutoresizingMask: false,
                             hasAmbiguousLayout: true, ambiguousVariables: ["minX", "width"]),
                ViewSnapshot(reference: manual),
                ViewSnapshot(reference: pinned),
            ]),
        ])
    }

    func test_text_modernFormat_handChecked() {
        assertMatchesGolden(AutolayoutTrace.text(Self.tree()), named: "Rendering/autolayout-trace-modern-format")
    }

    func test_ambiguities_listWhichVariable() {
        XCTAssertEqual(AutolayoutTrace.ambiguities(Self.tree()).map(\.variables), [["minX", "width"]])
    }

    func test_json_namesTheAmbiguousView_byAddress_andDescribesItOnce() throws {
        let json = AutolayoutTrace.json(Self.tree())
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(document["text"] as? String, AutolayoutTrace.text(Self.tree()))
        let ambiguity = try XCTUnwrap((document["ambiguities"] as? [[String: Any]])?.first)
        XCTAssertEqual(ambiguity["view"] as? String, "0x55d0c2c0")
        let views = try XCTUnwrap(document["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["address"] as? String }, ["0x55d0c2c0"])
        XCTAssertEqual(views.first?["className"] as? String, "UIView")
    }
}
