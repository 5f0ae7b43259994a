import Foundation

// MARK: - UIWindow

/// The root of a view hierarchy on screen, as in UIKit.
///
/// A window is not laid out by constraints: it gives its root view
/// controller's view its own bounds, and each direct subview hosts the layout
/// engine of its hierarchy.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let root = rootViewController?.view else { return }
            root.frame = bounds
            root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(root)
        }
    }

    /// The smallest and largest size of the content (AppKit's `NSWindow`
    /// `contentMinSize`/`contentMaxSize`), which an `NSHostingView` content view sets.
    open var contentMinSize: CGSize = .zero
    open var contentMaxSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

    /// Whose display cycle the window runs: UIKit's (the default) or AppKit's, whose
    /// window counts its passes (`UIWindow+DisplayCycle.swift`).
    open var displayCycleRules = DisplayCycleRules.uiKit

    /// The window's number, as AppKit's `windowNumber`: unique among the app's windows.
    public let windowNumber = WindowNumbers.next()

    /// The passes of the display cycle running now.
    var displayCycle = WindowDisplayCycle()

    /// ReferenceKit does not archive views; decoding always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The scene that shows the window.
    open private(set) weak var windowScene: UIWindowScene?

    /// Creates a window in the application's default scene, as UIKit does for an
    /// app that declares no scenes, and adds it to `UIApplication.shared.windows`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        attach(to: UIApplication.shared.defaultScene)
    }

    /// Creates a window in `windowScene`, sized as the scene's screen; ReferenceKit's
    /// screen is 375 × 667 points.
    public init(windowScene: UIWindowScene) {
        super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        attach(to: windowScene)
    }

    private func attach(to scene: UIWindowScene) {
        windowScene = scene
        scene.attach(self)
        UIApplication.shared.register(self)
    }

    /// Whether this is the application's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Makes the window the key window of the application and of its scene.
    open func makeKey() {
        UIApplication.shared.keyWindow = self
        windowScene?.makeKey(self)
    }

    /// Makes the window the key window and shows it.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// The application.
    open override var next: UIResponder? { UIApplication.shared }
}

// MARK: - UIApplication

/// The application object: its scenes, its windows and its key window, as in UIKit.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The one application object.
    public static let shared = UIApplication()

    private var windowBoxes: [WeakWindow] = []
    private weak var key: UIWindow?
    private var scenes: [UIScene] = []

    /// The scene that windows made with `init(frame:)` join: UIKit's one scene of an
    /// app without a scene manifest, in the foreground and active.
    lazy var defaultScene = UIWindowScene(activationState: .foregroundActive)

    /// The scenes connected to the app (UIKit: iOS 13).
    open var connectedScenes: Set<UIScene> { Set(scenes) }

    /// The application's live windows, in the order they were made (UIKit deprecates
    /// this in iOS 15 in favour of each scene's `windows`).
    open var windows: [UIWindow] { windowBoxes.compactMap(\.window) }

    /// The key window, if one was made key (UIKit deprecates this in iOS 13 in favour
    /// of each scene's `keyWindow`).
    open internal(set) var keyWindow: UIWindow? {
        get { key }
        set { key = newValue }
    }

    /// The direction the application's language reads in; ReferenceKit's is left to right.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    func connect(_ scene: UIScene) { scenes.append(scene) }

    func register(_ window: UIWindow) {
        windowBoxes.removeAll { $0.window == nil }
        windowBoxes.append(WeakWindow(window: window))
    }
}
