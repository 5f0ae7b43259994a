#if os(Linux)
import ReferenceKit

// MARK: - The ReferenceKit hook

extension ConstraintOrigins {
    nonisolated(unsafe) private static var observerToken: ReferenceKitDebugHooks.Token?

    /// Registers with ReferenceKit's constraint observer, its stand-in for swizzling the
    /// methods that make and activate constraints. Freed constraints are reported by the
    /// same observer.
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
        return true
    }
}
#endif
