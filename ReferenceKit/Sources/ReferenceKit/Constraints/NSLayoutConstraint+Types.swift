import Foundation

// MARK: - Attribute, Relation, Axis, FormatOptions

extension NSLayoutConstraint {
    /// The part of an item's layout a constraint relates, with UIKit's raw values.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// The relation between the two sides of a constraint, with UIKit's raw values.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// A layout axis, with UIKit's raw values.
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    /// Options for `constraints(withVisualFormat:options:metrics:views:)`, with UIKit's bits.
    public struct FormatOptions: OptionSet, Sendable {
        /// The raw bits.
        public let rawValue: UInt
        /// Creates options from raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Align every view's left edge.
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Align every view's right edge.
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Align every view's top.
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Align every view's bottom.
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Align every view's leading edge.
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Align every view's trailing edge.
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Align every view's horizontal centre.
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Align every view's vertical centre.
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Align every view's last baseline.
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Align every view's first baseline.
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The bits of the alignment options.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        /// Horizontal formats run leading to trailing (the default).
        public static let directionLeadingToTrailing = FormatOptions([])
        /// Horizontal formats run left to right.
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// Horizontal formats run right to left.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The bits of the direction options.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        /// Spacing between edges (the default).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// Spacing between baselines (treated as edges here).
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The bits of the spacing options.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }
}

// MARK: - Attribute facts

extension NSLayoutConstraint.Attribute {
    /// The attribute's name as descriptions print it (`leading`, `centerY`).
    var name: String {
        let names = ["notAnAttribute", "left", "right", "top", "bottom", "leading", "trailing", "width",
                     "height", "centerX", "centerY", "lastBaseline", "firstBaseline", "leftMargin",
                     "rightMargin", "topMargin", "bottomMargin", "leadingMargin", "trailingMargin",
                     "centerXWithinMargins", "centerYWithinMargins"]
        return names[rawValue]
    }

    /// The axis the attribute lies on, or `nil` for `notAnAttribute`.
    var axis: NSLayoutConstraint.Axis? {
        switch self {
        case .notAnAttribute: return nil
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
             .leadingMargin, .trailingMargin, .centerXWithinMargins:
            return .horizontal
        default: return .vertical
        }
    }

    /// Whether the attribute is a size rather than a location.
    var isSize: Bool { self == .width || self == .height }

    /// Whether the attribute depends on the reading direction.
    var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }

    /// Whether the attribute is an absolute horizontal edge (`left`, `right` and their margins).
    var isAbsoluteHorizontal: Bool { [.left, .right, .leftMargin, .rightMargin].contains(self) }

    /// The same edge of the margins guide's frame: `leadingMargin` is `leading`.
    var withoutMargin: NSLayoutConstraint.Attribute? {
        switch self {
        case .leftMargin: return .left
        case .rightMargin: return .right
        case .topMargin: return .top
        case .bottomMargin: return .bottom
        case .leadingMargin: return .leading
        case .trailingMargin: return .trailing
        case .centerXWithinMargins: return .centerX
        case .centerYWithinMargins: return .centerY
        default: return nil
        }
    }
}
