// MARK: - Geometry

/// A rectangle in points, as `CGRect` would hold it, without Core Graphics.
struct SnapshotRect: Encodable, Hashable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// Creates a rectangle.
    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A size in points; a component of `-1` means `UIView.noIntrinsicMetric`.
struct SnapshotSize: Encodable, Hashable, Sendable {
    var width: Double
    var height: Double

    /// Creates a size.
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A horizontal and a vertical priority (hugging or compression resistance).
struct AxisPriorities: Encodable, Hashable, Sendable {
    var horizontal: Double
    var vertical: Double

    /// Creates the pair.
    init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

// MARK: - ViewSnapshot

/// Everything a report needs to know about one view or layout guide, and,
/// through `children`, about the tree below it.
struct ViewSnapshot: Hashable, Sendable {
    // Optional properties are spelled `Optional<…>` so the initializer
    // copies nothing (see `ConstraintSnapshot`).

    /// The view itself.
    var reference: ObjectReference
    /// The superclass chain below the root class, nearest first
    /// (`["UIControl", "UIView", "UIResponder"]` for a button).
    var superclassNames: [String]
    /// The frame in the superview's coordinates.
    var frame: SnapshotRect
    /// The intrinsic content size; `-1` components mean no intrinsic metric.
    var intrinsicContentSize: SnapshotSize
    /// The content mode's name (`scaleToFill`, `center`, …).
    var contentMode: String
    /// Content hugging priorities.
    var hugging: AxisPriorities
    /// Compression resistance priorities.
    var compressionResistance: AxisPriorities
    /// `translatesAutoresizingMaskIntoConstraints`.
    var translatesAutoresizingMask: Bool
    /// The autoresizing mask as UIKit's log prints it (`h=--& v=--&`).
    var autoresizingMask: String
    /// Whether the layout engine finds the view's layout ambiguous.
    var hasAmbiguousLayout: Bool
    /// Which of `minX`, `minY`, `width`, `height` is ambiguous; empty when none.
    var ambiguousVariables: [String]
    /// Whether this is a layout guide rather than a view.
    var isLayoutGuide: Bool
    /// AppKit's `isFlipped`: whether y runs downward in this view's own
    /// coordinates, the ones its subviews' frames are in. `nil` on UIKit, where
    /// it always does (and so JSON from UIKit leaves it out).
    var isFlipped: Optional<Bool>
    /// The view controller whose `view` this is, when there is one.
    var viewController: Optional<String>
    /// Constraints installed on this view (its `constraints`).
    var constraints: [ConstraintSnapshot]
    /// Constraints installed on ancestors that name this view.
    var ancestorConstraints: [ConstraintSnapshot]
    /// Subviews (and layout guides) in order.
    var children: [ViewSnapshot]
    /// What a SwiftUI hosting view says of its size; `nil` for other views.
    var hosting: Optional<HostingSnapshot>

    /// Creates a snapshot; every collection defaults to empty.
    init(
        reference: ObjectReference,
        superclassNames: [String] = [],
        frame: SnapshotRect = SnapshotRect(x: 0, y: 0, width: 0, height: 0),
        intrinsicContentSize: SnapshotSize = SnapshotSize(width: -1, height: -1),
        contentMode: String = "scaleToFill",
        hugging: AxisPriorities = AxisPriorities(horizontal: 250, vertical: 250),
        compressionResistance: AxisPriorities = AxisPriorities(horizontal: 750, vertical: 750),
        translatesAutoresizingMask: Bool = true,
        autoresizingMask: String = "h=--& v=--&",
        hasAmbiguousLayout: Bool = false,
        ambiguousVariables: [String] = [],
        isLayoutGuide: Bool = false,
        isFlipped: Bool? = nil,
        viewController: String? = nil,
        constraints: [ConstraintSnapshot] = [],
        ancestorConstraints: [ConstraintSnapshot] = [],
        children: [ViewSnapshot] = [],
        hosting: HostingSnapshot? = nil
    ) {
        self.reference = reference
        self.superclassNames = superclassNames
        self.frame = frame
        self.intrinsicContentSize = intrinsicContentSize
        self.contentMode = contentMode
        self.hugging = hugging
        self.compressionResistance = compressionResistance
        self.translatesAutoresizingMask = translatesAutoresizingMask
        self.autoresizingMask = autoresizingMask
        self.hasAmbiguousLayout = hasAmbiguousLayout
        self.ambiguousVariables = ambiguousVariables
        self.isLayoutGuide = isLayoutGuide
        self.isFlipped = isFlipped
        self.viewController = viewController
        self.constraints = constraints
        self.ancestorConstraints = ancestorConstraints
        self.children = children
        self.hosting = hosting
    }
}

// MARK: - JSON

// Compact, as docs/schema/common.json has them: a rect is `[x, y, width, height]`, a size
// `[width, height]`, a pair of priorities `[horizontal, vertical]`. A view is written by the
// document that describes it (`Rendering/DocumentViews`), which knows which of its fields
// the document holds.
extension SnapshotRect {
    /// Writes `[x, y, width, height]`.
    func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
        try container.encode(width)
        try container.encode(height)
    }
}

extension SnapshotSize {
    /// Writes `[width, height]`.
    func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(width)
        try container.encode(height)
    }
}

extension AxisPriorities {
    /// Writes `[horizontal, vertical]`.
    func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(horizontal)
        try container.encode(vertical)
    }
}
