#if canImport(ObjectiveC) && (canImport(UIKit) || canImport(AppKit))
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif
import ObjectiveC

// MARK: - Objective-C ivars

// Apple platforms only, type-checked against the real SDK (scripts/apple-sdk-check.sh).
// An Objective-C class has no Swift metadata for `Mirror` to read; its
// instance variables are read through the runtime instead.

extension HeldObjects {
    /// Adds the views and guides an app-written Objective-C class keeps in
    /// object ivars (`_avatarView` is named `avatarView`, as its property).
    ///
    /// Only ivars typed as objects of a named class (`@"UIImageView"`) are read, and of those
    /// only the ones the class's ivar layouts say are strong or weak (`IvarLayout`): an
    /// `__unsafe_unretained` or `assign` ivar (a delegate) may point at a freed object, and
    /// reading it as an object would retain that. `object_getIvar` reads a `__weak` ivar with a
    /// weak load, so a freed object reads as `nil`. Swift classes give theirs no type encoding.
    static func addIvarObjects(of holder: AnyObject, named holderName: String, to held: inout [UInt64: String]) {
        var level: AnyClass? = type(of: holder)
        while let current = level, isAppClass(current) {
            level = class_getSuperclass(current)
            guard isAppObjectiveCClass(current) else { continue }  // a Swift level: `Mirror` read it
            var count: UInt32 = 0
            guard let ivars = class_copyIvarList(current, &count) else { continue }
            defer { free(ivars) }
            let own = (0..<Int(count)).map { ivars[$0] }
            // The layouts count from the class's own first ivar, not from the superclass's
            // size: the two differ when that ivar is aligned past the superclass's end.
            guard let instanceStart = IvarLayout.instanceStart(ofOwnIvarOffsets: own.map(ivar_getOffset)) else { continue }
            let strong = IvarLayout(layout: class_getIvarLayout(current))
            let weak = IvarLayout(layout: class_getWeakIvarLayout(current))
            for ivar in own {
                let offset = ivar_getOffset(ivar)
                guard let encoding = ivar_getTypeEncoding(ivar),
                      IvarLayout.isNamedClassObject(encoding: String(cString: encoding)),
                      strong.covers(offset: offset, instanceStart: instanceStart)
                        || weak.covers(offset: offset, instanceStart: instanceStart),
                      let rawName = ivar_getName(ivar),
                      let object = object_getIvar(holder, ivar).map({ $0 as AnyObject }),
                      isLayoutItemByClass(object) else { continue }
                var name = String(cString: rawName)
                if name.hasPrefix("_") { name.removeFirst() }
                let key = ObjectKeys.key(object)
                if held[key] == nil { held[key] = holderName + "." + name }
            }
        }
    }

    /// Whether an object is a view or layout guide, decided from its class chain
    /// (`object_getClass`, then `class_getSuperclass`) without sending it a message: `as?`
    /// asks the object `-isKindOfClass:`, which a proxy forwards to whatever it wraps.
    static func isLayoutItemByClass(_ object: AnyObject) -> Bool {
        let targets = [ObjectIdentifier(PlatformView.self), ObjectIdentifier(PlatformLayoutGuide.self)]
        var level: AnyClass? = object_getClass(object)
        while let current = level {
            if targets.contains(ObjectIdentifier(current)) { return true }
            level = class_getSuperclass(current)
        }
        return false
    }

    /// Whether a class is Objective-C (Swift prints it `__C.Name` or bare, never
    /// `Module.Name`) and comes from the app's own images, not the system's frameworks.
    static func isAppObjectiveCClass(_ type: AnyClass) -> Bool {
        let name = String(reflecting: type)
        guard name.hasPrefix("__C.") || !name.contains("."), let image = class_getImageName(type) else { return false }
        let path = String(cString: image)
        return !path.contains("/System/Library/") && !path.hasPrefix("/usr/lib/")
    }
}
#else

extension HeldObjects {
    /// No Objective-C runtime here: nothing beyond what `Mirror` finds.
    static func addIvarObjects(of holder: AnyObject, named holderName: String, to held: inout [UInt64: String]) {}

    /// No Objective-C classes here.
    static func isAppObjectiveCClass(_ type: AnyClass) -> Bool { false }
}
#endif
