#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
#if canImport(UIKit)
import UIKit
private typealias HostView = UIView
#else
import AppKit
private typealias HostView = NSView
#endif
import ObjectiveC

// MARK: - WillBreakSwizzle (not compiled or run on Linux)

/// The swizzle of the private method UIKit and AppKit call on the engine-host
/// view before breaking a constraint,
/// `engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`, shared by
/// the monitor and `lfix`'s conflict watch. Each replacement reports first and
/// then always calls the implementation it replaced, so two hooks chain.
enum WillBreakSwizzle {
    private static let selector = NSSelectorFromString("engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:")

    // Every object parameter is optional: the engine may pass nil, and a non-optional Swift
    // parameter would trap on it inside UIKit's layout pass.
    private typealias Original = @convention(c) (AnyObject?, Selector, AnyObject?, AnyObject?, AnyObject?) -> Void

    /// The method's implementation now, or `nil` when the platform has no such method.
    static var currentImplementation: IMP? {
        class_getInstanceMethod(HostView.self, selector).map(method_getImplementation)
    }

    /// Puts a replacement in front of the current implementation.
    ///
    /// - Parameters:
    ///   - reentry: When given, a call made from within this hook's own call on the same
    ///     thread (the hook installed twice in one chain) passes straight to the original:
    ///     the engine's one call is reported once.
    ///   - report: Called with the addresses of the constraint being broken
    ///     and of the mutually exclusive list, before the original runs.
    /// - Returns: The replacement and the implementation it calls on, or `nil`
    ///   when the method does not exist.
    static func install(reentry: ThreadReentryFlag? = nil,
                        _ report: @escaping (_ constraint: UInt, _ list: UInt) -> Void) -> (installed: IMP, original: IMP)? {
        guard let method = class_getInstanceMethod(HostView.self, selector) else { return nil }
        let original = method_getImplementation(method)
        let replacement: @convention(block) (AnyObject?, AnyObject?, AnyObject?, AnyObject?) -> Void = { view, engine, constraint, list in
            let reportThenForward = {
                if let constraint, let list {
                    report(UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque()),
                           UInt(bitPattern: Unmanaged.passUnretained(list).toOpaque()))
                }
                unsafeBitCast(original, to: Original.self)(view, selector, engine, constraint, list)
            }
            guard let reentry else { return reportThenForward() }
            if !reentry.run(reportThenForward) {
                unsafeBitCast(original, to: Original.self)(view, selector, engine, constraint, list)
            }
        }
        let installed = imp_implementationWithBlock(replacement)
        method_setImplementation(method, installed)
        return (installed, original)
    }

    /// Makes `implementation` the method's implementation again.
    static func restore(_ implementation: IMP) {
        guard let method = class_getInstanceMethod(HostView.self, selector) else { return }
        method_setImplementation(method, implementation)
    }
}
#endif
