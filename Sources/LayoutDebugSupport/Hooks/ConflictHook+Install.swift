// MARK: - Installing the hook: the one place that replaces the engine host's method

#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
#if canImport(UIKit)
import UIKit
private typealias HostView = UIView
#else
import AppKit
private typealias HostView = NSView
#endif
import ObjectiveC

// MARK: Apple platforms: a swizzle (not compiled or run on Linux)

extension ConflictHook {
    private static let selector = NSSelectorFromString("engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:")

    // Every object parameter is optional: the engine may pass nil, and a non-optional Swift
    // parameter would trap on it inside UIKit's layout pass.
    private typealias Original = @convention(c) (AnyObject?, Selector, AnyObject?, AnyObject?, AnyObject?) -> Void

    /// Replaces the private method UIKit and AppKit call on the engine-host view before
    /// breaking a constraint with one that delivers the conflict, then always calls the
    /// implementation it replaced (`method_setImplementation`); `false` when the platform has
    /// no such method.
    static func install() -> Bool {
        guard let method = class_getInstanceMethod(HostView.self, selector) else { return false }
        let original = method_getImplementation(method)
        let replacement: @convention(block) (AnyObject?, AnyObject?, AnyObject?, AnyObject?) -> Void = { view, engine, constraint, list in
            if let constraint, let list {
                let constraintAddress = UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque())
                let listAddress = UInt(bitPattern: Unmanaged.passUnretained(list).toOpaque())
                autoreleasepool {
                    ConflictHook.deliver { detail in
                        try? LiveSnapshots.conflict(constraintAt: constraintAddress, listAt: listAddress, detail: detail).get()
                    }
                }
            }
            unsafeBitCast(original, to: Original.self)(view, selector, engine, constraint, list)
        }
        method_setImplementation(method, imp_implementationWithBlock(replacement))
        return true
    }
}
#endif

#if os(Linux)
import ReferenceKit

// MARK: ReferenceKit: its stand-in for method_setImplementation

extension ConflictHook {
    /// Replaces the implementation of `UIView.engine(_:willBreakConstraint:dueToMutuallyExclusiveConstraints:)`
    /// (`ReferenceKitDebugHooks.setWillBreakConstraintImplementation`) with one that delivers
    /// the conflict, then always calls the implementation it replaced.
    static func install() -> Bool {
        var replaced: WillBreakConstraintImplementation?
        let replacement = WillBreakConstraintImplementation { view, engine, constraint, list in
            ConflictHook.deliver { detail in
                // Unnumbered: the list object a breakpoint is given does not exist yet, so this
                // conflict cannot take the number the breakpoint's report will (a subscriber that
                // numbers conflicts itself, the storm, does).
                LiveSnapshots.conflict(broken: constraint, list: list, ordinal: nil, detail: detail)
            }
            replaced?.body(view, engine, constraint, list)
        }
        replaced = ReferenceKitDebugHooks.setWillBreakConstraintImplementation(replacement)
        return true
    }
}
#endif
