#if canImport(UIKit)
import UIKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || os(Linux)

// MARK: - The platform seam: UIKit, and ReferenceKit on Linux

// `LiveAdapter` and `LiveSnapshots` are written once against these names; this file
// and `Platform+AppKit.swift` say what each platform calls them. ReferenceKit copies
// UIKit's public API, so one file serves both.

/// The platform's view class.
typealias PlatformView = UIView
/// The platform's layout guide class.
typealias PlatformLayoutGuide = UILayoutGuide
/// The platform's view controller class.
typealias PlatformViewController = UIViewController
/// The platform's responder class.
typealias PlatformResponder = UIResponder

/// What differs between UIKit and AppKit, and nothing else.
enum Platform {
    /// Module prefixes `String(reflecting:)` puts on the platform's own Swift classes.
    static let frameworkModules = ["ReferenceKit.", "UIKit."]
    /// Prefixes reports drop from class names: the platform's modules, and `__C.`,
    /// which Swift puts on imported Objective-C classes.
    static let frameworkPrefixes = frameworkModules + ["__C."]
    /// Prefixes of the platform's own Objective-C class names.
    static let systemClassPrefixes = ["UI", "_UI"]

    /// Whether frames are measured down from the top, so one view's frame can be set
    /// against another's; UIKit's always are.
    static let framesAreFlipped = true

    /// UIKit's y always runs downward, so a snapshot leaves `isFlipped` unset.
    static func isFlipped(_ view: UIView) -> Bool? { nil }

    /// The name a view carries for tests and accessibility, if any.
    static func accessibilityName(of view: UIView) -> String? { view.accessibilityIdentifier }

    /// A layout guide's identifier, if set.
    static func identifier(of guide: UILayoutGuide) -> String? {
        guide.identifier.isEmpty ? nil : guide.identifier
    }

    /// A layout guide's frame in its owning view.
    static func frame(of guide: UILayoutGuide) -> CGRect { guide.layoutFrame }

    /// The view's content mode, as UIKit's raw value.
    static func contentMode(of view: UIView) -> Int? { view.contentMode.rawValue }

    /// The view's layout margins.
    static func margins(of view: UIView) -> AttributeGeometry.Insets {
        let m = view.layoutMargins
        return .init(top: Double(m.top), left: Double(m.left), bottom: Double(m.bottom), right: Double(m.right))
    }

    /// Whether the view lays out right to left.
    static func isRightToLeft(_ view: UIView) -> Bool {
        view.effectiveUserInterfaceLayoutDirection == .rightToLeft
    }

    /// The next responder up the chain.
    static func nextResponder(of responder: UIResponder) -> UIResponder? { responder.next }

    /// The view a trace starts from when none is named (see `frontWindow`).
    static func frontRootView() -> UIView? { frontWindow() }

    /// The window the user sees: the key window of a connected window scene, the
    /// foreground-active scenes first, then foreground-inactive, then background;
    /// a scene without a key window offers its first window.
    ///
    /// `UIApplication.keyWindow` and `.windows` are deprecated because in an app
    /// with several scenes (iPad, Catalyst) they can name another scene's window.
    static func frontWindow() -> UIWindow? {
        let order: [UIScene.ActivationState] = [.foregroundActive, .foregroundInactive, .background]
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        for state in order {
            for scene in scenes where scene.activationState == state {
                if let window = scene.windows.first(where: \.isKeyWindow) ?? scene.windows.first { return window }
            }
        }
        return nil
    }

    // MARK: Changing a layout (lfix)

    /// Runs a layout pass of `root`'s hierarchy now.
    static func layOut(_ root: UIView) { root.layoutIfNeeded() }

    /// Sets a constraint's priority as the platform's type.
    static func setPriority(_ value: Double, of c: NSLayoutConstraint) {
        c.priority = UILayoutPriority(rawValue: Float(value))
    }

    /// Whether the view is in a window, so it has a hierarchy to lay out.
    static func isInWindow(_ view: UIView) -> Bool { view.window != nil }
}
#endif
