import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// A live system conflict names where it sits: the framework container its
/// views are in, and the nearest view and view controller of the app's own
/// (`ConflictPlace`); a pasted conflict, which has no superviews, does not.
final class ConflictPlaceTests: XCTestCase {
    private var savedModules: Set<String> = []

    override func setUp() {
        savedModules = LiveAdapter.appModules
        LiveAdapter.appModules = ["DemoScenarios"]  // as layout-demo sets it
    }

    override func tearDown() {
        LiveAdapter.appModules = savedModules
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    // MARK: - From snapshots

    /// `SwiftUI hosting view.height == 120` in a toolbar (the SwiftUI-era test's
    /// log), with the toolbar, the app's `Orbit.ToolbarHost` and its controller above.
    private func hostingInToolbar(appViewController: String?) -> ConflictSnapshot {
        let hosting = ObjectReference(className: "SwiftUI._UIHostingView<SwiftUI.AnyView>", address: 0x10)
        let content = ObjectReference(className: "_UIToolbarContentView", address: 0x20)
        let height = ConstraintSnapshot(address: 0x1, firstItem: hosting, firstAttribute: .height, constant: 120)
        let top = ConstraintSnapshot(address: 0x2, firstItem: hosting, firstAttribute: .top, secondItem: content,
                                     secondAttribute: .top)
        let bottom = ConstraintSnapshot(address: 0x3, firstItem: content, firstAttribute: .bottom, secondItem: hosting,
                                        secondAttribute: .bottom)
        let fixed = ConstraintSnapshot(address: 0x4, firstItem: content, firstAttribute: .height, constant: 44)
        let surroundings = ConflictSurroundings(views: [
            SurroundingView(reference: hosting, superclassNames: ["UIView"], superview: 0x20),
            SurroundingView(reference: content, superclassNames: ["UIView"], superview: 0x30),
            SurroundingView(reference: ObjectReference(className: "UIToolbar", address: 0x30), superclassNames: ["UIView"],
                            superview: 0x40),
            SurroundingView(reference: ObjectReference(className: "Orbit.ToolbarHost", address: 0x40),
                            superclassNames: ["UIView"], superview: 0x50, isAppClass: true),
            SurroundingView(reference: ObjectReference(className: "UIWindow", address: 0x50), superclassNames: ["UIView"]),
        ], appViewController: appViewController)
        return ConflictSnapshot(brokenConstraint: height, mutuallyExclusive: [height, top, bottom, fixed],
                                views: [ViewSnapshot(reference: hosting), ViewSnapshot(reference: content)],
                                surroundings: surroundings)
    }

    func test_systemConflict_inAToolbar_namesTheAppsViewAndController() {
        let triage = ConflictTriage.classify(hostingInToolbar(appViewController: "Orbit.MapViewController"))
        XCTAssertEqual(triage.owner, .system)
        XCTAssertEqual(triage.place?.container, .toolbar, "SwiftUI's hosting view yields to the bar it sits in")
        XCTAssertEqual(triage.place?.appView?.address, 0x40)
        XCTAssertEqual(triage.place?.appViewController, "Orbit.MapViewController")
        XCTAssertTrue(triage.line.hasSuffix("), in a toolbar inside Orbit.MapViewController's <Orbit.ToolbarHost:0x40>"),
                      triage.line)
    }

    func test_systemConflict_withoutAnAppController_namesTheAppsViewAlone() {
        let triage = ConflictTriage.classify(hostingInToolbar(appViewController: nil))
        XCTAssertTrue(triage.line.hasSuffix("), in a toolbar inside the app's <Orbit.ToolbarHost:0x40>"), triage.line)
    }

    /// A log's conflict has no surroundings: the owner line is as before.
    func test_conflictFromALog_hasNoPlace() {
        var conflict = hostingInToolbar(appViewController: "Orbit.MapViewController")
        conflict.surroundings = nil
        let triage = ConflictTriage.classify(conflict)
        XCTAssertEqual(triage.owner, .system)
        XCTAssertNil(triage.place)
        XCTAssertTrue(triage.line.hasSuffix(")"), triage.line)
    }

    /// An app's own `UIToolbar` subclass is a toolbar, and the app's view.
    func test_appsToolbarSubclass_isTheContainerAndTheAppsView() {
        let bar = SurroundingView(reference: ObjectReference(className: "Bravo2Bar", address: 0x30),
                                  superclassNames: ["UIToolbar", "UIView"], isAppClass: true)
        let place = ConflictPlace(container: SystemContainer.nearest(in: [bar]), appView: bar.reference,
                                  appViewController: nil)
        XCTAssertEqual(place.text, "in a toolbar inside the app's <Bravo2Bar:0x30>")
    }

    // MARK: - Live, on the demo scenarios

    /// `toolbar-conflict`: UIKit's `_UIButtonBarStackView` and `_UIButtonBarButton`
    /// only, in a `UIToolbar` inside the app's `SettingsPanel`, the `panel` of
    /// the child `SettingsViewController` (see `PlaceScenarios.toolbar`).
    func test_toolbarConflict_saysItSitsInTheSettingsScreensToolbar() throws {
        try onMain {
            let built = try BuiltScenario("toolbar-conflict")
            XCTAssertEqual(built.conflicts.count, 1)
            let panel = built.root.subviews[0].subviews[0]
            let report = built.conflictReport(0)
            let first = String(report.prefix { $0 != "\n" })
            XCTAssertTrue(first.hasPrefix("Owner: system (only UIKit-internal views: "), first)
            XCTAssertTrue(first.contains("_UIButtonBarStackView") && first.contains("_UIButtonBarButton"), first)
            XCTAssertTrue(first.hasSuffix("), in a toolbar inside SettingsViewController's "
                + "<SettingsPanel:\(hex(panel)) SettingsViewController.panel>"), first)
        }
    }

    /// The app's own conflict keeps its owner line: its evidence names the app's view already.
    func test_appsOwnConflict_hasNoPlace() throws {
        try onMain {
            let built = try BuiltScenario("duplicate-leading")
            let object = try Self.document(built)
            XCTAssertEqual(object["owner"] as? String, "yours")
            XCTAssertNil(object["place"])
            let views = try XCTUnwrap(object["views"] as? [[String: Any]])
            XCTAssertTrue(views.contains { $0["className"] as? String == "UIWindow" },
                          "the views above the conflict's, up to the window, all the same")
        }
    }

    /// The JSON document carries the place's parts.
    func test_toolbarConflict_json_carriesThePlace() throws {
        try onMain {
            let built = try BuiltScenario("toolbar-conflict")
            let object = try Self.document(built)
            let place = try XCTUnwrap(object["place"] as? [String: Any])
            XCTAssertEqual(place["container"] as? String, "toolbar")
            XCTAssertEqual(place["appViewController"] as? String, "SettingsViewController")
            // The app's view by its address, described once under views.
            let views = try XCTUnwrap(object["views"] as? [[String: Any]])
            let appView = try XCTUnwrap(place["appView"] as? String)
            XCTAssertEqual(views.first { $0["address"] as? String == appView }?["className"] as? String, "SettingsPanel")
            let tops = views.filter { $0["superview"] == nil }
            XCTAssertEqual(tops.count, 1, "one hierarchy: the conflict's views share their ancestors")
            XCTAssertEqual(tops.first?["className"] as? String, "UIWindow", "the window tops the chain")
        }
    }

    /// The JSON conflict report `lds_conflict_report` gives for the scenario's first conflict.
    @MainActor
    private static func document(_ built: BuiltScenario) throws -> [String: Any] {
        let json = LiveReports.conflictReport(constraintAt: LiveHierarchy.address(built.conflicts[0].broken),
                                              listAt: LiveHierarchy.address(built.conflicts[0].list), options: .json)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], json)
    }
}
