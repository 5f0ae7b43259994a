// MARK: - SystemContainer

/// The kind of framework-made container a system conflict's views sit in,
/// told by the class names of the views above them (a subclass counts by its
/// superclasses: an app's `UIToolbar` subclass is a toolbar).
enum SystemContainer: String, Codable, CaseIterable, Sendable {
    /// A `UIToolbar` and what UIKit puts in it (`_UIToolbarContentView`).
    case toolbar
    /// A `UINavigationBar` and its private content views.
    case navigationBar
    /// A `UITabBar`.
    case tabBar
    /// A `UISearchBar`.
    case searchBar
    /// The keyboard's window and its input views (`UIInputSetHostView`, TextInputUI's `TUI…`).
    case keyboard
    /// An alert or action sheet (`UIAlertController`'s `_UIAlertController…` views).
    case alert
    /// A popover (UIKit's `_UIPopoverView`, AppKit's `NSPopover…` frame).
    case popover
    /// SwiftUI's hosting view and what SwiftUI puts in it.
    case swiftUI

    /// The container in words, after "in": "a toolbar", "the keyboard".
    var phrase: String {
        switch self {
        case .toolbar: return "a toolbar"
        case .navigationBar: return "a navigation bar"
        case .tabBar: return "a tab bar"
        case .searchBar: return "a search bar"
        case .keyboard: return "the keyboard"
        case .alert: return "an alert"
        case .popover: return "a popover"
        case .swiftUI: return "SwiftUI's hosting view"
        }
    }

    /// The container a view's class names say it is, if any.
    ///
    /// - Parameter classNames: The view's class and superclasses, nearest first.
    static func kind(of classNames: [String]) -> SystemContainer? {
        for name in classNames {
            if let found = kind(ofClass: name) { return found }
        }
        return nil
    }

    /// The container one class name says, if any.
    private static func kind(ofClass name: String) -> SystemContainer? {
        if name.hasPrefix("UIToolbar") || name.hasPrefix("_UIToolbar") { return .toolbar }
        if name.hasPrefix("UINavigationBar") || name.hasPrefix("_UINavigationBar") { return .navigationBar }
        if name.hasPrefix("UITabBar") || name.hasPrefix("_UITabBar") { return .tabBar }
        if name.hasPrefix("UISearchBar") || name.hasPrefix("_UISearchBar") { return .searchBar }
        if name.hasPrefix("UIAlertController") || name.hasPrefix("_UIAlertController") { return .alert }
        if name.contains("Popover") && (name.hasPrefix("_UI") || name.hasPrefix("UI") || name.hasPrefix("NS")
                                        || name.hasPrefix("_NS")) { return .popover }
        if keyboardPrefixes.contains(where: name.hasPrefix) { return .keyboard }
        if FrameworkClassNames.swiftUIPrefixes.contains(where: name.hasPrefix) || name.hasPrefix("_UIHostingView") {
            return .swiftUI
        }
        return nil
    }

    /// The keyboard's classes: its private ones without an underscore, and UIKit's own `_UIKB…`.
    private static let keyboardPrefixes = FrameworkClassNames.keyboardNamePrefixes + ["_UIKB"]

    /// The container a conflict sits in: the nearest one up `chain` (nearest
    /// first), stopping at the first view of the app's own (itself counted: an
    /// app's toolbar subclass), above which a container holds the app's view
    /// rather than the conflict. SwiftUI's
    /// hosting view yields to a bar above it: a SwiftUI view in a toolbar is in the toolbar.
    static func nearest(in chain: [SurroundingView]) -> SystemContainer? {
        var hosting = false
        for view in chain {
            // A controller's class tells too: an alert controller's root view is a plain view.
            switch kind(of: view.classNames + (view.viewController.map { [$0] } ?? [])) {
            case .swiftUI?: hosting = true
            case let found?: return found
            case nil: break
            }
            if view.isAppClass { break }
        }
        return hosting ? .swiftUI : nil
    }
}
