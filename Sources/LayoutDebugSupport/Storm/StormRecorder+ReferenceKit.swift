#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension StormRecorder {
    nonisolated(unsafe) private static var installed: WillBreakConstraintImplementation?

    /// Puts the recorder in front of whatever implementation the engine's "will break
    /// constraint" method has now (`WillBreakSwizzle`), unless it is already there, as
    /// `StormRecorder+Swizzle` does on Apple platforms.
    @MainActor
    static func installPlatformHook() -> Bool {
        if let installed, WillBreakSwizzle.currentImplementation === installed { return true }
        let hooked = WillBreakSwizzle.install(reentry: hookReentry) { constraint, list in
            StormRecorder.record {
                // In the order `LiveSnapshots.conflict` takes them at a breakpoint. The list
                // object the breakpoint is given does not exist yet: a new ordinal each time.
                BrokenConstraints.record(constraint)
                return LiveAdapter().conflict(broken: constraint, list: list, ordinal: ConflictOrdinals.next())
            }
        }
        installed = hooked?.installed
        return hooked != nil
    }
}
#endif
