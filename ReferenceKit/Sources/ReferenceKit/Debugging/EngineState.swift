import Foundation

// MARK: - The engine's own state, for checks from outside

extension ReferenceKitDebugHooks {
    /// The constraints the engines of `view`'s hierarchy hold broken: active,
    /// but out of the solver since a conflict (see `LayoutEngine`'s breaking
    /// rule), in creation order.
    ///
    /// UIKit keeps this inside its private engine; a debugger reaches it there.
    /// Here it is how a test asks the engine itself, rather than a report,
    /// whether a conflict is still standing.
    ///
    /// - Parameter view: Any view of the hierarchy; the search starts at its root.
    @MainActor
    public static func brokenConstraints(inHierarchyOf view: UIView) -> [NSLayoutConstraint] {
        var root = view
        while let parent = root.superview { root = parent }
        var engines: [ObjectIdentifier: LayoutEngine] = [:]
        for member in root.subtreeViews() {
            if let engine = member.enrolledEngine { engines[ObjectIdentifier(engine)] = engine }
        }
        return engines.values.flatMap { $0.broken.values }.sorted { $0.serial < $1.serial }
    }
}

/// The number of constraints the engines of the hierarchy of the view at
/// `view` hold broken (`ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf:)`),
/// or -1 when `view` is not a live view.
///
/// A C symbol, so a debugger session can ask the engine directly:
/// `expression (long)ReferenceKitBrokenConstraintCount((void *)0x…)`, on
/// whichever thread is stopped (a hierarchy may live on a background thread).
@_cdecl("ReferenceKitBrokenConstraintCount")
public func ReferenceKitBrokenConstraintCount(_ view: UnsafeRawPointer?) -> Int {
    guard let view, let object = LiveObjects.object(at: UInt(bitPattern: view)) as? UIView else { return -1 }
    return uncheckedMainActor {
        ReferenceKitDebugHooks.brokenConstraints(inHierarchyOf: object).count
    }
}

/// 1 when the engine laying out the constraint at `constraint` holds it broken,
/// 0 when it does not (or the constraint is inactive), -1 when `constraint` is
/// not a live constraint: `expression (long)ReferenceKitConstraintIsBroken((void *)0x…)`.
@_cdecl("ReferenceKitConstraintIsBroken")
public func ReferenceKitConstraintIsBroken(_ constraint: UnsafeRawPointer?) -> Int {
    guard let constraint,
          let object = LiveObjects.object(at: UInt(bitPattern: constraint)) as? NSLayoutConstraint else { return -1 }
    return uncheckedMainActor {
        object.owner?.enrolledEngine?.isBroken(object) == true ? 1 : 0
    }
}
