import Foundation

// MARK: - The keyboard's hierarchy

// UIKit shows the keyboard in a window of its own, which it builds and keeps
// private: `UIRemoteKeyboardWindow` > `UIInputSetContainerView` >
// `UIInputSetHostView` > the keyboard (`_UIKBCompatInputView`) and the
// assistant bar above it (TextInputUI's `TUISystemInputAssistantView`). Real
// console logs name these classes (UIKit's `UIInputSetHostView.bottom ==
// UIInputSetContainerView.bottom`; the assistant bar's 'assistantHeight' and
// 'assistantView.bottom' in IQKeyboardManager #1615), so ReferenceKit has them,
// as plain views with UIKit's names and nothing more. They are public only so
// that a demo can play the part of UIKit's input window controller, which
// builds them; an app never makes them.

/// The window UIKit shows the keyboard in (in UIKit a `UITextEffectsWindow`
/// subclass; ReferenceKit has no text effects, so it is a plain window).
@preconcurrency @MainActor
open class UIRemoteKeyboardWindow: UIWindow {}

/// The view filling the keyboard window that holds the input views.
@preconcurrency @MainActor
open class UIInputSetContainerView: UIView {}

/// The view holding the keyboard and its assistant bar, pinned to the
/// bottom of its container.
@preconcurrency @MainActor
open class UIInputSetHostView: UIView {}

/// The keyboard itself, as the host view holds it.
@preconcurrency @MainActor
open class _UIKBCompatInputView: UIView {}

/// The assistant bar above the keyboard (predictions, undo), from
/// TextInputUI, which UIKit loads into the keyboard's window.
@preconcurrency @MainActor
open class TUISystemInputAssistantView: UIView {}
