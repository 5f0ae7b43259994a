// MARK: - PictureMarks

/// Where a constraint's mark goes, from the boxes of its items.
///
/// Leading and trailing are drawn as left and right, and margins as the edges
/// they are inset from (`AttributeGeometry.drawn`): a picture shows which edges
/// are tied, not the inset.
struct PictureMarks {
    /// The boxes by item address.
    let rects: [UInt64: SnapshotRect]

    /// The mark for `c`, or `nil` when an item has no box or the attribute no place (a baseline).
    func mark(for c: ConstraintSnapshot, role: LayoutPicture.Role) -> LayoutPicture.Mark? {
        guard let first = c.firstItem?.address.flatMap({ rects[$0] }) else { return nil }
        let attribute = AttributeGeometry.drawn(c.firstAttribute)
        let hover = ConstraintFormatter.line(c) + (c.madeAtText.map { "\n" + $0 } ?? "")
        if attribute == .width || attribute == .height {
            // A bracket just inside the bottom (width) or right (height) side.
            let (from, to) = attribute == .width
                ? (point(first.x, first.y + first.height - 3), point(first.x + first.width, first.y + first.height - 3))
                : (point(first.x + first.width - 3, first.y), point(first.x + first.width - 3, first.y + first.height))
            return .init(from: from, to: to, shape: .size, role: role, hover: hover)
        }
        let secondAttribute = AttributeGeometry.drawn(c.secondAttribute)
        let second = c.secondItem?.address.flatMap { rects[$0] }
        if attribute == .centerX || attribute == .centerY, secondAttribute == attribute, let second {
            return visible(.init(from: center(first), to: center(second), shape: .centring, role: role, hover: hover),
                           across: attribute == .centerX ? .horizontal : .vertical)
        }
        guard let axis = attribute.axis, let own = AttributeGeometry.position(attribute, of: first) else { return nil }
        // The other end: the second item's edge, or for a position given by a
        // number (`minX == 20`), the superview's edge or the picture's.
        let other: Double
        if let second, let edge = AttributeGeometry.position(secondAttribute, of: second) {
            other = edge
        } else if let superview = c.superview?.address.flatMap({ rects[$0] }) {
            other = axis == .horizontal ? superview.x : superview.y
        } else {
            other = own - c.constant
        }
        let mark: LayoutPicture.Mark = axis == .horizontal
            ? .init(from: point(other, first.y + first.height / 2), to: point(own, first.y + first.height / 2),
                    shape: .spacing, role: role, hover: hover)
            : .init(from: point(first.x + first.width / 2, other), to: point(first.x + first.width / 2, own),
                    shape: .spacing, role: role, hover: hover)
        return visible(mark, across: axis)
    }

    /// A mark whose ends meet (edges that coincide, a spacing of 0; margins are
    /// drawn as edges) as a short tick across its axis, so it can still be seen
    /// and hovered.
    private func visible(_ mark: LayoutPicture.Mark, across axis: LayoutAxis) -> LayoutPicture.Mark {
        guard abs(mark.from.x - mark.to.x) < 1, abs(mark.from.y - mark.to.y) < 1 else { return mark }
        var tick = mark
        if axis == .horizontal {
            tick.from = point(mark.from.x, mark.from.y - 5)
            tick.to = point(mark.from.x, mark.from.y + 5)
        } else {
            tick.from = point(mark.from.x - 5, mark.from.y)
            tick.to = point(mark.from.x + 5, mark.from.y)
        }
        return tick
    }

    private func center(_ r: SnapshotRect) -> LayoutPicture.Point { point(r.x + r.width / 2, r.y + r.height / 2) }
    private func point(_ x: Double, _ y: Double) -> LayoutPicture.Point { .init(x: x, y: y) }
}
