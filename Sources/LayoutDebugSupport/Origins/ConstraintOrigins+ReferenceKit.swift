#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension ConstraintOrigins {
    nonisolated(unsafe) private static var observerToken: ReferenceKitDebugHooks.Token?

    /// Registers with ReferenceKit's constraint observer, its stand-in for swizzling the
    /// methods that make and activate constraints. Freed constraints are reported by the
    /// same observer. Also learns, once, how to walk this process's frame pointers.
    static func installPlatformHook() -> Bool {
        StoppedProcessAccess.run {
            observerToken = ReferenceKitDebugHooks.addConstraintObserver { address, event in
                switch event {
                case .made: ConstraintOrigins.made(address)
                case .activated: ConstraintOrigins.activated(address)
                case .freed: ConstraintOrigins.freed(address)
                }
            }
        }
        FramePointerWalk.calibrate()
        return true
    }

    /// Removes the observer, so that an app with capture off pays nothing on its constraints.
    ///
    /// - Returns: true: ReferenceKit's observer can always be removed.
    static func uninstallPlatformHook() -> Bool {
        StoppedProcessAccess.run {
            if let token = observerToken { ReferenceKitDebugHooks.removeObserver(token) }
            observerToken = nil
        }
        return true
    }
}
#endif
