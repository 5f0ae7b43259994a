import Foundation

// MARK: - UILayoutPriority

/// The priority of a constraint, from 1 to 1000 (required), as in UIKit.
public struct UILayoutPriority: Hashable, Equatable, RawRepresentable, Comparable, Sendable {
    /// The priority as a number.
    public var rawValue: Float

    /// Creates a priority.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// Creates a priority.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: the default compression resistance.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510: a window-resizing drag may resize the scene.
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: the scene keeps its size.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490: a drag that cannot resize the scene.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: the default content hugging.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the level `systemLayoutSizeFitting` uses.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Orders priorities by value.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A priority raised by `rhs`.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue + rhs)
    }

    /// A priority lowered by `rhs`.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority {
        UILayoutPriority(lhs.rawValue - rhs)
    }
}
