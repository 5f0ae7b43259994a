#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
import Foundation
import ObjectiveC

// MARK: - Swizzling on Apple platforms (not compiled or run on Linux)

extension ConflictMonitor {
    nonisolated(unsafe) private static var originalImplementation: IMP?

    /// Puts the monitor in front of the engine's "will break constraint" method
    /// (`WillBreakSwizzle`); the original always runs after the report.
    static func installPlatformHook() -> Bool {
        let hooked = WillBreakSwizzle.install { constraint, list in
            autoreleasepool {
                ConflictMonitor.deliver {
                    try? LiveSnapshots.conflict(constraintAt: constraint, listAt: list).get()
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
