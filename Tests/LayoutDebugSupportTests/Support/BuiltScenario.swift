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
        // A Sendable hook, not main-actor isolated: a scenario may lay out on another thread.
        let seen = SeenConflicts(reporting: reportingAtConflict)
        let restore = WillBreakHook.install { @Sendable constraint, list in seen.add(constraint, list) }
        defer { restore() }
        window = scenario.makeWindow(count: count)
        root = try XCTUnwrap(window.rootViewController?.view)
        self.conflicts = seen.conflicts
        self.reportsAtConflict = seen.reports
    }

    /// The conflict report the breakpoint would produce for conflict `index`.
    func conflictReport(_ index: Int) -> String {
        LiveReports.conflictReport(constraintAt: LiveHierarchy.address(conflicts[index].broken),
                                   listAt: LiveHierarchy.address(conflicts[index].list), options: [])
    }
}

/// The conflicts a hook saw, from whichever thread laid them out, and with `reporting` each
/// one's report as the hook saw it.
private final class SeenConflicts: @unchecked Sendable {
    private let lock = NSLock()
    private let reporting: Bool
    private var stored: [(broken: NSLayoutConstraint, list: UIConstraintList)] = []
    private var storedReports: [String] = []

    init(reporting: Bool) {
        self.reporting = reporting
    }

    var conflicts: [(broken: NSLayoutConstraint, list: UIConstraintList)] { lock.withLock { stored } }
    var reports: [String] { lock.withLock { storedReports } }

    func add(_ constraint: NSLayoutConstraint, _ list: [NSLayoutConstraint]) {
        let kept = UIConstraintList(constraints: list)
        let report = reporting ? LiveReports.conflictReport(constraintAt: Self.address(constraint),
                                                           listAt: Self.address(kept), options: []) : nil
        lock.withLock {
            stored.append((constraint, kept))
            if let report { storedReports.append(report) }
        }
    }

    /// An object's address, as the breakpoint's arguments carry it.
    private static func address(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }
}
