#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
import Foundation
import ObjectiveC

// MARK: - Swizzling on Apple platforms (not compiled or run on Linux)

extension StormRecorder {
    nonisolated(unsafe) private static var installed: IMP?
    nonisolated(unsafe) private static var lastHit: (constraint: UInt, list: UInt)?

    /// Puts the recorder in front of whatever implementation the engine's "will
    /// break constraint" method has now (`WillBreakSwizzle`), unless it is
    /// already there: the monitor's stop restores the method it found, which can
    /// take the recorder out, so this is checked at each start.
    @MainActor
    static func installPlatformHook() -> Bool {
        if let installed, WillBreakSwizzle.currentImplementation == installed { return true }
        let hooked = WillBreakSwizzle.install { constraint, list in
            // Installed twice in one chain (another hook came in front, then a
            // restart), the recorder would see one conflict twice in a row.
            if let last = lastHit, last.constraint == constraint, last.list == list { return }
            lastHit = (constraint, list)
            autoreleasepool {
                StormRecorder.record {
                    try? LiveSnapshots.conflict(constraintAt: constraint, listAt: list).get()
                }
            }
        }
        installed = hooked?.installed
        return hooked != nil
    }
}
#endif
