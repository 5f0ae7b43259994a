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
    /// The report of each conflict made inside the engine's hook, as `lbreak`
    /// makes it at its stop: before the engine has laid the views out.
    /// Empty unless asked for.
    let reportsAtConflict: [String]

    /// Builds scenario `name` (with `count` for those that take one),
    /// recording its conflicts through ReferenceKit's hook, and with
    /// `reportingAtConflict` each one's report as the hook sees it.
    init(_ name: String, count: Int? = nil, reportingAtConflict: Bool = false) throws {
        let scenario = try XCTUnwrap(DemoCatalog.scenario(named: name))
        var conflicts: [(NSLayoutConstraint, UIConstraintList)] = []
        var reports: [String] = []
        let restore = WillBreakHook.install { constraint, list in
            let kept = UIConstraintList(constraints: list)
            conflicts.append((constraint, kept))
            if reportingAtConflict {
                reports.append(LiveReports.conflictReport(constraintAt: LiveHierarchy.address(constraint),
                                                          listAt: LiveHierarchy.address(kept), options: []))
            }
        }
        defer { restore() }
        window = scenario.makeWindow(count: count)
        root = try XCTUnwrap(window.rootViewController?.view)
        self.conflicts = conflicts
        self.reportsAtConflict = reports
    }

    /// The conflict report the breakpoint would produce for conflict `index`.
    func conflictReport(_ index: Int) -> String {
        LiveReports.conflictReport(constraintAt: LiveHierarchy.address(conflicts[index].broken),
                                   listAt: LiveHierarchy.address(conflicts[index].list), options: [])
    }
}
