#if canImport(ObjectiveC) && (canImport(UIKit) || os(macOS))
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import ObjectiveC

// MARK: - Swizzling on Apple platforms (type-checked against the SDK, not run here)

// The hooks call the original every time, with the arguments untouched, and only add a
// record. Constraints are hooked where apps make them (`constraintWithItem:…`, the visual
// format, the anchor `constraint…ToAnchor:`/`…ToConstant:` family) and where every constraint
// passes to take part in layout (`setActive:`, `activateConstraints:`, `addConstraint(s):`),
// which records a constraint made before capture began where it is activated. A recorded constraint carries an associated
// object whose release, when the constraint is freed, removes its record.

extension ConstraintOrigins {
    private typealias UnaryIMP = @convention(c) (AnyObject?, Selector, AnyObject?) -> Void
    private typealias ActiveIMP = @convention(c) (AnyObject?, Selector, Bool) -> Void
    private typealias ItemIMP = @convention(c) (AnyObject?, Selector, AnyObject?, Int, Int, AnyObject?, Int,
                                                CGFloat, CGFloat) -> Unmanaged<AnyObject>?
    private typealias FormatIMP = @convention(c) (AnyObject?, Selector, AnyObject?, UInt, AnyObject?,
                                                  AnyObject?) -> Unmanaged<AnyObject>?

    static func installPlatformHook() -> Bool {
        #if canImport(UIKit)
        let viewClass: AnyClass = UIView.self
        #else
        let viewClass: AnyClass = NSView.self
        #endif
        let constraintClass: AnyClass = NSLayoutConstraint.self
        let metaclass: AnyClass = object_getClass(constraintClass)!
        var installed = 0
        installed += hook(constraintClass, "setActive:") { (original: ActiveIMP, selector: Selector) in
            let block: @convention(block) (AnyObject?, Bool) -> Void = { constraint, active in
                if active, let constraint { recordActivation(of: constraint) }
                original(constraint, selector, active)
            }
            return block
        }
        installed += hook(metaclass, "activateConstraints:") { (original: UnaryIMP, selector: Selector) in
            let block: @convention(block) (AnyObject?, AnyObject?) -> Void = { cls, list in
                (list as? NSArray)?.forEach { recordActivation(of: $0 as AnyObject) }
                original(cls, selector, list)
            }
            return block
        }
        installed += hook(viewClass, "addConstraint:") { (original: UnaryIMP, selector: Selector) in
            let block: @convention(block) (AnyObject?, AnyObject?) -> Void = { view, constraint in
                if let constraint { recordActivation(of: constraint) }
                original(view, selector, constraint)
            }
            return block
        }
        installed += hook(viewClass, "addConstraints:") { (original: UnaryIMP, selector: Selector) in
            let block: @convention(block) (AnyObject?, AnyObject?) -> Void = { view, list in
                (list as? NSArray)?.forEach { recordActivation(of: $0 as AnyObject) }
                original(view, selector, list)
            }
            return block
        }
        installed += hook(metaclass, "constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:") {
            (original: ItemIMP, selector: Selector) in
            let block: @convention(block) (AnyObject?, AnyObject?, Int, Int, AnyObject?, Int, CGFloat, CGFloat)
                -> Unmanaged<AnyObject>? = { cls, item1, attribute1, relation, item2, attribute2, multiplier, constant in
                let made = original(cls, selector, item1, attribute1, relation, item2, attribute2, multiplier, constant)
                if let made { recordMaking(of: made.takeUnretainedValue()) }
                return made
            }
            return block
        }
        installed += hook(metaclass, "constraintsWithVisualFormat:options:metrics:views:") {
            (original: FormatIMP, selector: Selector) in
            let block: @convention(block) (AnyObject?, AnyObject?, UInt, AnyObject?, AnyObject?)
                -> Unmanaged<AnyObject>? = { cls, format, options, metrics, views in
                let made = original(cls, selector, format, options, metrics, views)
                (made?.takeUnretainedValue() as? NSArray)?.forEach { recordMaking(of: $0 as AnyObject) }
                return made
            }
            return block
        }
        installed += hookAnchorFactories()
        return installed > 0
    }

    /// Swizzles are not undone (another library may have hooked the same methods since), so
    /// the hook stays, doing nothing while capture is off.
    ///
    /// - Returns: false: the hook is still installed.
    static func uninstallPlatformHook() -> Bool { false }

