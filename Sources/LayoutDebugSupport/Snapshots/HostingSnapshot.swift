// MARK: - HostingSnapshot

/// What a SwiftUI hosting view says of its size: the options Apple's
/// `sizingOptions` set, the sizes its content answers to SwiftUI's proposals,
/// and the constraints it made of them, beside the frame the constraints
/// impose (its `ViewSnapshot`'s). Read through public API only on Apple
/// platforms (`intrinsicContentSize`, `sizeThatFits(_:)`, `fittingSize`, `sizingOptions`).
struct HostingSnapshot: Encodable, Hashable, Sendable {
    /// `UIHostingController` (its view) or `NSHostingView`.
    var kind: String
    /// The `sizingOptions` by name (`intrinsicContentSize`, `minSize`, …); `nil` when the OS has none (before iOS 16 or macOS 13).
    var sizingOptions: Optional<[String]>
    /// The content's ideal size (the unspecified proposal); `nil` when it gave none.
    var idealSize: Optional<SnapshotSize>
    /// The content's size at the current proposal, its frame's size; `nil` when it gave none.
    var sizeAtFrame: Optional<SnapshotSize>
    /// The content's minimum size (a `0 × 0` proposal), where the hosting view makes constraints of it.
    var minimumSize: Optional<SnapshotSize>
    /// The content's maximum size (an `∞ × ∞` proposal); a component of `-1` is unbounded.
    var maximumSize: Optional<SnapshotSize>
    /// The addresses of the constraints the hosting view made (`"0x…"`), among
    /// its `constraints`; `nil` where nothing public tells them (Apple's platforms).
    var generatedConstraints: Optional<[String]>
    /// Points to pixels on the view's screen.
    var scale: Double
    /// Whether it is a window's content view, whose frame is in whole points.
    var isWindowContentView: Bool

    /// Creates a snapshot.
    init(kind: String, sizingOptions: [String]?, idealSize: SnapshotSize?, sizeAtFrame: SnapshotSize?,
         minimumSize: SnapshotSize? = nil, maximumSize: SnapshotSize? = nil, generatedConstraints: [String]? = nil,
         scale: Double, isWindowContentView: Bool = false) {
        self.kind = kind
        self.sizingOptions = sizingOptions
        self.idealSize = idealSize
        self.sizeAtFrame = sizeAtFrame
        self.minimumSize = minimumSize
        self.maximumSize = maximumSize
        self.generatedConstraints = generatedConstraints
        self.scale = scale
        self.isWindowContentView = isWindowContentView
    }
}
