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

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
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
