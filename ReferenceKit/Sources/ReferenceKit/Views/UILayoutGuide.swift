import Foundation

// MARK: - UILayoutGuide

/// A rectangle that takes part in layout without being a view, as in UIKit.
///
/// Its frame is in its owning view's coordinates. The layout margins guide
/// and the safe area guide are guides with the identifiers
/// `UIViewLayoutMarginsGuide` and `UIViewSafeAreaLayoutGuide`.
@preconcurrency @MainActor
open class UILayoutGuide: LayoutItem, Hashable {
    /// The view that owns the guide.
    open internal(set) var owningView: UIView? {
        get { owner }
        set { owner = newValue }
    }
    /// Unretained (the view holds the guide), and cleared if the view is freed first.
    nonisolated(unsafe) unowned(unsafe) var owner: UIView?
    /// A name for the guide, printed in quotes after its address.
    open var identifier: String = ""
    /// The guide's frame in its owning view's coordinates, after the last layout pass.
    open internal(set) var layoutFrame: CGRect = .zero

    let layoutVariables = LayoutVariables()
    nonisolated(unsafe) var namingConstraints = NamingConstraints()

    /// Creates a guide; add it to a view with `addLayoutGuide(_:)`.
    public init() {
        LiveObjects.register(self)
    }

    deinit {
        namingConstraints.forEach { $0.forget(self) }
        LiveObjects.unregister(LiveObjects.address(of: self))
    }

    // MARK: - LayoutItem

    var layoutParent: UIView? { owningView }
    var nearestView: UIView? { owningView }

    var classAndAddress: String {
        runtimeClassName(self) + ":" + addressText(self) + (identifier.isEmpty ? "" : quotedTitle(identifier))
    }

    var constraintName: String { classAndAddress }
    var namesEntry: String? { nil }

    // MARK: - Description

    /// `<UILayoutGuide: 0x… - "UIViewLayoutMarginsGuide", layoutFrame = {{8, 8}, {359, 651}}, owningView = <UIView: 0x…; frame = (0 0; 375 667)>>`, as UIKit prints a guide.
    nonisolated public var description: String {
        uncheckedMainActor {
            let frame = layoutFrame
            let origin = "{\(formatNumber(frame.minX)), \(formatNumber(frame.minY))}"
            let size = "{\(formatNumber(frame.width)), \(formatNumber(frame.height))}"
            let owner = owningView.map { $0.description } ?? "(null)"
            return "<\(runtimeClassName(self)): \(addressText(self)) - \"\(identifier)\", layoutFrame = {\(origin), \(size)}, owningView = \(owner)>"
        }
    }

    // MARK: - Identity

    /// Guides are equal only to themselves.
    nonisolated public static func == (lhs: UILayoutGuide, rhs: UILayoutGuide) -> Bool { lhs === rhs }

    /// Hashes the guide's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
