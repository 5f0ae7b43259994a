import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// The adapter itself: what it reads off live objects, the conflict snapshot,
/// the responder chain, and class naming.
final class LiveAdapterTests: XCTestCase {
    override func tearDown() {
        BrokenConstraints.removeAll()
        ConflictOrdinals.reset()
    }

    func test_conflict_snapshotFromBreakpointArguments() throws {
        try onMain {
            let conflict = try XCTUnwrap(LiveConflict.widthConflict())
            let list = UIConstraintList(constraints: conflict.list)
            let snapshot = try LiveSnapshots.conflict(constraintAt: LiveHierarchy.address(conflict.broken),
                                                      listAt: LiveHierarchy.address(list)).get()
            XCTAssertEqual(snapshot.ordinal, 1)
            XCTAssertEqual(snapshot.viewController, "LayoutDebugSupportTests.ProfileViewController")
            XCTAssertFalse(snapshot.isSystemViewController)
            XCTAssertEqual(snapshot.brokenConstraint?.address, UInt64(LiveHierarchy.address(conflict.broken)))
            XCTAssertEqual(snapshot.mutuallyExclusive.map(\.constant).sorted(), [100, 200])
            XCTAssertEqual(snapshot.views.first?.reference.address, UInt64(LiveHierarchy.address(conflict.view)))
            XCTAssertTrue(BrokenConstraints.contains(conflict.broken), "the breakpoint's constraint is remembered")
            let report = LiveReports.report(at: LiveHierarchy.address(conflict.view), options: .noDescend)
            XCTAssertTrue(report.contains("[broken]"), report)
            withExtendedLifetime((conflict, list)) {}
        }
    }

    func test_conflict_autoresizing_hintNamesTheView() throws {
        try onMain {
            let conflict = try XCTUnwrap(LiveConflict.widthConflict(translatesAutoresizing: true))
            let list = UIConstraintList(constraints: conflict.list)
            let text = LiveReports.conflictReport(constraintAt: LiveHierarchy.address(conflict.broken),
                                                  listAt: LiveHierarchy.address(list), options: [])
            XCTAssertTrue(text.contains("<UIView:\(hex(conflict.view))> still has translatesAutoresizingMaskIntoConstraints on"), text)
            XCTAssertTrue(text.contains("(NSAutoresizingMaskLayoutConstraint h=--& v=--&)"), text)
            XCTAssertTrue(text.contains("Views:\n  <UIView:\(hex(conflict.view))> (10 20; "), text)
            withExtendedLifetime((conflict, list)) {}
        }
    }

    func test_classNames_superclassChainAndModules() throws {
        onMain {
            let adapter = LiveAdapter()
            let names = adapter.classNames(of: UIButton(type: .system))
            XCTAssertEqual(names.name, "UIButton")
            XCTAssertEqual(names.superclasses.last, "UIResponder")
            XCTAssertTrue(names.superclasses.contains("UIView"))
            XCTAssertEqual(adapter.classNames(of: ProfileViewController()).name, "LayoutDebugSupportTests.ProfileViewController")
            XCTAssertTrue(LiveAdapter.isFrameworkClass(UIWindow.self))
            XCTAssertFalse(LiveAdapter.isFrameworkClass(UIViewController.self), "apps use plain controllers")
            XCTAssertFalse(LiveAdapter.isFrameworkClass(ProfileViewController.self))
        }
    }

    /// With the tests' module as the app's, the app's classes print bare in
    /// every report (here, the conflict's view controller and report line),
    /// and the runtime's other classes keep theirs.
    func test_appModules_dropTheAppsModuleFromItsClasses() throws {
        try onMain {
            let saved = LiveAdapter.appModules
            LiveAdapter.appModules = ["LayoutDebugSupportTests"]
            defer { LiveAdapter.appModules = saved }
            let adapter = LiveAdapter()
            XCTAssertEqual(adapter.classNames(of: ProfileViewController()).name, "ProfileViewController")
            XCTAssertEqual(adapter.classNames(of: UIButton(type: .system)).name, "UIButton")
            let conflict = try XCTUnwrap(LiveConflict.widthConflict())
            let list = UIConstraintList(constraints: conflict.list)
            let snapshot = try LiveSnapshots.conflict(constraintAt: LiveHierarchy.address(conflict.broken),
                                                      listAt: LiveHierarchy.address(list)).get()
            XCTAssertEqual(snapshot.viewController, "ProfileViewController")
            XCTAssertTrue(ConflictReportRenderer.text(snapshot, why: nil)
                .contains("\nConflict #1: Unable to simultaneously satisfy constraints in ProfileViewController\n"))
            withExtendedLifetime((conflict, list)) {}
        }
    }

    /// The executable's module is the app's unless `LAYOUT_DEBUG_APP_MODULES`
    /// names others; a test run's executable (`xctest`) has no classes of its own.
    func test_defaultAppModules_environmentElseTheExecutablesModule() {
        let saved = ProcessInfo.processInfo.environment["LAYOUT_DEBUG_APP_MODULES"]
        defer {
            if let saved { setenv("LAYOUT_DEBUG_APP_MODULES", saved, 1) } else { unsetenv("LAYOUT_DEBUG_APP_MODULES") }
        }
        setenv("LAYOUT_DEBUG_APP_MODULES", "Shop, ShopKit,", 1)
        XCTAssertEqual(LiveAdapter.defaultAppModules(), ["Shop", "ShopKit"])
        unsetenv("LAYOUT_DEBUG_APP_MODULES")
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
        XCTAssertEqual(LiveAdapter.defaultAppModules(), [AppModuleNames.moduleName(forProduct: executable)])
    }

    func test_tree_listsGuidesAndViewController() throws {
        onMain {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            let controller = ProfileViewController()
            window.rootViewController = controller
            let guide = controller.view.layoutMarginsGuide
            window.layoutIfNeeded()
            let tree = LiveAdapter().tree(of: window)
            let root = tree.children.first { $0.reference.address == UInt64(LiveHierarchy.address(controller.view)) }
            XCTAssertEqual(root?.viewController, "LayoutDebugSupportTests.ProfileViewController")
            let guideNode = root?.children.first { $0.isLayoutGuide }
            XCTAssertEqual(guideNode?.reference.address, UInt64(LiveHierarchy.address(guide)))
            XCTAssertEqual(guideNode?.reference.name, "UIViewLayoutMarginsGuide")
            XCTAssertEqual(guideNode?.frame, SnapshotRect(x: 8, y: 8, width: 359, height: 651))
        }
    }

    func test_frameMiss_rightToLeftLeading() throws {
        onMain {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            parent.semanticContentAttribute = .forceRightToLeft
            let child = UIView()
            child.translatesAutoresizingMaskIntoConstraints = false
            parent.addSubview(child)
            let leading = child.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 20)
            NSLayoutConstraint.activate([leading, child.widthAnchor.constraint(equalToConstant: 50),
                                         child.heightAnchor.constraint(equalToConstant: 10),
                                         child.topAnchor.constraint(equalTo: parent.topAnchor)])
            parent.layoutIfNeeded()
            // Right to left, leading is the right edge: the child sits at 200 - 20 - 50 = 130.
            XCTAssertEqual(child.frame.origin.x, 130)
            XCTAssertEqual(LiveAdapter().makeSnapshot(of: leading, owner: parent).frameMiss, 0)
        }
    }
}
