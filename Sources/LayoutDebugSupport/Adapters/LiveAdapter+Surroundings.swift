#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - Surroundings

extension LiveAdapter {
    /// The conflict's views and every view above them, each once, and the
    /// nearest view controller of the app's own: what only the live process
    /// knows of where a conflict sits (`ConflictSurroundings`).
    ///
    /// - Parameter views: The conflict's views, in order of first mention.
    /// - Returns: `nil` when the conflict names no view.
    /// - Complexity: O(views × depth).
    func surroundings(of views: [PlatformView]) -> ConflictSurroundings? {
        guard !views.isEmpty else { return nil }
        var seen = Set<ObjectIdentifier>()
        let involved = Set(views.map(ObjectIdentifier.init))
        var listed: [SurroundingView] = []
        for view in views {
            var next: PlatformView? = view
            while let current = next, seen.insert(ObjectIdentifier(current)).inserted {
                listed.append(surroundingView(current, isInvolved: involved.contains(ObjectIdentifier(current))))
                next = current.superview
            }
        }
        let holder = Self.nearestCommonView(of: views)
        return ConflictSurroundings(views: listed,
                                    appViewController: holder.flatMap(appViewController(above:)))
    }

    /// One view as its surroundings list it. A framework view above the
    /// conflict's is named by class and address alone: only the conflict's
    /// views and the app's are ever shown, and finding the property that holds
    /// each of a deep hierarchy's views would cost a reflection per holder.
    private func surroundingView(_ view: PlatformView, isInvolved: Bool) -> SurroundingView {
        let controller = Platform.nextResponder(of: view).flatMap { $0 as? PlatformViewController }
        let classes = classNames(of: view)
        let isApp = Self.isAppClass(Swift.type(of: view))
        let named = isInvolved || isApp ? reference(view)
            : ObjectReference(className: classes.name, address: UInt64(Nametags.address(of: view)))
        return SurroundingView(reference: named, superclassNames: classes.superclasses,
                               superview: view.superview.map { UInt64(Nametags.address(of: $0)) },
                               isAppClass: isApp, viewController: controller.map { classNames(of: $0).name })
    }

    /// The nearest view controller of the app's own up the responder chain
    /// from `view`: the controllers whose views hold it, and their parents.
    private func appViewController(above view: PlatformView) -> String? {
        var responder: PlatformResponder? = view
        while let current = responder {
            if let controller = current as? PlatformViewController, Self.isAppClass(Swift.type(of: controller)) {
                return classNames(of: controller).name
            }
            responder = Platform.nextResponder(of: current)
        }
        return nil
    }

    /// The nearest view that is, or holds, every one of `views`.
    static func nearestCommonView(of views: [PlatformView]) -> PlatformView? {
        guard var candidate = views.first else { return nil }
        for view in views.dropFirst() {
            var found: PlatformView? = candidate
            while let current = found, !view.isDescendant(of: current) { found = current.superview }
            guard let found else { return nil }
            candidate = found
        }
        return candidate
    }

    /// Whether a class is the app's own: a Swift class of one of `appModules`,
    /// or, where there is an Objective-C runtime, an Objective-C class the
    /// main executable holds. Library and framework classes are not.
    static func isAppClass(_ type: AnyClass) -> Bool {
        let full = String(reflecting: type)
        if let dot = full.firstIndex(of: "."), !full.hasPrefix("__C.") {
            return appModules.contains(String(full[..<dot]))
        }
        #if canImport(ObjectiveC)
        return !isFrameworkClass(type) && Bundle(for: type) == Bundle.main
        #else
        return false
        #endif
    }
}
#endif
