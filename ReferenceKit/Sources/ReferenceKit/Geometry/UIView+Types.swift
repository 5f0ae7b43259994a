import Foundation

// MARK: - Nested UIView types

extension UIView {
    /// Which parts of a view stretch when its superview's size changes, as in UIKit.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The raw bits, with UIKit's values.
        public let rawValue: UInt
        /// Creates a mask from its raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The left margin is flexible.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// The width is flexible.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// The right margin is flexible.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// The top margin is flexible.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// The height is flexible.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// The bottom margin is flexible.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// How a view places its content inside its bounds, as in UIKit.
    public enum ContentMode: Int, Sendable {
        /// Stretch to fill; the default.
        case scaleToFill = 0
        /// Scale to fit, keeping the aspect ratio.
        case scaleAspectFit
        /// Scale to fill, keeping the aspect ratio.
        case scaleAspectFill
        /// Redraw on bounds changes.
        case redraw
        /// Centre without scaling.
        case center
        /// Pin to an edge or corner without scaling.
        case top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

        /// The case's name, as a report prints it (`scaleToFill`).
        public var name: String {
            let names = ["scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top",
                         "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight"]
            return names[rawValue]
        }
    }

    /// The value of an intrinsic content size dimension that has no intrinsic metric.
    public static let noIntrinsicMetric: CGFloat = -1
}

extension UIView.AutoresizingMask {
    /// The mask as UIKit's autoresizing constraints print it: `h=--& v=--&`.
    ///
    /// Each axis has three characters (leading margin, size, trailing margin):
    /// `-` fixed, `&` flexible. When nothing on an axis is flexible UIKit
    /// treats the trailing margin as flexible, hence `--&` for an empty mask.
    public var logDescription: String {
        func axis(_ lead: Self, _ size: Self, _ trail: Self) -> String {
            let flags = [contains(lead), contains(size), contains(trail)]
            let text = flags.map { $0 ? "&" : "-" }
            return flags.contains(true) ? text.joined() : "--&"
        }
        return "h=" + axis(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)
            + " v=" + axis(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin)
    }
}
