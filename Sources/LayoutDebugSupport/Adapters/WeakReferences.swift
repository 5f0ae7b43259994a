#if canImport(ObjectiveC)
import Foundation
import ObjectiveC
#endif

// MARK: - WeakReferences

/// Whether an object may be held by a `weak` reference.
///
/// Some AppKit classes refuse weak references: `NSTextView.h` marks `NSTextView`
/// `NS_AUTOMATED_REFCOUNT_WEAK_UNAVAILABLE`, and storing one in a `weak` variable makes the
/// Objective-C runtime abort the process ("cannot form weak reference to instance"). The
/// runtime decides by asking the object `-allowsWeakReference`, so we ask first too.
enum WeakReferences {
    /// Whether `object` allows weak references; always true for pure Swift objects.
    static func allowed(for object: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
        guard let object = object as? NSObject else { return true }
        let selector = NSSelectorFromString("allowsWeakReference")
        guard let cls = object_getClass(object), let method = class_getInstanceMethod(cls, selector) else {
            return true
        }
        typealias AllowsWeakReference = @convention(c) (AnyObject, Selector) -> Bool
        return unsafeBitCast(method_getImplementation(method), to: AllowsWeakReference.self)(object, selector)
        #else
        return true
        #endif
    }
}
