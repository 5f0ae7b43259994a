import Foundation
import ReferenceKit

// MARK: - PlaceScenarios

/// A system conflict inside the app's own screen: UIKit's views disagree, but
/// they sit in a view and a view controller of the app's, which the report
/// names so the developer knows which screen shows it (`ConflictPlace`).
@MainActor
enum PlaceScenarios {
    /// `toolbar-conflict`: a settings screen with a toolbar whose one button
    /// does not fit. The root view controller (a plain `UIViewController`)
    /// holds a child `SettingsViewController`, whose view (0 0; 375 667) holds
    /// the app's `SettingsPanel` (0 0; 375 44), and in it a `UIToolbar` filling
    /// it. UIKit's part, played here as UIKit's bar does it: in the toolbar's
    /// `_UIToolbarContentView`, a `_UIButtonBarStackView` pinned to its leading,
    /// top and bottom edges, holding one `_UIButtonBarButton` 44 wide; the bar,
    /// with no room for its items, squeezes the stack to `width <= 0` (as
    /// corpus logs/019.txt). The stack's own 'UISV-canvas-connection'
    /// constraints make it as wide as the button, 44, so `width <= 0` cannot
    /// hold, and the engine breaks it. Every view in the conflict is UIKit's;
    /// the nearest of the app's are `SettingsPanel` and `SettingsViewController`.
    static func toolbar(root: UIView, count: Int) {
        let settings = SettingsViewController()
        let parent = root.next as? UIViewController
        parent?.addChild(settings)
        settings.view.frame = root.bounds
        root.addSubview(settings.view)
        settings.didMove(toParent: parent)
        let panel = settings.panel
        panel.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
        settings.view.addSubview(panel)
        let toolbar = UIToolbar(frame: panel.bounds)
        toolbar.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        panel.addSubview(toolbar)
        root.layoutIfNeeded()
        guard let content = toolbar.subviews.first as? _UIToolbarContentView else { return }
        let stack = _UIButtonBarStackView()
        stack.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(stack)
        let button = _UIButtonBarButton()
        stack.addArrangedSubview(button)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            stack.topAnchor.constraint(equalTo: content.topAnchor),
            stack.bottomAnchor.constraint(equalTo: content.bottomAnchor),
            button.widthAnchor.constraint(equalToConstant: 44),
        ])
        root.layoutIfNeeded()
        stack.widthAnchor.constraint(lessThanOrEqualToConstant: 0).isActive = true
        root.layoutIfNeeded()
    }
}

/// The app's settings screen: a view controller of the app's own module.
final class SettingsViewController: UIViewController {
    /// The panel at the top of the screen that holds the toolbar.
    let panel = SettingsPanel()
}

/// The app's own view that holds the settings screen's toolbar.
final class SettingsPanel: UIView {}
