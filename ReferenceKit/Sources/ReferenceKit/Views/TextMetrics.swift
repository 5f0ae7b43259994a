import Foundation

// MARK: - TextMetrics

/// ReferenceKit's one font: every character is 8 points wide, a line is 20
/// points high, the baseline sits 16 points below the top of the line and
/// 4 above its bottom. Intrinsic sizes of labels and buttons come from it, so
/// tests can compute frames by hand.
enum TextMetrics {
    static let characterWidth: CGFloat = 8
    static let lineHeight: CGFloat = 20
    static let ascender: CGFloat = 16
    static let descender: CGFloat = 4

    /// The size of `text` on one line; zero for no text.
    static func size(of text: String?) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        return CGSize(width: CGFloat(text.count) * characterWidth, height: lineHeight)
    }
}
