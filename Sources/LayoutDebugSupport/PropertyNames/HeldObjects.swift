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
///
/// One value serves one report: it remembers, per class and per property
/// type, what reflecting needs to know, because asking costs a demangling
/// (a class's name) or a failed cast that tries to bridge the value to an
/// Objective-C class (a `String` or an array asked whether it is a view).
struct HeldObjects {
    /// Swift's spelling of a `lazy` property's storage: `$__lazy_storage_$_badge`.
    static let lazyStoragePrefix = "$__lazy_storage_$_"

    /// Module prefixes of classes whose properties name nothing the user wrote:
    /// the platform's (`Platform.frameworkPrefixes`, which includes imported
    /// Objective-C classes, read through `addIvarObjects` instead), the standard library's, and
    /// SwiftUI's: its hosting views (`SwiftUI._UIHostingView<App.ContentView>`) are Swift classes
    /// of the system whose stored properties are SwiftUI's own graph, not the app's views.
    static let systemPrefixes = Platform.frameworkPrefixes + ["Swift.", "Foundation.", "SwiftUI."]

    /// What a stored property's value can hold, by the value's dynamic type.
    enum ValueKind {
        /// A view or layout guide.
        case item
        /// An optional: its wrapped value, if any, says.
        case optional
        /// An array of views or of layout guides.
        case items
        /// Nothing a report names (a string, a number, a model).
        case nothing
    }

    /// `isAppSwiftClass(_:)` by class.
    private var appSwiftClasses = AddressTable<Bool>()
    /// `ValueKind` by the value's dynamic type.
    private var kinds = AddressTable<ValueKind>()

    /// Creates empty caches for one report.
    init() {}

    /// `[address: "Holder.property"]` for every view and layout guide `holder` keeps.
    ///
    /// A property declared nearer the holder's own class wins over one of a
    /// superclass, and a single-object property over an array element.
    /// - Parameters:
    ///   - holder: The view or view controller to reflect.
    ///   - holderName: Its class as reports print it (`ProfileCell`).
    mutating func of(_ holder: AnyObject, named holderName: String) -> [UInt64: String] {
        var held: [UInt64: String] = [:]
        var elements: [(UInt64, String)] = []
        var mirror: Mirror? = Mirror(reflecting: holder)
        while let level = mirror, let type = level.subjectType as? AnyClass, isAppSwiftClass(type) {
            for child in level.children {
                guard let label = child.label else { continue }
                switch kind(of: child.value) {
                case .item, .optional:
                    guard let object = layoutItem(child.value) else { continue }
                    let key = ObjectKeys.key(object)
                    if held[key] == nil { held[key] = holderName + "." + Self.propertyName(label) }
                case .items:
                    let name = holderName + "." + Self.propertyName(label)
                    for (index, object) in Self.layoutItems(child.value).enumerated() {
                        elements.append((ObjectKeys.key(object), name + "[\(index)]"))
                    }
                case .nothing:
                    continue
                }
            }
            mirror = level.superclassMirror
        }
        for (key, name) in elements where held[key] == nil { held[key] = name }
        Self.addIvarObjects(of: holder, named: holderName, to: &held)
        return held
    }

    /// `isAppSwiftClass(_:)`, cached per class.
    mutating func isAppSwiftClass(_ type: AnyClass) -> Bool {
        let key = ObjectKeys.key(ofClass: type)
        if let known = appSwiftClasses.value(for: key) { return known }
        let answer = Self.isAppSwiftClass(type)
        appSwiftClasses.set(answer, for: key)
        return answer
    }

    /// The view or layout guide a property holds, directly or as a set optional.
    private mutating func layoutItem(_ value: Any) -> AnyObject? {
        switch kind(of: value) {
        case .item: return Self.castItem(value)
        case .optional: return (value as? OptionalValue)?.wrappedAny.flatMap { layoutItem($0) }
        case .items, .nothing: return nil
        }
    }

    /// The views or layout guides of an array property (`cards[2]`), whose kind is `.items`.
    private static func layoutItems(_ value: Any) -> [AnyObject] {
        if let views = value as? [PlatformView] { return views }
        return value as? [PlatformLayoutGuide] ?? []
    }

    /// `ValueKind` of a value, worked out once per dynamic type.
    private mutating func kind(of value: Any) -> ValueKind {
        let type = Swift.type(of: value)
        let key = UInt64(UInt(bitPattern: ObjectIdentifier(type)))
        if let known = kinds.value(for: key) { return known }
        let kind: ValueKind
        if Self.isLayoutItemType(type) {
            kind = .item
        } else if let optional = type as? OptionalValue.Type, Self.isLayoutItemType(optional.wrappedType)
                    || optional.wrappedType is OptionalValue.Type {
            kind = .optional
        } else if let array = type as? ArrayValue.Type, Self.isLayoutItemType(array.elementType) {
            kind = .items
        } else {
            kind = .nothing
        }
        kinds.set(kind, for: key)
        return kind
    }

    /// Whether values of a type are views or layout guides.
    static func isLayoutItemType(_ type: Any.Type) -> Bool {
        type is PlatformView.Type || type is PlatformLayoutGuide.Type
    }

    /// A value whose type is a view or layout guide class, as that object.
    static func castItem(_ value: Any) -> AnyObject? {
        if let view = value as? PlatformView { return view }
        return value as? PlatformLayoutGuide
    }

    /// Whether a class is one the app wrote, in Swift or Objective-C.
    static func isAppClass(_ type: AnyClass) -> Bool {
        isAppSwiftClass(type) || isAppObjectiveCClass(type)
    }

    /// Whether a class is Swift (printed `Module.Name`) and not the platform's
    /// or the standard library's, so `Mirror` can read what the app stored in it.
    static func isAppSwiftClass(_ type: AnyClass) -> Bool {
        isAppSwiftClassName(String(reflecting: type))
    }

    /// `isAppSwiftClass(_:)` for the name Swift prints a class by (`String(reflecting:)`).
    static func isAppSwiftClassName(_ name: String) -> Bool {
        name.contains(".") && !systemPrefixes.contains { name.hasPrefix($0) }
    }

    /// The property a label names: a lazy property's storage is shown as the property.
    static func propertyName(_ label: String) -> String {
        label.hasPrefix(lazyStoragePrefix) ? String(label.dropFirst(lazyStoragePrefix.count)) : label
    }
}

// MARK: - Optionals and arrays, seen through an `Any`

/// An optional whose wrapped type and value can be read from an `Any`.
protocol OptionalValue {
    /// The type an optional of this type wraps.
    static var wrappedType: Any.Type { get }
    /// The wrapped value, or `nil`.
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    static var wrappedType: Any.Type { Wrapped.self }
    var wrappedAny: Any? { self.map { $0 } }
}

/// An array whose element type can be read from an `Any`'s type.
protocol ArrayValue {
    /// The type of the array's elements.
    static var elementType: Any.Type { get }
}

extension Array: ArrayValue {
    static var elementType: Any.Type { Element.self }
}
#endif
