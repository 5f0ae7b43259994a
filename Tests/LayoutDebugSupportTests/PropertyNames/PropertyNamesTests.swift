import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// Reports name a view by the property that holds it (`PropertyNames`), on the
/// `property-names` demo: a `ProfileViewController` holding `avatarView` and a
/// lazy `card`, whose `ProfileCardView` holds `titleLabel` and `actionButtons`.
final class PropertyNamesTests: XCTestCase {
    private var savedModules: Set<String> = []

    override func setUp() {
        savedModules = LiveAdapter.appModules
        LiveAdapter.appModules = ["DemoScenarios"]  // as layout-demo sets it: its views are "the app's"
    }

    override func tearDown() {
        LiveAdapter.appModules = savedModules
        PropertyNames.isEnabled = true
        Nametags.removeAll()
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    /// A class as a test prints it: its bare name.
    private static func className(_ object: AnyObject) -> String { String(describing: type(of: object)) }

    /// The scenario's views, found by position (the demo's classes are internal to it).
    @MainActor
    private struct Profile {
        let built: BuiltScenario
        var controllerView: UIView { built.root.subviews[0] }
        var card: UIView { controllerView.subviews[0] }
        var avatar: UIView { card.subviews[0] }
        var title: UIView { card.subviews[1] }
        var buttons: [UIView] { Array(card.subviews[2...3]) }

        init() throws { built = try BuiltScenario("property-names") }
    }

    func test_conflictReport_namesEachViewByTheProperty_ofItsControllerOrParentView() throws {
        try onMain {
            let profile = try Profile()
            XCTAssertEqual(profile.built.conflicts.count, 1)
            let report = profile.built.conflictReport(0)
            // Held by the controller although the card is its superview: the nearest holder up the chain.
            XCTAssertTrue(report.contains("<UIImageView:\(hex(profile.avatar)) ProfileViewController.avatarView>"), report)
            // Held by its parent view.
            XCTAssertTrue(report.contains("<UILabel:\(hex(profile.title)) ProfileCardView.titleLabel>"), report)
            // A lazy property, read from its storage.
            XCTAssertTrue(report.contains("<ProfileCardView:\(hex(profile.card)) ProfileViewController.card>"), report)
            // The owner line names the app's first view by its property too.
            XCTAssertTrue(report.hasPrefix("Owner: yours (the app's <ProfileCardView:\(hex(profile.card)) ProfileViewController.card>)"), report)
            // The broken constraint's line names the title too.
            XCTAssertTrue(report.contains("ProfileCardView.titleLabel>.width == 300"), report)
        }
    }

    func test_descentReport_namesArrayElements_andTheControllersRootView() throws {
        try onMain {
            let profile = try Profile()
            let report = LiveReports.report(at: LiveHierarchy.address(profile.built.root), options: [])
            XCTAssertTrue(report.contains("<UIButton:\(hex(profile.buttons[0])) ProfileCardView.actionButtons[0]>"), report)
            XCTAssertTrue(report.contains("<UIButton:\(hex(profile.buttons[1])) ProfileCardView.actionButtons[1]>"), report)
            XCTAssertTrue(report.contains("<UIView:\(hex(profile.controllerView)) ProfileViewController.view>"), report)
            // The demo's root controller is UIKit's own class: its view has no property name.
            XCTAssertTrue(report.contains("<UIView:\(hex(profile.built.root))>"), report)
        }
    }

    func test_constraintsAndTrace_nameTheView() throws {
        try onMain {
            let profile = try Profile()
            let constraints = LiveReports.constraints(at: LiveHierarchy.address(profile.title), options: [])
            XCTAssertTrue(constraints.contains("<UILabel:\(hex(profile.title)) ProfileCardView.titleLabel>"), constraints)
            let trace = LiveReports.trace(at: LiveHierarchy.address(profile.built.root), options: [])
            XCTAssertTrue(trace.contains("UILabel:\(hex(profile.title)) ProfileCardView.titleLabel\n"), trace)
        }
    }

    func test_explainer_labelsItemsByProperty() throws {
        try onMain {
            let profile = try Profile()
            let report = profile.built.conflictReport(0)
            XCTAssertTrue(report.contains("ProfileCardView.titleLabel.width"), report)
        }
    }

    func test_nametagOrIdentifier_winsOverTheProperty() throws {
        try onMain {
            let profile = try Profile()
            Nametags.set("Avatar", for: profile.avatar)
            profile.title.accessibilityIdentifier = "profile.title"
            let report = profile.built.conflictReport(0)
            XCTAssertTrue(report.contains("<Avatar:\(hex(profile.avatar))>"), report)
            XCTAssertTrue(report.contains("<profile.title:\(hex(profile.title))>"), report)
            XCTAssertFalse(report.contains("avatarView"), report)
            XCTAssertFalse(report.contains("titleLabel"), report)
        }
    }

    func test_json_carriesThePropertyEvenWhenANameWins() throws {
        try onMain {
            let profile = try Profile()
            Nametags.set("Avatar", for: profile.avatar)
            let json = LiveReports.report(at: LiveHierarchy.address(profile.card), options: [.json])
            XCTAssertTrue(json.contains("\"name\":\"Avatar\""), json)
            XCTAssertTrue(json.contains("\"property\":\"ProfileViewController.avatarView\""), json)
            XCTAssertTrue(json.contains("\"property\":\"ProfileCardView.titleLabel\""), json)
        }
    }

    func test_switchedOff_reportsNoProperty() throws {
        try onMain {
            let profile = try Profile()
            PropertyNames.isEnabled = false
            let report = profile.built.conflictReport(0)
            XCTAssertTrue(report.contains("<UIImageView:\(hex(profile.avatar))>"), report)
            XCTAssertFalse(report.contains("ProfileViewController."), report)
        }
    }

    func test_platformClassesStoredViews_nameNothing() throws {
        try onMain {
            // UIStackView keeps its arranged subviews in a stored array: that is
            // UIKit's storage, not a property the app wrote.
            let built = try BuiltScenario("stack-conflict")
            let report = LiveReports.report(at: LiveHierarchy.address(built.root), options: [])
            XCTAssertFalse(report.contains("arrangedSubviews"), report)
            XCTAssertFalse(report.contains("UIStackView."), report)
        }
    }

    func test_reflecting_runsNoAppCode_andLeavesLazyPropertiesUnmade() throws {
        try onMain {
            let holder = LazyHolderView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = UIView()
            holder.addSubview(child)
            holder.kept = child
            var names = PropertyNames()
            XCTAssertEqual(names.property(of: child, className: Self.className), "LazyHolderView.kept")
            XCTAssertFalse(holder.madeExtra, "a lazy property not yet made stays unmade")
            XCTAssertNil(names.property(of: holder, className: Self.className), "no app object holds the holder")
        }
    }

    func test_optionalAndWeakProperties_nameTheirObjectWhileSet() throws {
        try onMain {
            let holder = LazyHolderView(frame: .zero)
            let child = UIView()
            holder.addSubview(child)
            holder.weakChild = child
            let guide = UILayoutGuide()
            holder.addLayoutGuide(guide)
            holder.guides = [guide]
            var names = PropertyNames()
            XCTAssertEqual(names.property(of: child, className: Self.className), "LazyHolderView.weakChild")
            XCTAssertEqual(names.property(of: guide, className: Self.className), "LazyHolderView.guides[0]")
        }
    }
}

/// A view whose properties a test reflects.
private final class LazyHolderView: UIView {
    var madeExtra = false
    var kept: UIView?
    weak var weakChild: UIView?
    var guides: [UILayoutGuide] = []
    lazy var extra: UIView = {
        madeExtra = true
        return UIView()
    }()
}
