#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - PropertyNames

/// Names views and layout guides by the stored property that holds them,
/// so a report says `<UIImageView:0x… ProfileCell.avatarView>` with no
/// nametag typed: the question users ask most of an address.
///
/// The holder is looked for up the responder chain, nearest first: the
/// superview, its superview, a view controller after its root view, and so
/// on to the window. Each holder is reflected once per report
/// (`HeldObjects`), and only the app's own classes are reflected: UIKit's
/// (or ReferenceKit's) stored properties, such as `subviews`, name nothing
/// the user wrote.
///
/// One value serves one report, like the `LiveAdapter` that owns it.
@MainActor
public struct PropertyNames {
    /// Whether reports look for property names. On unless the environment's
    /// `LAYOUT_DEBUG_PROPERTY_NAMES` is `0`: an escape hatch for an app whose
    /// reflection misbehaves (an `unowned` property to a freed object traps
    /// when read, here as in the app's own code). Settable for the benchmark.
    nonisolated(unsafe) public static var isEnabled =
        ProcessInfo.processInfo.environment["LAYOUT_DEBUG_PROPERTY_NAMES"] != "0"

    /// The most responders a search walks up: real chains are a few dozen
    /// long, and a report must end even if a chain ever loops.
    static let longestChain = 256

    /// What each holder keeps, by the holder's address.
    private var heldByHolder = AddressTable<[UInt64: String]>()
    /// Whether a class is the app's own or inherits from one, by class.
    private var hasAppLevels = AddressTable<Bool>()
    /// How a holder's class is printed (`ProfileCell`); the adapter's cached names.
    private let className: (AnyObject) -> String

    /// Creates an empty finder for one report.
    /// - Parameter className: The class name reports print for an object.
    init(className: @escaping (AnyObject) -> String) {
        self.className = className
    }

    // MARK: - Finding

    /// `Holder.property` for the nearest holder of a view or layout guide,
    /// or `nil` when no app object up its responder chain keeps it. The root
    /// view of one of the app's view controllers is `ProfileViewController.view`:
    /// UIKit keeps it in storage of its own, which is not reflected.
    mutating func property(of object: AnyObject) -> String? {
        let key = LiveAdapter.key(object)
        var holder: PlatformResponder?
        if let view = object as? PlatformView {
            holder = Platform.nextResponder(of: view)
            if let controller = holder as? PlatformViewController, controller.isViewLoaded,
               controller.view === view, isReflected(type(of: controller)) {
                return className(controller) + ".view"
            }
        } else if let guide = object as? PlatformLayoutGuide {
            holder = guide.owningView  // a view keeps its own guides: `contentGuide`
        }
        var steps = 0
        while let current = holder, steps < Self.longestChain {
            if let name = held(by: current)[key] { return name }
            holder = Platform.nextResponder(of: current)
            steps += 1
        }
        return nil
    }

    /// What `holder` keeps in stored properties, reflected on first need.
    private mutating func held(by holder: AnyObject) -> [UInt64: String] {
        let key = LiveAdapter.key(holder)
        if let known = heldByHolder.value(for: key) { return known }
        let held = isReflected(type(of: holder)) ? HeldObjects.of(holder, named: className(holder)) : [:]
        heldByHolder.set(held, for: key)
        return held
    }

    /// Whether the class or one of its superclasses is the app's own, so
    /// reflecting an instance can find properties; cached per class.
    private mutating func isReflected(_ type: AnyClass) -> Bool {
        let key = LiveAdapter.key(ofClass: type)
        if let known = hasAppLevels.value(for: key) { return known }
        var level: AnyClass? = type
        var found = false
        while let current = level, !found {
            found = HeldObjects.isAppClass(current)
            level = _getSuperclass(current)
        }
        hasAppLevels.set(found, for: key)
        return found
    }
}
#endif
