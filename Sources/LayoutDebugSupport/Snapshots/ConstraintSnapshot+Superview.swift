// MARK: - Positions measured from the superview

extension ConstraintSnapshot {
    /// Whether the first attribute is a position (an edge or a centre) that
    /// the other side gives as a number or a size rather than another
    /// position: `minX == 0`, `midY == 0.5*UIWindow.height`.
    ///
    /// UIKit and AppKit make such constraints only for a frame: from a view's
    /// autoresizing mask (`h=-&- v=-&- NSView:0x….minX == 0`) or from the
    /// size a container gives (`'UIView-Encapsulated-Layout-Left'`). The
    /// number is the frame's origin in the superview's coordinates, as
    /// `frame.origin.x` is, so it is measured from the superview's own
    /// edge: from `'|'` when the log names it (`superview`), from an unknown
    /// origin when it does not. Reading it as an absolute position invents
    /// contradictions (two views at `minX == 0` in different superviews) and
    /// hides real ones (a width that must come out below 0).
    var isPositionInSuperview: Bool {
        let attribute = firstAttribute.canonical
        guard firstItem != nil, attribute.axis != nil, !attribute.isSize,
              attribute != .firstBaseline, attribute != .lastBaseline else { return false }
        guard secondItem != nil, secondAttribute != .notAnAttribute else { return true }
        return secondAttribute.canonical.isSize
    }

    /// The view whose autoresizing mask made this constraint (or whose
    /// frame a container set): the first item, unless the first item is the
    /// superview. A visual form puts `|` first at a far edge:
    /// `H:[NSView:0x…]-(20)-|` reads `|.trailing == NSView.trailing + 20`,
    /// and the mask is `NSView`'s, not its superview's.
    var framedItem: ObjectReference? {
        guard let first = firstItem else { return nil }
        guard let second = secondItem, Self.isSuperview(first, of: self) else { return first }
        return second
    }

    /// Whether `item` stands for the superview in `constraint`: the `'|'`
    /// the log names, or the placeholder for an unnamed `|`.
    private static func isSuperview(_ item: ObjectReference, of constraint: ConstraintSnapshot) -> Bool {
        if let superview = constraint.superview, superview == item { return true }
        return item.className == "superview" && item.address == nil && item.name == nil
    }
}
