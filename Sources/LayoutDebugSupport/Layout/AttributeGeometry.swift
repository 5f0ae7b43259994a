// MARK: - AttributeGeometry

/// What each layout attribute measures on its item: the library's one table
/// from an attribute to geometry.
///
/// Everything that reads an attribute as a place on a frame asks here: its
/// value for a frame (`AttributeGeometry`), its linear expression over the
/// frame's variables for the solver (`expression(_:_:)`), the edge a picture
/// draws, the same attribute on the other axis. The log-only spellings
/// (`minX` … `midY`, `baseline`) mean what their UIKit attributes mean.
enum AttributeGeometry {
    /// A place on an item's frame, or on the box its layout margins leave.
    struct Place: Hashable {
        /// Where along the axis the place is.
        enum Part: Hashable {
            /// The edge with the smaller coordinate: left, top.
            case start
            /// The edge with the larger coordinate: right, bottom.
            case end
            /// Halfway between the edges.
            case center
            /// The distance between the edges: a width or a height.
            case size
        }

        /// The axis the place lies on.
        var axis: LayoutAxis
        /// Where along it.
        var part: Part
        /// Whether it is on the box inside the layout margins rather than on the frame.
        var withinMargins = false
        /// Whether it follows the reading direction (leading, trailing): right to
        /// left, the start is the right edge and positions count leftwards.
        var followsDirection = false
    }

    /// What an attribute measures.
    enum Meaning: Hashable {
        /// `notAnAttribute`: the constant side of a constraint with one item.
        case nothing
        /// A place on the frame or inside the margins.
        case place(Place)
        /// A baseline: where it sits inside a view depends on its text, not its frame.
        case baseline(first: Bool)
    }

    // MARK: - The table

    /// What `attribute` measures.
    static func meaning(_ attribute: LayoutAttribute) -> Meaning {
        switch attribute {
        case .notAnAttribute: return .nothing
        case .left, .minX: return .place(Place(axis: .horizontal, part: .start))
        case .right, .maxX: return .place(Place(axis: .horizontal, part: .end))
        case .centerX, .midX: return .place(Place(axis: .horizontal, part: .center))
        case .width: return .place(Place(axis: .horizontal, part: .size))
        case .leading: return .place(Place(axis: .horizontal, part: .start, followsDirection: true))
        case .trailing: return .place(Place(axis: .horizontal, part: .end, followsDirection: true))
        case .top, .minY: return .place(Place(axis: .vertical, part: .start))
        case .bottom, .maxY: return .place(Place(axis: .vertical, part: .end))
        case .centerY, .midY: return .place(Place(axis: .vertical, part: .center))
        case .height: return .place(Place(axis: .vertical, part: .size))
        case .leftMargin: return .place(Place(axis: .horizontal, part: .start, withinMargins: true))
        case .rightMargin: return .place(Place(axis: .horizontal, part: .end, withinMargins: true))
        case .leadingMargin:
            return .place(Place(axis: .horizontal, part: .start, withinMargins: true, followsDirection: true))
        case .trailingMargin:
            return .place(Place(axis: .horizontal, part: .end, withinMargins: true, followsDirection: true))
        case .centerXWithinMargins: return .place(Place(axis: .horizontal, part: .center, withinMargins: true))
        case .topMargin: return .place(Place(axis: .vertical, part: .start, withinMargins: true))
        case .bottomMargin: return .place(Place(axis: .vertical, part: .end, withinMargins: true))
        case .centerYWithinMargins: return .place(Place(axis: .vertical, part: .center, withinMargins: true))
        case .firstBaseline: return .baseline(first: true)
        case .lastBaseline, .baseline: return .baseline(first: false)
        }
    }

    /// The place `attribute` measures, or `nil` for `notAnAttribute` and baselines.
    static func place(_ attribute: LayoutAttribute) -> Place? {
        if case .place(let place) = meaning(attribute) { return place }
        return nil
    }

    /// The UIKit attribute that measures `place`; `nil` for a place no attribute
    /// names (a vertical place that follows the reading direction, a centre or a
    /// size that does).
    static func attribute(for place: Place) -> LayoutAttribute? {
        attributes[place]
    }

    /// Every place some attribute measures, to its UIKit attribute: the first in
    /// declaration order, so `left` rather than `minX`.
    private static let attributes: [Place: LayoutAttribute] = {
        var found: [Place: LayoutAttribute] = [:]
        for attribute in LayoutAttribute.allCases {
            guard let place = place(attribute), found[place] == nil else { continue }
            found[place] = attribute
        }
        return found
    }()

    // MARK: - Questions about one attribute

    /// Whether the attribute's value depends on the item's layout margins.
    static func usesMargins(_ attribute: LayoutAttribute) -> Bool {
        place(attribute)?.withinMargins == true
    }

    /// Whether the attribute's value depends on the reading direction.
    static func usesDirection(_ attribute: LayoutAttribute) -> Bool {
        place(attribute)?.followsDirection == true
    }

    /// Whether the attribute is an edge of the frame or of the margins (not a
    /// centre, a size or a baseline).
    static func isEdge(_ attribute: LayoutAttribute) -> Bool {
        guard let part = place(attribute)?.part else { return false }
        return part == .start || part == .end
    }

    /// Whether the attribute is an edge of the margins' box (`leadingMargin`, …).
    static func isMarginEdge(_ attribute: LayoutAttribute) -> Bool {
        isEdge(attribute) && usesMargins(attribute)
    }

    /// Whether the attribute is a horizontal edge that ignores the reading
    /// direction: left or right, of the frame or of the margins.
    static func isAbsoluteHorizontalEdge(_ attribute: LayoutAttribute) -> Bool {
        isEdge(attribute) && place(attribute)?.axis == .horizontal && !usesDirection(attribute)
    }

    /// The same attribute on the other axis: leading is top, width is height,
    /// top is leading. What a stack view's constraints become when its axis changes.
    static func transposed(_ attribute: LayoutAttribute) -> LayoutAttribute {
        guard var place = place(attribute) else { return attribute.canonical }
        place.axis = place.axis == .horizontal ? .vertical : .horizontal
        place.followsDirection = place.axis == .horizontal && (place.part == .start || place.part == .end)
        return self.attribute(for: place) ?? attribute.canonical
    }

    /// The attribute as a picture draws it: margins as the edges they are inset
    /// from, leading and trailing as left and right, since a picture shows which
    /// edges are tied, not the inset.
    static func drawn(_ attribute: LayoutAttribute) -> LayoutAttribute {
        guard var place = place(attribute) else { return attribute.canonical }
        place.withinMargins = false
        place.followsDirection = false
        return self.attribute(for: place) ?? attribute.canonical
    }
}
