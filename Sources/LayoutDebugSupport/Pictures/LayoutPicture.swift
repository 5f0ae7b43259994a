// MARK: - LayoutPicture

/// What a picture of a layout shows, as values: a box per view at its frame,
/// a mark per constraint between the edges it relates, a caption. Made from
/// snapshots (`PictureScenes`), drawn by `SVGPicture`.
public struct LayoutPicture: Hashable, Sendable {
    /// A point in the picture's coordinates (the root's, in points).
    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double
    }

    /// One view or layout guide.
    public struct Box: Hashable, Sendable {
        /// The view, for its label and its address.
        public var reference: ObjectReference
        /// Where it is drawn, in the picture's coordinates (the root's, y downward).
        public var rect: SnapshotRect
        /// Its frame as the view itself has it (in its superview's coordinates, or
        /// as our solver computed it): what its hover says, in points.
        public var frame: SnapshotRect
        /// Whether the engine finds its layout ambiguous (drawn purple, as Xcode does).
        public var isAmbiguous: Bool
        /// Whether it is a layout guide (drawn dashed, without a fill).
        public var isGuide: Bool
        /// 0 for the root; boxes come in pre-order, so depth gives the nesting
        /// a click collapses.
        public var depth: Int
    }

    /// How a constraint is drawn.
    public enum Shape: Hashable, Sendable {
        /// A width or a height: a bracket along the side.
        case size
        /// A spacing between two edges: a line between them.
        case spacing
        /// A centring: a line between the centres.
        case centring
    }

    /// A constraint's part in the picture.
    public enum Role: String, Hashable, Sendable {
        /// Any constraint: grey.
        case plain
        /// One of a conflict's mutually exclusive constraints: highlighted.
        case exclusive
        /// The one the engine broke: red and dashed.
        case broken
    }

    /// One constraint.
    public struct Mark: Hashable, Sendable {
        /// Where the line or bracket starts.
        public var from: Point
        /// Where it ends.
        public var to: Point
        /// How it is drawn.
        public var shape: Shape
        /// Its part in the conflict.
        public var role: Role
        /// The hover text: its stringValue with its address, and its origin when known.
        public var hover: String
    }

    /// The title: the view or the conflict.
    public var title: String
    /// The caption under the title: the conflict's reason, and whether frames are computed.
    public var caption: String
    /// The views, parents before children.
    public var boxes: [Box]
    /// The constraints, plain ones first so the conflict's are drawn on top.
    public var marks: [Mark]
}
