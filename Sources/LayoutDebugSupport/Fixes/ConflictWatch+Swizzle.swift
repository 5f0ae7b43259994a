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

extension ConflictWatch {
    /// The private method UIKit and AppKit call on the engine-host view before
    /// breaking a constraint (the monitor hooks the same one).
    private static let selector = NSSelectorFromString("engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:")
    nonisolated(unsafe) private static var installed: IMP?

    // Every object parameter is optional: the engine may pass nil.
    private typealias Original = @convention(c) (AnyObject?, Selector, AnyObject?, AnyObject?, AnyObject?) -> Void

    /// Puts the watch in front of whatever implementation the method has now,
    /// unless it is already there: the monitor's stop restores the method it
    /// found, which can take the watch out, so this is checked at each watch.
    static func installPlatformHook() -> Bool {
        guard let method = class_getInstanceMethod(HostView.self, selector) else { return false }
        if let installed, method_getImplementation(method) == installed { return true }
        let original = method_getImplementation(method)
        let replacement: @convention(block) (AnyObject?, AnyObject?, AnyObject?, AnyObject?) -> Void = { view, engine, constraint, list in
            if let constraint, let list {
                let constraintAddress = UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque())
                let listAddress = UInt(bitPattern: Unmanaged.passUnretained(list).toOpaque())
                ConflictWatch.deliver {
                    try? LiveSnapshots.conflict(constraintAt: constraintAddress, listAt: listAddress).get()
                }
            }
            unsafeBitCast(original, to: Original.self)(view, selector, engine, constraint, list)
        }
        let implementation = imp_implementationWithBlock(replacement)
        method_setImplementation(method, implementation)
        installed = implementation
        return true
    }
}
#endif
