import Foundation

// MARK: - UIScene

/// One instance of the app's user interface, as in UIKit (iOS 13 and later).
///
/// UIKit connects scenes itself. ReferenceKit has no system to do that, so a
/// scene is connected when it is made (see `UIWindowScene.init(activationState:)`),
/// and the application keeps it connected for its whole life, as UIKit keeps a
/// scene until the system disconnects it.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Where a scene is in its life, with UIKit's raw values.
    public enum ActivationState: Int, Sendable {
        /// Not yet attached to the app.
        case unattached = -1
        /// On screen and receiving events.
        case foregroundActive = 0
        /// On screen, not receiving events (for example behind a system alert).
        case foregroundInactive = 1
        /// Not on screen.
        case background = 2
    }

    /// The scene's current state.
    open internal(set) var activationState: ActivationState

    init(activationState: ActivationState) {
        self.activationState = activationState
        super.init()
    }

    /// The application.
    open override var next: UIResponder? { UIApplication.shared }
}

// MARK: - UIWindowScene

/// A scene that holds windows, as in UIKit.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    private var windowBoxes: [WeakWindow] = []
    private weak var key: UIWindow?

    /// ReferenceKit's stand-in for the system connecting a scene: makes a window
    /// scene in `activationState` and adds it to `UIApplication.shared.connectedScenes`.
    public override init(activationState: ActivationState) {
        super.init(activationState: activationState)
        UIApplication.shared.connect(self)
    }

    /// The scene's live windows, in the order they were made.
    open var windows: [UIWindow] { windowBoxes.compactMap(\.window) }

    /// The scene's key window, if one of its windows was made key (UIKit: iOS 15).
    open var keyWindow: UIWindow? { key }

    func attach(_ window: UIWindow) {
        windowBoxes.removeAll { $0.window == nil }
        windowBoxes.append(WeakWindow(window: window))
    }

    func makeKey(_ window: UIWindow) { key = window }
}

/// A window held without keeping it alive: scenes and the application list
/// windows but do not own them.
struct WeakWindow { weak var window: UIWindow? }
