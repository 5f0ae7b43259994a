#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension ConflictWatch {
    nonisolated(unsafe) private static var observerToken: ReferenceKitDebugHooks.Token?

    /// Registers once with the engine's observer hook, ReferenceKit's stand-in
    /// for swizzling `engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`.
    static func installPlatformHook() -> Bool {
        guard observerToken == nil else { return true }
        observerToken = ReferenceKitDebugHooks.addWillBreakConstraintObserver { _, constraint, list in
            ConflictWatch.deliver {
                BrokenConstraints.record(constraint)
                return LiveAdapter().conflict(broken: constraint, list: list, ordinal: nil)
            }
        }
        return true
    }
}
#endif
