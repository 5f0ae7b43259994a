#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension ConflictMonitor {
    nonisolated(unsafe) private static var observerToken: ReferenceKitDebugHooks.Token?

    /// Registers with the engine's observer hook, ReferenceKit's stand-in for
    /// swizzling `engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`.
    static func installPlatformHook() -> Bool {
        StoppedProcessAccess.run {
            observerToken = ReferenceKitDebugHooks.addWillBreakConstraintObserver { _, constraint, list in
                ConflictMonitor.deliver {
                    LiveAdapter().conflict(broken: constraint, list: list, ordinal: nil)
                }
            }
        }
        return true
    }

    /// Removes the observer, so the engine behaves as if never hooked.
    static func removePlatformHook() {
        guard let token = observerToken else { return }
        StoppedProcessAccess.run { ReferenceKitDebugHooks.removeObserver(token) }
        observerToken = nil
    }
}
#endif
