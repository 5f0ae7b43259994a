#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension StormRecorder {
    nonisolated(unsafe) private static var observerToken: ReferenceKitDebugHooks.Token?

    /// Registers once with the engine's observer hook, ReferenceKit's stand-in
    /// for swizzling `engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`.
    /// It stays registered, idle while the recorder is stopped.
    @MainActor
    static func installPlatformHook() -> Bool {
        guard observerToken == nil else { return true }
        observerToken = ReferenceKitDebugHooks.addWillBreakConstraintObserver { _, constraint, list in
            // As the Apple swizzle does: a conflict the recording itself provoked is not the app's.
            hookReentry.run {
                StormRecorder.record {
                    // In the order `LiveSnapshots.conflict` takes them at a breakpoint. The list
                    // object the breakpoint is given does not exist yet: a new ordinal each time.
                    BrokenConstraints.record(constraint)
                    return LiveAdapter().conflict(broken: constraint, list: list, ordinal: ConflictOrdinals.next())
                }
            }
        }
        return true
    }
}
#endif
