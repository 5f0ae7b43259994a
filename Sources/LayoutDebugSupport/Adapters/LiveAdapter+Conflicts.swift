#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - ConflictDetail

/// How much of a conflict a snapshot holds.
enum ConflictDetail: Int, Comparable, Sendable {
    /// Its constraints and its view controller: what its signature, its owner and a count
    /// need (a quiet storm's tally). No views, and references without their properties.
    case constraints
    /// Everything its report shows: also the views with their frames, where they sit in
    /// the window, the views above them, and the constraints' origins.
    case report

    static func < (lhs: ConflictDetail, rhs: ConflictDetail) -> Bool { lhs.rawValue < rhs.rawValue }
}

// MARK: - Conflicts

extension LiveAdapter {
    /// The conflict as a snapshot: the broken constraint, the list, the view controller that
    /// owns them and, for `.report`, the views involved with their frames (and where they sit
    /// in the window, and the views above them).
    ///
    /// It is taken while the engine reports the conflict, in the middle of handling a row:
    /// nothing here asks the engine (no ambiguity, no trace, no intrinsic size computed by
    /// the view; see `snapshot(of:constraints:ancestorConstraints:asksEngine:)`).
    func conflict(broken: NSLayoutConstraint, list: [NSLayoutConstraint], ordinal: Int?,
                  detail: ConflictDetail = .report) -> ConflictSnapshot {
        let all = [broken] + list
        let controller = all.lazy.compactMap { self.viewController(near: $0) }.first
        let name = controller.map { classNames(of: $0).name }
        let isSystemController = controller.map { Self.isFrameworkClass(Swift.type(of: $0)) } ?? false
        guard detail == .report else {
            return ConflictSnapshot(ordinal: ordinal, brokenConstraint: conflictSnapshot(of: broken),
                                    mutuallyExclusive: list.map(conflictSnapshot), viewController: name,
                                    isSystemViewController: isSystemController)
        }
        let views = involvedViews(all)
        var conflict = ConflictSnapshot(
            ordinal: ordinal,
            brokenConstraint: conflictSnapshot(of: broken),
            mutuallyExclusive: list.map(conflictSnapshot),
            views: views.map { view in
                var flat = snapshot(of: view, ancestorConstraints: [], asksEngine: false)
                flat.constraints = []  // the report lists the conflict's constraints, not every one
                return flat
            },
            viewController: name,
            isSystemViewController: isSystemController,
            placements: placements(of: views),
            surroundings: surroundings(of: views)
        )
        // Which of two pins of one attribute came later, when capture recorded them.
        if ConstraintOrigins.reportsOrigins {
            conflict.madeOrder = list.map { ConstraintOrigins.madeOrder(ofConstraintAt: Nametags.address(of: $0)) }
        }
        return conflict
    }

    /// A conflict's constraint, with its first item's superview when its
    /// position is set by a number (`minX == 0`): the explainer measures
    /// that position from the superview, as the frame's origin is.
    private func conflictSnapshot(of c: NSLayoutConstraint) -> ConstraintSnapshot {
        var made = snapshot(of: c, owner: owner(of: c))
        if made.isPositionInSuperview, let view = c.firstItem as? PlatformView, let parent = view.superview {
            made.superview = reference(parent)
        }
        return made
    }

    /// The view a constraint is installed on: the nearest view, from its
    /// first item up, whose `constraints` holds it.
    func owner(of c: NSLayoutConstraint) -> PlatformView? {
        var view = [c.firstItem, c.secondItem].lazy.compactMap { Self.nearestView($0) }.first
        while let current = view {
            if current.constraints.contains(where: { $0 === c }) { return current }
            view = current.superview
        }
        return nil
    }

    /// The view controller found by walking the responder chain up from the
    /// constraint's items, as ZIKConstraintsGuard does.
    func viewController(near c: NSLayoutConstraint) -> PlatformViewController? {
        for item in [c.firstItem, c.secondItem] {
            var responder: PlatformResponder? = Self.nearestView(item)
            while let current = responder {
                if let controller = current as? PlatformViewController { return controller }
                responder = Platform.nextResponder(of: current)
            }
        }
        return nil
    }

    /// The distinct views the constraints name (a guide stands for its owning
    /// view), in order of first mention.
    private func involvedViews(_ constraints: [NSLayoutConstraint]) -> [PlatformView] {
        var seen = Set<ObjectIdentifier>()
        var views: [PlatformView] = []
        for c in constraints {
            for item in [c.firstItem, c.secondItem] {
                guard let view = Self.nearestView(item), seen.insert(ObjectIdentifier(view)).inserted else { continue }
                views.append(view)
            }
        }
        return views
    }

    /// A view item itself, or a guide's owning view.
    static func nearestView(_ item: AnyObject?) -> PlatformView? {
        if let view = item as? PlatformView { return view }
        return (item as? PlatformLayoutGuide)?.owningView
    }

    /// Whether a class is UIKit's own (an alert, the keyboard) rather than the
    /// app's: Swift app classes carry their module, ReferenceKit's carry
    /// `ReferenceKit.`, and Objective-C UIKit classes are bare `UI…`/`_UI…`
    /// (AppKit's `NS…`/`_NS…`).
    static func isFrameworkClass(_ type: AnyClass) -> Bool {
        let full = String(reflecting: type)
        let bare = printedName(type)
        // A plain view controller is how apps without subclasses own views.
        guard type != PlatformViewController.self else { return false }
        // A hosting controller is the app's: it made it to show its own SwiftUI content.
        if HostingViewNames.isHostingController(bare) { return false }
        if Platform.frameworkModules.contains(where: { full.hasPrefix($0) }) { return true }
        return !bare.contains(".") && Platform.systemClassPrefixes.contains { bare.hasPrefix($0) }
    }
}
#endif
