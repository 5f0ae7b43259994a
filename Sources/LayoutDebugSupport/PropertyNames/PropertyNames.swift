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

    /// One responder of a chain: what it keeps, and the nearest responder above
    /// it that keeps anything. Most responders (UIKit's own, and app views with
    /// no view properties) keep nothing, so a search skips them in one step.
    private struct Link {
        /// `[address: "Holder.property"]` for what the responder keeps.
        let held: [UInt64: String]
        /// The nearest responder above this one whose `held` is not empty.
        let nextHolder: PlatformResponder?
    }

    /// Each responder met, by its address.
    private var links = AddressTable<Link>()
    /// Whether a class is the app's own or inherits from one, by class.
    private var hasAppLevels = AddressTable<Bool>()
    /// Reflects holders, with its caches for this report.
    private var reflector = HeldObjects()

    /// Creates an empty finder for one report.
    init() {}

    // MARK: - Finding

    /// `Holder.property` for the nearest holder of a view or layout guide,
    /// or `nil` when no app object up its responder chain keeps it. The root
    /// view of one of the app's view controllers is `ProfileViewController.view`:
    /// UIKit keeps it in storage of its own, which is not reflected.
    /// - Parameters:
    ///   - object: The view or layout guide.
    ///   - className: How reports print a holder's class (`ProfileCell`).
    mutating func property(of object: AnyObject, className: (AnyObject) -> String) -> String? {
        let key = ObjectKeys.key(object)
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
            let link = self.link(current, className: className)
            if let name = link.held[key] { return name }
            holder = link.nextHolder
            steps += 1
        }
        return nil
    }

    /// The link of `responder`, made on first need with those of every
    /// responder above it not met yet: each is reflected once per report.
    private mutating func link(_ responder: PlatformResponder, className: (AnyObject) -> String) -> Link {
        if let known = links.value(for: ObjectKeys.key(responder)) { return known }
        var unmet: [PlatformResponder] = []
        var next: PlatformResponder? = responder
        var nextHolder: PlatformResponder?
        while let current = next, unmet.count < Self.longestChain {
            if let known = links.value(for: ObjectKeys.key(current)) {
                nextHolder = known.held.isEmpty ? known.nextHolder : current
                break
            }
            unmet.append(current)
            next = Platform.nextResponder(of: current)
        }
        var made: Link?
        for current in unmet.reversed() {
            let held = isReflected(type(of: current)) ? reflector.of(current, named: className(current)) : [:]
            let link = Link(held: held, nextHolder: nextHolder)
            links.set(link, for: ObjectKeys.key(current))
            if !held.isEmpty { nextHolder = current }
            made = link
        }
        return made ?? Link(held: [:], nextHolder: nil)
    }

    /// Whether the class or one of its superclasses is the app's own, so
    /// reflecting an instance can find properties; cached per class.
    private mutating func isReflected(_ type: AnyClass) -> Bool {
        let key = ObjectKeys.key(ofClass: type)
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
