#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension ConflictMonitor {
    nonisolated(unsafe) private static var originalImplementation: WillBreakConstraintImplementation?

    /// Puts the monitor in front of the engine's "will break constraint" method
    /// (`WillBreakSwizzle`), as `ConflictMonitor+Swizzle` does on Apple platforms.
    static func installPlatformHook() -> Bool {
        let hooked = StoppedProcessAccess.run {
            WillBreakSwizzle.install { constraint, list in
                ConflictMonitor.deliver {
                    LiveAdapter().conflict(broken: constraint, list: list, ordinal: nil)
                }
            }
        }
        originalImplementation = hooked?.original
        return hooked != nil
    }

    /// Puts the original implementation back.
    static func removePlatformHook() {
        guard let original = originalImplementation else { return }
        WillBreakSwizzle.restore(original)
        originalImplementation = nil
    }
}
#endif
