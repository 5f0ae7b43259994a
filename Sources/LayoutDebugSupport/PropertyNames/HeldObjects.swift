#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)

// MARK: - HeldObjects

/// The views and layout guides one object keeps in its stored properties,
/// found with Swift's `Mirror` (and, on Apple platforms, the Objective-C
/// runtime's ivars: `HeldObjects+ObjC.swift`).
///
/// `Mirror` reads stored properties only, so nothing the app computes runs;
/// a `lazy` property is read from its storage, so one not yet made stays
/// unmade.
@MainActor
enum HeldObjects {
    /// Swift's spelling of a `lazy` property's storage: `$__lazy_storage_$_badge`.
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// Module prefixes of classes whose properties name nothing the user wrote:
    /// the platform's (`Platform.frameworkPrefixes`, which includes imported
    /// Objective-C classes, read through `ivarObjects` instead) and the standard library's.
    static let systemPrefixes = Platform.frameworkPrefixes + ["Swift.", "Foundation."]

    /// `[address: "Holder.property"]` for every view and layout guide `holder` keeps.
    ///
    /// A property declared nearer the holder's own class wins over one of a
    /// superclass, and a single-object property over an array element.
    /// - Parameters:
    ///   - holder: The view or view controller to reflect.
    ///   - holderName: Its class as reports print it (`ProfileCell`).
    static func of(_ holder: AnyObject, named holderName: String) -> [UInt64: String] {
        var held: [UInt64: String] = [:]
        var elements: [(UInt64, String)] = []
        var mirror: Mirror? = Mirror(reflecting: holder)
        while let level = mirror, let type = level.subjectType as? AnyClass, isAppSwiftClass(type) {
            for child in level.children {
                guard let label = child.label else { continue }
                let name = holderName + "." + propertyName(label)
                if let object = layoutItem(child.value) {
                    let key = LiveAdapter.key(object)
                    if held[key] == nil { held[key] = name }
                } else if let items = layoutItems(child.value) {
                    for (index, object) in items.enumerated() {
                        elements.append((LiveAdapter.key(object), name + "[\(index)]"))
                    }
                }
            }
            mirror = level.superclassMirror
        }
        for (key, name) in elements where held[key] == nil { held[key] = name }
        addIvarObjects(of: holder, named: holderName, to: &held)
        return held
    }

    /// Whether a class is one the app wrote, in Swift or Objective-C.
    static func isAppClass(_ type: AnyClass) -> Bool {
        isAppSwiftClass(type) || isAppObjectiveCClass(type)
    }

    /// Whether a class is Swift (printed `Module.Name`) and not the platform's
    /// or the standard library's, so `Mirror` can read what the app stored in it.
    static func isAppSwiftClass(_ type: AnyClass) -> Bool {
        let name = String(reflecting: type)
        return name.contains(".") && !systemPrefixes.contains { name.hasPrefix($0) }
    }

    /// The property a label names: a lazy property's storage is shown as the property.
    static func propertyName(_ label: String) -> String {
        label.hasPrefix(lazyStoragePrefix) ? String(label.dropFirst(lazyStoragePrefix.count)) : label
    }

    /// The view or layout guide a property holds, directly or as a set optional.
    static func layoutItem(_ value: Any) -> AnyObject? {
        if let view = value as? PlatformView { return view }
        if let guide = value as? PlatformLayoutGuide { return guide }
        return nil
    }

    /// The views or layout guides of an array property (`cards[2]`), else `nil`.
    static func layoutItems(_ value: Any) -> [AnyObject]? {
        if let views = value as? [PlatformView] { return views }
        if let guides = value as? [PlatformLayoutGuide] { return guides }
        return nil
    }
}
#endif
