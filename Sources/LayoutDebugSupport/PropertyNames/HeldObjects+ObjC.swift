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
    /// Only ivars typed as objects (`@"UIImageView"`) are read: Swift classes
    /// give theirs no type encoding, and their weak storage is not the
    /// runtime's. `object_getIvar` reads a `__weak` ivar with a weak load, so
    /// a freed object reads as `nil`.
    static func addIvarObjects(of holder: AnyObject, named holderName: String, to held: inout [UInt64: String]) {
        var level: AnyClass? = type(of: holder)
        while let current = level, isAppClass(current) {
            level = class_getSuperclass(current)
            guard isAppObjectiveCClass(current) else { continue }  // a Swift level: `Mirror` read it
            var count: UInt32 = 0
            if let ivars = class_copyIvarList(current, &count) {
                for index in 0..<Int(count) {
                    let ivar = ivars[index]
                    guard let encoding = ivar_getTypeEncoding(ivar), encoding.pointee == UInt8(ascii: "@"),
                          encoding.successor().pointee == UInt8(ascii: "\""),
                          let rawName = ivar_getName(ivar),
                          let object = object_getIvar(holder, ivar).flatMap(castItem) else { continue }
                    var name = String(cString: rawName)
                    if name.hasPrefix("_") { name.removeFirst() }
                    let key = LiveAdapter.key(object)
                    if held[key] == nil { held[key] = holderName + "." + name }
                }
                free(ivars)
            }
        }
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
