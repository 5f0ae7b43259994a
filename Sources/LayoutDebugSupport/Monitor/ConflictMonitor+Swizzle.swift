#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
#if canImport(UIKit)
import UIKit
private typealias HostView = UIView
#else
import AppKit
private typealias HostView = NSView
#endif
import ObjectiveC

// MARK: - Swizzling on Apple platforms (not compiled or run on Linux)

extension ConflictMonitor {
    /// The private method UIKit and AppKit call on the engine-host view before
    /// breaking a constraint.
    private static let selector = NSSelectorFromString("engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:")
    nonisolated(unsafe) private static var originalImplementation: IMP?

    // Every object parameter is optional: the engine may pass nil, and a non-optional Swift
    // parameter would trap on it inside UIKit's layout pass.
    private typealias Original = @convention(c) (AnyObject?, Selector, AnyObject?, AnyObject?, AnyObject?) -> Void

    /// Replaces the method's implementation on the host view class with one
    /// that reports first and then always calls the original.
    static func installPlatformHook() -> Bool {
        guard let method = class_getInstanceMethod(HostView.self, selector) else { return false }
        let original = method_getImplementation(method)
        originalImplementation = original
        let replacement: @convention(block) (AnyObject?, AnyObject?, AnyObject?, AnyObject?) -> Void = { view, engine, constraint, list in
            if let constraint, let list {
                let constraintAddress = UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque())
                let listAddress = UInt(bitPattern: Unmanaged.passUnretained(list).toOpaque())
                autoreleasepool {
                    ConflictMonitor.deliver {
                        try? LiveSnapshots.conflict(constraintAt: constraintAddress, listAt: listAddress).get()
                    }
                }
            }
            unsafeBitCast(original, to: Original.self)(view, selector, engine, constraint, list)
        }
        method_setImplementation(method, imp_implementationWithBlock(replacement))
        return true
    }

    /// Puts the original implementation back.
    static func removePlatformHook() {
        guard let original = originalImplementation,
              let method = class_getInstanceMethod(HostView.self, selector) else { return }
        method_setImplementation(method, original)
        originalImplementation = nil
    }
}
#endif
