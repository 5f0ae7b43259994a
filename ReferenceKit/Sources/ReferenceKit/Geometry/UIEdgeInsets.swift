import Foundation

// MARK: - UIEdgeInsets

/// Insets for the four edges of a rectangle, as in UIKit.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The top inset.
    public var top: CGFloat
    /// The left inset.
    public var left: CGFloat
    /// The bottom inset.
    public var bottom: CGFloat
    /// The right inset.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// Zero insets on every edge.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

// MARK: - Layout direction

/// The direction in which a user interface reads, as in UIKit.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}

/// How a view's content is laid out when the language reads right to left, as in UIKit.
///
/// ReferenceKit resolves `.unspecified` by inheriting the superview's effective
/// direction; a root view with `.unspecified` lays out left to right.
public enum UISemanticContentAttribute: Int, Sendable {
    /// Follow the surrounding direction.
    case unspecified = 0
    /// Playback controls: never flipped.
    case playback = 1
    /// Spatial controls: never flipped.
    case spatial = 2
    /// Always left to right.
    case forceLeftToRight = 3
    /// Always right to left.
    case forceRightToLeft = 4
}
