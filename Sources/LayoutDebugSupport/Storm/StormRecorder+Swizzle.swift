#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
import Foundation
import ObjectiveC

// MARK: - Swizzling on Apple platforms (not compiled or run on Linux)

extension StormRecorder {
    nonisolated(unsafe) private static var installed: IMP?

    /// Puts the recorder in front of whatever implementation the engine's "will
    /// break constraint" method has now (`WillBreakSwizzle`), unless it is
    /// already there: the monitor's stop restores the method it found, which can
    /// take the recorder out, so this is checked at each start.
    @MainActor
    static func installPlatformHook() -> Bool {
        if let installed, WillBreakSwizzle.currentImplementation == installed { return true }
        // Installed twice in one chain (another hook came in front, then a restart), the
        // recorder's second copy runs inside the first's call: `hookReentry` skips it. Two
        // conflicts one after the other always count, even at reused addresses.
        let hooked = WillBreakSwizzle.install(reentry: hookReentry) { constraint, list in
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
