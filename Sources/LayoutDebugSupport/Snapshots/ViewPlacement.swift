// MARK: - ViewPlacement

/// Where one of a conflict's views sits in its window, so a suggested fix can
/// be solved from where the views are and checked against their superviews
/// and the window (live sources, and logs that hold view descriptions such
/// as `recursiveDescription`'s: `Parsing/ViewDescriptions`).
///
/// Every rectangle is in the window's coordinates, y running down, because
/// the explainer's rows put every item in one coordinate space.
struct ViewPlacement: Hashable, Sendable {
    /// The view's address.
    var view: UInt64
    /// The view's frame in the window's coordinates.
    var frame: SnapshotRect
    /// How many views are above it, up to the window: the window's own
    /// subviews are at 1 (a log's window, its dump's root, at 0 when a
    /// conflict names it).
    var depth: Int
    /// The superview's address, when the superview is not the window itself.
    var superview: Optional<UInt64>
    /// The superview's frame in the window's coordinates (the window's bounds
    /// when the window is the superview).
    var superviewFrame: SnapshotRect
    /// The window's bounds.
    var window: SnapshotRect

    /// Creates a placement.
    init(view: UInt64, frame: SnapshotRect, depth: Int, superview: UInt64?, superviewFrame: SnapshotRect,
                window: SnapshotRect) {
        self.view = view
        self.frame = frame
        self.depth = depth
        self.superview = superview
        self.superviewFrame = superviewFrame
        self.window = window
    }
}
