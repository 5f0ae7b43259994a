// MARK: - LayoutPicture

/// What a picture of a layout shows, as values: a box per view at its frame,
/// a mark per constraint between the edges it relates, a caption. Made from
/// snapshots (`PictureScenes`), drawn by `SVGPicture`.
public struct LayoutPicture: Hashable, Sendable {
    /// A point in the picture's coordinates (the root's, in points).
    struct Point: Hashable, Sendable {
        var x: Double
        var y: Double
    }

    /// One view or layout guide.
    struct Box: Hashable, Sendable {
        /// The view, for its label and its address.
        var reference: ObjectReference
        /// Where it is drawn, in the picture's coordinates (the root's, y downward).
        var rect: SnapshotRect
        /// Its frame as the view itself has it (in its superview's coordinates, or
        /// as our solver computed it): what its hover says, in points.
        var frame: SnapshotRect
        /// Whether the engine finds its layout ambiguous (drawn purple, as Xcode does).
        var isAmbiguous: Bool
        /// Whether it is a layout guide (drawn dashed, without a fill).
        var isGuide: Bool
        /// 0 for the root; boxes come in pre-order, so depth gives the nesting
        /// a click collapses.
        var depth: Int
    }

    /// How a constraint is drawn.
    enum Shape: Hashable, Sendable {
        /// A width or a height: a bracket along the side.
        case size
        /// A spacing between two edges: a line between them.
        case spacing
        /// A centring: a line between the centres.
        case centring
    }

    /// A constraint's part in the picture.
    enum Role: String, Hashable, Sendable {
        /// Any constraint: grey.
        case plain
        /// One of a conflict's mutually exclusive constraints: highlighted.
        case exclusive
        /// The one the engine broke: red and dashed.
        case broken
    }

    /// One constraint.
    struct Mark: Hashable, Sendable {
        /// Where the line or bracket starts.
        var from: Point
        /// Where it ends.
        var to: Point
        /// How it is drawn.
        var shape: Shape
        /// Its part in the conflict.
        var role: Role
        /// The hover text: its stringValue with its address, and its origin when known.
        var hover: String
    }

    /// The title: the view or the conflict.
    var title: String
    /// The caption under the title: the conflict's reason, and whether frames are computed.
    var caption: String
    /// The views, parents before children.
    var boxes: [Box]
    /// The constraints, plain ones first so the conflict's are drawn on top.
    var marks: [Mark]
}
