import DemoScenarios
import Foundation
import XCTest
import ReferenceKit
@testable import LayoutDebugSupport

/// A `layout-demo` scenario built in the test process: its window, its root
/// view, and the conflicts the engine reported while it was built.
@MainActor
struct BuiltScenario {
    let window: UIWindow
    let root: UIView
    let conflicts: [(broken: NSLayoutConstraint, list: UIConstraintList)]

    /// Builds scenario `name`, recording its conflicts through ReferenceKit's hook.
    init(_ name: String) throws {
        let scenario = try XCTUnwrap(DemoCatalog.scenario(named: name))
        var conflicts: [(NSLayoutConstraint, UIConstraintList)] = []
        let token = ReferenceKitDebugHooks.addWillBreakConstraintObserver { _, constraint, list in
            conflicts.append((constraint, UIConstraintList(constraints: list)))
        }
        defer { ReferenceKitDebugHooks.removeObserver(token) }
        window = scenario.makeWindow()
        root = try XCTUnwrap(window.rootViewController?.view)
        self.conflicts = conflicts
    }

    /// The conflict report the breakpoint would produce for conflict `index`.
    func conflictReport(_ index: Int) -> String {
        LiveReports.conflictReport(constraintAt: LiveHierarchy.address(conflicts[index].broken),
                                   listAt: LiveHierarchy.address(conflicts[index].list), options: [])
    }
}