    private typealias AnchorIMP = @convention(c) (AnyObject?, Selector, AnyObject?) -> Unmanaged<AnyObject>?
    private typealias AnchorConstantIMP = @convention(c) (AnyObject?, Selector, AnyObject?, CGFloat) -> Unmanaged<AnyObject>?
    private typealias ConstantIMP = @convention(c) (AnyObject?, Selector, CGFloat) -> Unmanaged<AnyObject>?
    private typealias AnchorTwoIMP = @convention(c) (AnyObject?, Selector, AnyObject?, CGFloat, CGFloat)
        -> Unmanaged<AnyObject>?

    /// The anchor `constraint(equalTo:…)` family: each method of `NSLayoutAnchor` and
    /// `NSLayoutDimension` that returns a new constraint records where it was called.
    /// Returns how many methods were hooked.
    private static func hookAnchorFactories() -> Int {
        var installed = 0
        let anchor: AnyClass = NSLayoutAnchor<AnyObject>.self
        let dimension: AnyClass = NSLayoutDimension.self
        let relations = ["Equal", "GreaterThanOrEqual", "LessThanOrEqual"]
        for relation in relations {
            installed += hook(anchor, "constraint\(relation)ToAnchor:") { (original: AnchorIMP, selector: Selector) in
                let block: @convention(block) (AnyObject?, AnyObject?) -> Unmanaged<AnyObject>? = { this, other in
                    recorded(original(this, selector, other))
                }
                return block
            }
            installed += hook(anchor, "constraint\(relation)ToAnchor:constant:") {
                (original: AnchorConstantIMP, selector: Selector) in
                let block: @convention(block) (AnyObject?, AnyObject?, CGFloat) -> Unmanaged<AnyObject>? = {
                    this, other, constant in recorded(original(this, selector, other, constant))
                }
                return block
            }
            installed += hook(dimension, "constraint\(relation)ToConstant:") { (original: ConstantIMP, selector: Selector) in
                let block: @convention(block) (AnyObject?, CGFloat) -> Unmanaged<AnyObject>? = { this, constant in
                    recorded(original(this, selector, constant))
                }
                return block
            }
            installed += hook(dimension, "constraint\(relation)ToAnchor:multiplier:") {
                (original: AnchorConstantIMP, selector: Selector) in
                let block: @convention(block) (AnyObject?, AnyObject?, CGFloat) -> Unmanaged<AnyObject>? = {
                    this, other, multiplier in recorded(original(this, selector, other, multiplier))
                }
                return block
            }
            installed += hook(dimension, "constraint\(relation)ToAnchor:multiplier:constant:") {
                (original: AnchorTwoIMP, selector: Selector) in
                let block: @convention(block) (AnyObject?, AnyObject?, CGFloat, CGFloat) -> Unmanaged<AnyObject>? = {
                    this, other, multiplier, constant in recorded(original(this, selector, other, multiplier, constant))
                }
                return block
            }
        }
        return installed
    }

    /// Records where a factory's new constraint was made, and hands it back untouched.
    private static func recorded(_ made: Unmanaged<AnyObject>?) -> Unmanaged<AnyObject>? {
        if let made { recordMaking(of: made.takeUnretainedValue()) }
        return made
    }

    /// Replaces `name` on `cls` with the block `replacement` makes from the original
    /// implementation. Returns 1 when the method exists and was replaced, else 0.
    private static func hook<Original, Block>(_ cls: AnyClass, _ name: String,
                                              _ replacement: (Original, Selector) -> Block) -> Int {
        let selector = NSSelectorFromString(name)
        guard let method = class_getInstanceMethod(cls, selector) else { return 0 }
        let original = unsafeBitCast(method_getImplementation(method), to: Original.self)
        // As an object, not as `Any`: a generic block passed as `Any` would be boxed, and the
        // runtime would get the box rather than the block.
        let block = unsafeBitCast(replacement(original, selector), to: AnyObject.self)
        method_setImplementation(method, imp_implementationWithBlock(block))
        return 1
    }

    private static func recordMaking(of constraint: AnyObject) {
        if made(address(of: constraint)) { watchFreeing(of: constraint) }
    }

    private static func recordActivation(of constraint: AnyObject) {
        if activated(address(of: constraint)) { watchFreeing(of: constraint) }
    }

    private static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    /// Ties a sentinel to the constraint; the runtime releases it when the constraint is
    /// freed, and its deinit removes the record.
    private static func watchFreeing(of constraint: AnyObject) {
        objc_setAssociatedObject(constraint, &FreeingSentinel.key, FreeingSentinel(address(of: constraint)),
                                 .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
}

/// Removes a constraint's record when the constraint, which holds it, is freed.
private final class FreeingSentinel {
    nonisolated(unsafe) static var key: UInt8 = 0
    let address: UInt
    init(_ address: UInt) { self.address = address }
    deinit { ConstraintOrigins.freed(address) }
}
#endif
