import Foundation

// MARK: - UIWindow

/// The root of a view hierarchy on screen, as in UIKit.
///
/// A window is not laid out by constraints: it gives its root view
/// controller's view its own bounds, and each direct subview hosts the layout
/// engine of its hierarchy.
@MainActor
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

    /// ReferenceKit does not archive views; decoding always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Creates a window and adds it to `UIApplication.shared.windows`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        UIApplication.shared.register(self)
    }

    /// Whether this is the application's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Makes the window the key window.
    open func makeKey() { UIApplication.shared.keyWindow = self }

    /// Makes the window the key window and shows it.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// The application.
    open override var next: UIResponder? { UIApplication.shared }
}

// MARK: - UIApplication

/// The application object: its windows and its key window, as in UIKit.
@MainActor
open class UIApplication: UIResponder {
    /// The one application object.
    public static let shared = UIApplication()

    private var windowBoxes: [WeakWindow] = []
    private weak var key: UIWindow?

    private struct WeakWindow { weak var window: UIWindow? }

    /// The application's live windows, in the order they were made.
    open var windows: [UIWindow] { windowBoxes.compactMap(\.window) }

    /// The key window, if one was made key.
    open internal(set) var keyWindow: UIWindow? {
        get { key }
        set { key = newValue }
    }

    /// The direction the application's language reads in; ReferenceKit's is left to right.
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    func register(_ window: UIWindow) {
        windowBoxes.removeAll { $0.window == nil }
        windowBoxes.append(WeakWindow(window: window))
    }
}
