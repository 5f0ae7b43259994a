import Foundation

// MARK: - UIButton

/// A button with a title, as in UIKit.
///
/// Its intrinsic content size is the title's size in `TextMetrics` plus
/// 16 points of width and 10 of height (the content insets of a system button).
@preconcurrency @MainActor
open class UIButton: UIView {
    /// The button styles UIKit offers; ReferenceKit draws none of them.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    /// The control states a title can be set for.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates a state from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal state.
        public static let normal = State([])
        /// The highlighted state.
        public static let highlighted = State(rawValue: 1 << 0)
        /// The disabled state.
        public static let disabled = State(rawValue: 1 << 1)
        /// The selected state.
        public static let selected = State(rawValue: 1 << 2)
    }

    /// The button's type.
    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]

    /// Creates a button of a type.
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// Sets the title for a state.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        invalidateIntrinsicContentSize()
    }

    /// The title for a state, falling back to the normal title.
    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// The title shown now (the normal one).
    open var currentTitle: String? { title(for: .normal) }

    /// The title's size plus the content insets.
    open override var intrinsicContentSize: CGSize {
        let text = TextMetrics.size(of: currentTitle)
        return CGSize(width: text.width + 16, height: max(text.height, TextMetrics.lineHeight) + 10)
    }

    override var descriptionTitle: String? { currentTitle.flatMap { $0.isEmpty ? nil : $0 } }
}
