// MARK: - Installing the hooks: the one place that replaces the marking methods

#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
#if canImport(UIKit)
import UIKit
private typealias HostView = UIView
#else
import AppKit
private typealias HostView = NSView
#endif
import ObjectiveC

// MARK: Apple platforms: swizzles (not compiled or run on Linux)

extension LayoutRequestHook {
    #if canImport(UIKit)
    private static let markSelectors: [(String, Kind)] = [("setNeedsLayout", .setNeedsLayout),
                                                          ("setNeedsUpdateConstraints", .setNeedsUpdateConstraints)]
    private typealias Mark = @convention(c) (AnyObject?, Selector) -> Void
    #else
    // AppKit's are the setters of `needsLayout` and `needsUpdateConstraints`; only `true` asks.
    private static let markSelectors: [(String, Kind)] = [("setNeedsLayout:", .setNeedsLayout),
                                                          ("setNeedsUpdateConstraints:", .setNeedsUpdateConstraints)]
    // `BOOL` is `ObjCBool` in Swift: a signed char on Intel Macs, a bool on Apple silicon.
    private typealias Mark = @convention(c) (AnyObject?, Selector, ObjCBool) -> Void
    #endif
    private typealias SetRect = @convention(c) (AnyObject?, Selector, CGRect) -> Void
    private typealias SetActive = @convention(c) (AnyObject?, Selector, ObjCBool) -> Void
    private typealias ActivateList = @convention(c) (AnyObject?, Selector, AnyObject?) -> Void

    /// Replaces the marking methods and the frame and bounds setters of the platform's view
    /// class with ones that tell the listener, then always call the implementation they
    /// replaced (`method_setImplementation`); `false` when a method is missing.
    static func install() -> Bool {
        for (name, kind) in markSelectors {
            let selector = NSSelectorFromString(name)
            guard let method = class_getInstanceMethod(HostView.self, selector) else { return false }
            let original = method_getImplementation(method)
            #if canImport(UIKit)
            let replacement: @convention(block) (AnyObject?) -> Void = { view in
                if let view { LayoutRequestHook.request(kind, view: view) }
                unsafeBitCast(original, to: Mark.self)(view, selector)
            }
            #else
            let replacement: @convention(block) (AnyObject?, ObjCBool) -> Void = { view, flag in
                if flag.boolValue, let view { LayoutRequestHook.request(kind, view: view) }
                unsafeBitCast(original, to: Mark.self)(view, selector, flag)
            }
            #endif
            method_setImplementation(method, imp_implementationWithBlock(replacement))
        }
        for name in ["setFrame:", "setBounds:"] {
            let selector = NSSelectorFromString(name)
            guard let method = class_getInstanceMethod(HostView.self, selector) else { return false }
            let original = method_getImplementation(method)
            let isFrame = name == "setFrame:"
            let replacement: @convention(block) (AnyObject?, CGRect) -> Void = { view, rect in
                if let view = view as? HostView {
                    LayoutRequestHook.request(.frame, view: view, old: isFrame ? view.frame : view.bounds, new: rect)
                }
                unsafeBitCast(original, to: SetRect.self)(view, selector, rect)
            }
            method_setImplementation(method, imp_implementationWithBlock(replacement))
        }
        return installActivations()
    }

    /// Replaces `-[NSLayoutConstraint setActive:]` and `+activateConstraints:` with ones that
    /// tell the listener of each constraint made active (by its own address, as ReferenceKit's
    /// constraint observer does on Linux): a constraint activated inside a pass changes the
    /// engine, which marks its host for another one. Both always call the implementation they
    /// replaced, as origins' hooks of the same methods do (`ConstraintOrigins+Swizzle`), so the
    /// two chain in either order.
    private static func installActivations() -> Bool {
        let constraintClass: AnyClass = NSLayoutConstraint.self
        let setActive = NSSelectorFromString("setActive:")
        let activate = NSSelectorFromString("activateConstraints:")
        guard let instanceMethod = class_getInstanceMethod(constraintClass, setActive),
              let classMethod = class_getClassMethod(constraintClass, activate) else { return false }
        let originalSetActive = method_getImplementation(instanceMethod)
        let setActiveReplacement: @convention(block) (AnyObject?, ObjCBool) -> Void = { constraint, active in
            if active.boolValue, let constraint { LayoutRequestHook.request(.constraintActivated, view: constraint) }
            unsafeBitCast(originalSetActive, to: SetActive.self)(constraint, setActive, active)
        }
        method_setImplementation(instanceMethod, imp_implementationWithBlock(setActiveReplacement))
        let originalActivate = method_getImplementation(classMethod)
        let activateReplacement: @convention(block) (AnyObject?, AnyObject?) -> Void = { owner, list in
            if LayoutRequestHook.armed != 0, let constraints = list as? NSArray {
                for constraint in constraints { LayoutRequestHook.request(.constraintActivated, view: constraint as AnyObject) }
            }
            unsafeBitCast(originalActivate, to: ActivateList.self)(owner, activate, list)
        }
        method_setImplementation(classMethod, imp_implementationWithBlock(activateReplacement))
        return true
    }
}
#endif

#if os(Linux)
import ReferenceKit

// MARK: ReferenceKit: its stand-in for method_setImplementation

extension LayoutRequestHook {
    /// Replaces the implementations of `UIView.setNeedsLayout()`, `setNeedsUpdateConstraints()`
    /// and the frame setter (`ReferenceKitDebugHooks.setImplementation(of:_:)`,
    /// `setFrameImplementation(_:)`; the bounds setter goes through the frame's) with ones that
    /// tell the listener, then always call the implementation they replaced; and observes
    /// constraint activations (`addConstraintObserver`, ReferenceKit's stand-in for the
    /// swizzles of `setActive:` and `activateConstraints:` on Apple platforms).
    static func install() -> Bool {
        for (method, kind) in [(MarkMethod.setNeedsLayout, Kind.setNeedsLayout),
                               (MarkMethod.setNeedsUpdateConstraints, Kind.setNeedsUpdateConstraints)] {
            var replaced: MarkImplementation?
            let replacement = MarkImplementation { view in
                LayoutRequestHook.request(kind, view: view)
                replaced?.body(view)
            }
            replaced = ReferenceKitDebugHooks.setImplementation(of: method, replacement)
        }
        var replaced: SetFrameImplementation?
        let replacement = SetFrameImplementation { view, frame in
            if LayoutRequestHook.armed != 0 { LayoutRequestHook.request(.frame, view: view, old: view.frame, new: frame) }
            replaced?.body(view, frame)
        }
        replaced = ReferenceKitDebugHooks.setFrameImplementation(replacement)
        // A constraint activated inside a pass changes the engine, which marks its host.
        _ = ReferenceKitDebugHooks.addConstraintObserver { address, event in
            guard LayoutRequestHook.armed != 0, case .activated = event else { return }
            LayoutRequestHook.deliver(.constraintActivated, view: address, old: .zero, new: .zero)
        }
        return true
    }
}
#endif
