// MARK: - HostingConflict

/// A conflict that places or sizes one of SwiftUI's hosting views: the view a
/// `UIHostingController` or `NSHostingView` gives Auto Layout, whose size
/// comes from its SwiftUI content (Apple's `sizingOptions`), not from the
/// app's code. The app placed it, so the conflict stays the app's, but its
/// owner line says whose size it is: `SwiftUI's hosting view in your
/// FeedViewController: <_UIHostingView<CardView>:0x…>`.
enum HostingConflict {
    /// The hosting view the conflict places or sizes: the first one that is
    /// the first item of one of `constraints` (a constraint on its edges or
    /// its size); one only tied to as a second item (an app view as wide as
    /// it) leaves the conflict the other view's.
    static func hostingView(in constraints: [ConstraintSnapshot]) -> ObjectReference? {
        constraints.lazy.compactMap(\.firstItem).first { HostingViewNames.isHostingView($0.className) }
    }

    /// Which of SwiftUI's hosting views `item` is; `nil` for another view.
    static func kind(of item: ObjectReference?) -> HostingViewNames.Kind? {
        item.flatMap { HostingViewNames.kind(of: $0.className) }
    }

    /// The owner's evidence for a conflict of the app's that places or sizes
    /// a hosting view; `nil` when none does.
    ///
    /// The place is the app's view controller when a live conflict knows it;
    /// a log prints none, so there it is the cell a cell's content view
    /// tells, the window whose current size AppKit holds it to, else the
    /// app's view the hosting view is tied to.
    static func evidence(_ conflict: ConflictSnapshot, _ constraints: [ConstraintSnapshot]) -> String? {
        guard let hosting = hostingView(in: constraints) else { return nil }
        let items = constraints.flatMap { [$0.firstItem, $0.secondItem] }.compactMap { $0 }
        let place: String
        // The hosting controller itself says nothing the hosting view does not: the app's screen does.
        if let controller = conflict.surroundings?.appViewController
            ?? (conflict.isSystemViewController ? nil : conflict.viewController),
            !HostingViewNames.isHostingController(controller) {
            place = controller
        } else if items.contains(where: { isCellContentView($0.className) }) {
            place = "cell"
        } else if constraints.contains(where: { c in
            // AppKit's size of a window's content view, or UIKit's of a window's root view.
            c.identifier?.hasPrefix("NSWindow-current-") == true
                || c.identifier?.hasPrefix("UIView-Encapsulated-Layout-") == true && c.firstItem == hosting
        }) {
            place = "window"
        } else if let app = items.first(where: { FrameworkClassNames.kind(of: $0) == .app }) {
            place = FrameworkClassNames.label(app)
        } else {
            place = "app"
        }
        return "SwiftUI's hosting view in your \(place): \(FrameworkClassNames.label(hosting))"
    }

    /// Whether a class is a table or collection view cell's content view,
    /// where a hosting controller in a cell is pinned.
    static func isCellContentView(_ className: String) -> Bool {
        className == "UITableViewCellContentView" || className.hasSuffix("CollectionViewCellContentView")
            || className == "UITableViewCell" || className == "UICollectionViewCell"
    }
}
