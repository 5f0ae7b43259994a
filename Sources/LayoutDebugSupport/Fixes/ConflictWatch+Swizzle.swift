#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
import Foundation
import ObjectiveC

// MARK: - Swizzling on Apple platforms (not compiled or run on Linux)

extension ConflictWatch {
    nonisolated(unsafe) private static var installed: IMP?

    /// Puts the watch in front of whatever implementation the engine's "will
    /// break constraint" method has now (`WillBreakSwizzle`), unless it is
    /// already there: the monitor's stop restores the method it found, which can
    /// take the watch out, so this is checked at each watch.
    static func installPlatformHook() -> Bool {
        if let installed, WillBreakSwizzle.currentImplementation == installed { return true }
        let hooked = WillBreakSwizzle.install { constraint, list in
            ConflictWatch.deliver {
                try? LiveSnapshots.conflict(constraintAt: constraint, listAt: list).get()
            }
        }
        installed = hooked?.installed
        return hooked != nil
    }
}
#endif
