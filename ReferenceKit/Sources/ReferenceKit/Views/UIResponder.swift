import Foundation

// MARK: - UIResponder

/// An object in the responder chain, as in UIKit.
///
/// Every responder registers in `LiveObjects` while it lives.
///
/// ReferenceKit's classes are main-actor isolated, as UIKit's are, and `@preconcurrency`, as
/// the isolation of an Objective-C class is when Swift imports it (`NS_SWIFT_UI_ACTOR`):
/// Swift 5 code may use them from nonisolated code without a diagnostic, as a debugger
/// library reading a stopped app on whichever thread stopped does.
@preconcurrency @MainActor
open class UIResponder: Hashable {
    /// Creates a responder and registers it.
    public init() {
        LiveObjects.register(self)
    }

    deinit { LiveObjects.unregister(LiveObjects.address(of: self)) }

    /// The next responder: a view's view controller or superview, a view
    /// controller's view's superview, a window's application.
    open var next: UIResponder? { nil }

    /// Responders are equal only to themselves.
    nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }

    /// Hashes the responder's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
