import Foundation

// MARK: - UILabel

/// A view showing one line of text, as in UIKit.
///
/// Its intrinsic content size is the text's size in `TextMetrics`: 8 points
/// per character by 20 points, or zero with no text.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// The text shown; setting it changes the intrinsic content size.
    open var text: String? {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// The maximum number of lines; ReferenceKit lays text out on one line.
    open var numberOfLines = 1

    /// The text's size in `TextMetrics`.
    open override var intrinsicContentSize: CGSize { TextMetrics.size(of: text) }

    override var descriptionTitle: String? { text.flatMap { $0.isEmpty ? nil : $0 } }

    override var baselineInsets: (first: CGFloat, last: CGFloat)? { (TextMetrics.ascender, TextMetrics.descender) }
}
