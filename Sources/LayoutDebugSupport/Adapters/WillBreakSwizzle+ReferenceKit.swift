#if os(Linux)
import ReferenceKit

// MARK: - WillBreakSwizzle on ReferenceKit

/// The ReferenceKit side of `WillBreakSwizzle`: the same replacement of
/// `engine(_:willBreakConstraint:dueToMutuallyExclusiveConstraints:)`'s implementation,
/// through ReferenceKit's stand-in for `method_getImplementation` and
/// `method_setImplementation` (`ReferenceKitDebugHooks`). Each replacement reports first
/// and then calls the implementation it replaced, so two hooks chain, as on Apple platforms.
enum WillBreakSwizzle {
    /// The method's implementation now.
    static var currentImplementation: WillBreakConstraintImplementation? {
        ReferenceKitDebugHooks.willBreakConstraintImplementation
    }

    /// Puts a replacement in front of the current implementation.
    ///
    /// - Parameters:
    ///   - reentry: When given, a call made from within this hook's own call on the same
    ///     thread passes straight to the original.
    ///   - report: Called with the constraint being broken and the mutually exclusive
    ///     list, before the original runs.
    /// - Returns: The replacement and the implementation it calls on.
    static func install(reentry: ThreadReentryFlag? = nil,
                        _ report: @escaping @MainActor (_ constraint: NSLayoutConstraint, _ list: [NSLayoutConstraint]) -> Void)
        -> (installed: WillBreakConstraintImplementation, original: WillBreakConstraintImplementation)? {
        let original = ReferenceKitDebugHooks.willBreakConstraintImplementation
        let installed = WillBreakConstraintImplementation { view, engine, constraint, list in
            let reportThenForward = {
                report(constraint, list)
                original.body(view, engine, constraint, list)
            }
            guard let reentry else { return reportThenForward() }
            if !reentry.run(reportThenForward) { original.body(view, engine, constraint, list) }
        }
        ReferenceKitDebugHooks.setWillBreakConstraintImplementation(installed)
        return (installed, original)
    }

    /// Makes `implementation` the method's implementation again.
    static func restore(_ implementation: WillBreakConstraintImplementation) {
        ReferenceKitDebugHooks.setWillBreakConstraintImplementation(implementation)
    }
}
#endif
