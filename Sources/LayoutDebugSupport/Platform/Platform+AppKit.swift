#if canImport(AppKit) && os(macOS) && !canImport(UIKit)
import AppKit

// MARK: - The platform seam: AppKit

// See `Platform+UIKit.swift`. Compiled only on macOS; type-checked against the real SDK by
// scripts/apple-sdk-check.sh, never run here.

/// The platform's view class.
typealias PlatformView = NSView
/// The platform's layout guide class.
typealias PlatformLayoutGuide = NSLayoutGuide
/// The platform's view controller class.
typealias PlatformViewController = NSViewController
/// The platform's responder class.
typealias PlatformResponder = NSResponder

/// What differs between UIKit and AppKit, and nothing else.
enum Platform {
    /// Module prefixes `String(reflecting:)` puts on the platform's own Swift classes.
    static let frameworkModules = ["AppKit."]
    /// Prefixes reports drop from class names: the platform's modules, and `__C.`,
    /// which Swift puts on imported Objective-C classes.
    static let frameworkPrefixes = frameworkModules + ["__C."]
    /// Prefixes of the platform's own Objective-C class names.
    static let systemClassPrefixes = ["NS", "_NS"]

    /// AppKit frames are measured up from the bottom unless a view is flipped, so how far
    /// frames miss a constraint is left unknown rather than computed wrongly.
    static let framesAreFlipped = false

    /// Whether y runs downward in the view's coordinates, where its subviews' frames are:
    /// AppKit's default is up from the bottom, and a picture must turn such frames over.
    static func isFlipped(_ view: NSView) -> Bool? { view.isFlipped }

    /// The name a view carries for tests and accessibility, if any.
    static func accessibilityName(of view: NSView) -> String? {
        let name = view.accessibilityIdentifier()
        return name.isEmpty ? view.identifier?.rawValue : name
    }

    /// A layout guide's identifier, if set.
    static func identifier(of guide: NSLayoutGuide) -> String? {
        let name = guide.identifier.rawValue
        return name.isEmpty ? nil : name
    }

    /// A layout guide's frame in its owning view.
    static func frame(of guide: NSLayoutGuide) -> CGRect { guide.frame }

    /// AppKit views have no content mode.
    static func contentMode(of view: NSView) -> Int? { nil }

    /// AppKit views have no layout margins attributes.
    static func margins(of view: NSView) -> AttributeGeometry.Insets { .init() }

    /// Whether the view lays out right to left.
    static func isRightToLeft(_ view: NSView) -> Bool { view.userInterfaceLayoutDirection == .rightToLeft }

    /// The next responder up the chain.
    static func nextResponder(of responder: NSResponder) -> NSResponder? { responder.nextResponder }

    /// The view a trace starts from when none is named: the content view of the key window,
    /// which is `nil` while the debugger has the focus, else of the main or a visible window.
    static func frontRootView() -> NSView? {
        let app = NSApplication.shared
        return FrontWindow.choose(key: app.keyWindow, main: app.mainWindow, windows: app.windows,
                                  isVisible: { $0.isVisible })?.contentView
    }

    // MARK: Changing a layout (lfix)

    /// Runs a layout pass of `root`'s hierarchy now.
    static func layOut(_ root: NSView) { root.layoutSubtreeIfNeeded() }

    /// Sets a constraint's priority as the platform's type.
    static func setPriority(_ value: Double, of c: NSLayoutConstraint) {
        c.priority = NSLayoutConstraint.Priority(rawValue: Float(value))
    }

    /// Whether the view is in a window, so it has a hierarchy to lay out.
    static func isInWindow(_ view: NSView) -> Bool { view.window != nil }
}
#endif
