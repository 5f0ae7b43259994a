import Foundation

// MARK: - UIViewController

/// An object that owns a view and takes part in the responder chain, as in UIKit.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    /// The child view controllers, in the order they were added.
    open private(set) var children: [UIViewController] = []
    /// The parent view controller, if this one is a child.
    open private(set) weak var parent: UIViewController?
    /// A title for the controller.
    open var title: String?

    /// Creates a view controller; its view is made on first use.
    public override init() {
        super.init()
    }

    /// The root view, loaded on first use with `loadView()` and `viewDidLoad()`.
    open var view: UIView! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// Whether the view has been loaded.
    open var isViewLoaded: Bool { loadedView != nil }

    /// Loads the view if it is not loaded yet.
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: .zero) }
        viewDidLoad()
    }

    /// Makes the root view; by default a plain `UIView` with a flexible size, as UIKit's.
    open func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view = root
    }

    /// Called once the view is loaded; override to build the view hierarchy.
    open func viewDidLoad() {}

    /// Adds a child view controller.
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    /// Removes this controller from its parent.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Called before the controller moves to a new parent.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller moved to a new parent.
    open func didMove(toParent parent: UIViewController?) {}

    /// The view's superview, else the parent controller.
    open override var next: UIResponder? {
        loadedView?.superview ?? parent
    }
}
