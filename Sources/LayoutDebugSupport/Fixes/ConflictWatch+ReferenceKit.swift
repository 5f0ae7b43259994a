#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension ConflictWatch {
    nonisolated(unsafe) private static var installed: WillBreakConstraintImplementation?

    /// Puts the watch in front of whatever implementation the engine's "will break
    /// constraint" method has now (`WillBreakSwizzle`), unless it is already there, as
    /// `ConflictWatch+Swizzle` does on Apple platforms.
    static func installPlatformHook() -> Bool {
        if let installed, WillBreakSwizzle.currentImplementation === installed { return true }
        let hooked = WillBreakSwizzle.install { constraint, list in
            ConflictWatch.deliver {
                BrokenConstraints.record(constraint)
                return LiveAdapter().conflict(broken: constraint, list: list, ordinal: nil)
            }
        }
        installed = hooked?.installed
        return hooked != nil
    }
}
#endif
