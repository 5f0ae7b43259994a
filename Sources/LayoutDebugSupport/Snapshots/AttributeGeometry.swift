// MARK: - AttributeGeometry

/// The value an attribute has for a rectangle, and how far a constraint's two
/// sides are apart: the arithmetic behind `off by 18.0`.
///
/// It works on plain numbers so it is the same on UIKit, AppKit and
/// ReferenceKit, and so it can be tested without a view.
enum AttributeGeometry {
    /// Margins as `UIEdgeInsets` holds them.
    struct Insets: Equatable {
        var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0
    }

    /// The attribute's value for a frame in a shared coordinate space, or
    /// `nil` when the frame alone cannot say (baselines depend on the text).
    ///
    /// - Parameters:
    ///   - attribute: The attribute.
    ///   - frame: The item's frame in the shared space.
    ///   - margins: The item's layout margins, for the margin attributes.
    ///   - rightToLeft: Whether leading is the right edge; leading and
    ///     trailing values are then negated (the axis runs leftwards).
    static func value(_ attribute: LayoutAttribute, of frame: SnapshotRect, margins: Insets,
                      rightToLeft: Bool) -> Double? {
        let inner = SnapshotRect(x: frame.x + margins.left, y: frame.y + margins.top,
                                 width: frame.width - margins.left - margins.right,
                                 height: frame.height - margins.top - margins.bottom)
        switch attribute.canonical {
        case .notAnAttribute: return 0
        case .left: return frame.x
        case .right: return frame.x + frame.width
        case .top: return frame.y
        case .bottom: return frame.y + frame.height
        // Right to left, the leading axis runs leftwards: `leading + 20` is 20
        // points further left. Negating keeps the constraint's arithmetic
        // (`first == multiplier × second + constant`) true as written.
        case .leading: return rightToLeft ? -(frame.x + frame.width) : frame.x
        case .trailing: return rightToLeft ? -frame.x : frame.x + frame.width
        case .width: return frame.width
        case .height: return frame.height
        case .centerX: return frame.x + frame.width / 2
        case .centerY: return frame.y + frame.height / 2
        case .leftMargin: return inner.x
        case .rightMargin: return inner.x + inner.width
        case .topMargin: return inner.y
        case .bottomMargin: return inner.y + inner.height
        case .leadingMargin: return rightToLeft ? -(inner.x + inner.width) : inner.x
        case .trailingMargin: return rightToLeft ? -inner.x : inner.x + inner.width
        case .centerXWithinMargins: return inner.x + inner.width / 2
        case .centerYWithinMargins: return inner.y + inner.height / 2
        default: return nil
        }
    }

    /// Whether the attribute's value depends on the item's layout margins.
    static func usesMargins(_ attribute: LayoutAttribute) -> Bool {
        switch attribute {
        case .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
             .centerXWithinMargins, .centerYWithinMargins:
            return true
        default:
            return false
        }
    }

    /// Whether the attribute's value depends on the reading direction.
    static func usesDirection(_ attribute: LayoutAttribute) -> Bool {
        switch attribute {
        case .leading, .trailing, .leadingMargin, .trailingMargin: return true
        default: return false
        }
    }

    /// How far `first` is from satisfying `first relation multiplier × second + constant`:
    /// `0` when it holds, else the distance, always positive.
    static func miss(first: Double, relation: LayoutRelation, second: Double,
                     multiplier: Double, constant: Double) -> Double {
        let difference = first - (multiplier * second + constant)
        switch relation {
        case .equal: return abs(difference)
        case .greaterThanOrEqual: return max(0, -difference)
        case .lessThanOrEqual: return max(0, difference)
        }
    }
}
