import Foundation

// MARK: - UIStackView

/// A view that lines up its arranged subviews along an axis with
/// `'UISV-*'` constraints, as in UIKit.
///
/// Supported: `distribution` `.fill` and `.fillEqually` (others behave as
/// `.fill`); `alignment` `.fill`, `.leading`/`.top`, `.center`,
/// `.trailing`/`.bottom` (baselines behave as `.fill`); hidden arranged views,
/// which get a `'UISV-hiding'` zero size and leave the spacing chain.
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How arranged views share the stack's length.
    public enum Distribution: Int, Sendable {
        case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How arranged views sit across the axis.
    public enum Alignment: Int, Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        /// The same as `.leading`, for vertical alignment.
        public static let top = Alignment.leading
        /// The same as `.trailing`, for vertical alignment.
        public static let bottom = Alignment.trailing
    }

    private var arranged: [UIView] = []

    /// The views laid out along the axis, in order. A view removed from the
    /// stack's subviews leaves this list too, as in UIKit.
    open var arrangedSubviews: [UIView] { arranged.filter { $0.superview === self } }
    /// The axis views are lined up on.
    open var axis: NSLayoutConstraint.Axis = .horizontal
    /// The gap between adjacent arranged views.
    open var spacing: CGFloat = 0
    /// How arranged views share the stack's length.
    open var distribution: Distribution = .fill
    /// How arranged views sit across the axis.
    open var alignment: Alignment = .fill
    /// Whether the arranged views are placed inside the layout margins.
    open var isLayoutMarginsRelativeArrangement = false

    /// Creates a stack view with arranged subviews.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        views.forEach(addArrangedSubview)
    }

    /// Appends a view to the arranged subviews (and to the subviews).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into the arranged subviews at `stackIndex`.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arranged = arrangedSubviews.filter { $0 !== view }
        arranged.insert(view, at: min(max(stackIndex, 0), arranged.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        systemInputsChanged()
    }

    /// Removes a view from the arranged subviews; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: UIView) {
        arranged.removeAll { $0 === view }
        systemInputsChanged()
    }

    override var systemConstraintSpecs: [SystemConstraintSpec] {
        super.systemConstraintSpecs + StackLayout(stack: self, arranged: arrangedSubviews).specs()
    }
}
