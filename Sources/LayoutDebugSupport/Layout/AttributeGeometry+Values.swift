// MARK: - Values on a frame

/// The value an attribute has for a rectangle, and how far a constraint's two
/// sides are apart: the arithmetic behind `off by 18.0`, read from the table
/// (`meaning(_:)`).
///
/// It works on plain numbers so it is the same on UIKit, AppKit and
/// ReferenceKit, and so it can be tested without a view.
extension AttributeGeometry {
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
        switch AttributeGeometry.meaning(attribute) {
        case .nothing: return 0
        case .baseline: return nil
        case .place(let place): return value(place, of: frame, margins: margins, rightToLeft: rightToLeft)
        }
    }

    /// Where an attribute places a point on a frame (an edge or a centre, left
    /// to right, with no margins), or `nil` for a size, a baseline or no
    /// attribute: where a picture puts a mark's end.
    static func position(_ attribute: LayoutAttribute, of frame: SnapshotRect) -> Double? {
        guard let place = AttributeGeometry.place(attribute), place.part != .size else { return nil }
        return value(place, of: frame, margins: Insets(), rightToLeft: false)
    }

    /// A place's value for a frame: an edge, the centre or the size of the
    /// frame, or of the box the margins leave inside it.
    private static func value(_ place: AttributeGeometry.Place, of frame: SnapshotRect, margins: Insets,
                              rightToLeft: Bool) -> Double {
        let box = place.withinMargins
            ? SnapshotRect(x: frame.x + margins.left, y: frame.y + margins.top,
                           width: frame.width - margins.left - margins.right,
                           height: frame.height - margins.top - margins.bottom)
            : frame
        let (origin, length) = place.axis == .horizontal ? (box.x, box.width) : (box.y, box.height)
        // Right to left, the leading axis runs leftwards: `leading + 20` is 20
        // points further left. Negating keeps the constraint's arithmetic
        // (`first == multiplier × second + constant`) true as written.
        let mirrored = rightToLeft && place.followsDirection
        switch place.part {
        case .start: return mirrored ? -(origin + length) : origin
        case .end: return mirrored ? -origin : origin + length
        case .center: return origin + length / 2
        case .size: return length
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
