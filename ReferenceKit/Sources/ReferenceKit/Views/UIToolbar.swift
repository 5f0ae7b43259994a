import Foundation

// MARK: - UIToolbar

/// A bar of buttons, as in UIKit: since iOS 13 it lays its items out in a
/// private `_UIToolbarContentView` that fills it, holding a
/// `_UIButtonBarStackView` (a `UIStackView`) of `_UIButtonBarButton`s. Layout
/// traces show that hierarchy (corpus `traces/001.txt`: a toolbar subclass >
/// `_UIToolbarContentView` > `_UIButtonBarStackView`) and console logs name
/// its views (corpus `logs/019.txt`: `_UIButtonBarStackView.width <= 0`).
///
/// ReferenceKit's toolbar makes its content view as UIKit's does; it has no
/// bar button items, so the content view's stack and buttons are plain views
/// with UIKit's names, public only so that a demo can play the part of
/// UIKit's bar, which builds them. An app never makes them.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    /// Creates a toolbar and, as its first subview, its content view
    /// (UIKit keeps it private: it is found among the subviews).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        let content = _UIToolbarContentView(frame: bounds)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(content)
    }

    /// ReferenceKit does not archive views; decoding always fails.
    public required init?(coder: NSCoder) {
        return nil
    }
}

/// The view filling a toolbar that holds its items.
@preconcurrency @MainActor
open class _UIToolbarContentView: UIView {}

/// The stack view that lines up a bar's buttons.
@preconcurrency @MainActor
open class _UIButtonBarStackView: UIStackView {}

/// One bar button item's view in a bar's stack.
@preconcurrency @MainActor
open class _UIButtonBarButton: UIView {}
