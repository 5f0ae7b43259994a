// MARK: - ConflictSnapshot

/// One "Unable to simultaneously satisfy constraints" event, from a live
/// breakpoint, the in-app monitor, or a console log.
public struct ConflictSnapshot: Hashable, Sendable {
    /// The 1-based number of this conflict in its session or log, when known.
    public var ordinal: Int?
    /// The constraint the engine broke, when the log says (trimmed logs may not).
    public var brokenConstraint: ConstraintSnapshot?
    /// The mutually exclusive constraints, in the engine's order.
    public var mutuallyExclusive: [ConstraintSnapshot]
    /// The views involved, with their frames at the time (live sources only).
    var views: [ViewSnapshot]
    /// The view controller owning the engine-host view, found through the
    /// responder chain, when known.
    var viewController: String?
    /// Whether that view controller is UIKit-internal (alerts, keyboards).
    var isSystemViewController: Bool
    /// Lines of the source that could not be read, kept verbatim.
    public var unparsedLines: [String]
    /// Whether the OS redacted the constraints (`<private>`).
    public var isRedacted: Bool
    /// What the parser repaired in a pasted log (missing `<…>`, typographic
    /// quotes, HTML entities, a stray `}`, elisions); `nil` when nothing was.
    var repairs: Optional<PasteRepairs>
    /// Where each of `views` sits in its window (live sources on platforms
    /// whose frames run down, so our solver can predict what each suggested
    /// fix moves); `nil` when nothing says (a log that prints no frames: a
    /// log's come from the view descriptions it holds, `ViewDescriptions`).
    var placements: Optional<[ViewPlacement]>
    /// Why `placements` is `nil` although the log printed frames (`the view
    /// descriptions in the log do not include <UILabel:0x7fd>`); `nil` otherwise.
    var whyNotPlaced: Optional<String> = nil
    /// The conflict's views and every view above them, with the nearest view
    /// controller of the app's own (live sources only: a log prints no
    /// superviews); `nil` when nothing says.
    var surroundings: Optional<ConflictSurroundings>
    /// For each of `mutuallyExclusive`, where it stands in the order the app made
    /// its constraints (a larger number was made later), as origin capture
    /// (`lorigins`) recorded it; `nil` for one without a record, and the whole
    /// `nil` when capture was never on (logs, most live sessions).
    var madeOrder: Optional<[UInt64?]> = nil

    /// Creates a snapshot.
    init(
        ordinal: Int? = nil,
        brokenConstraint: ConstraintSnapshot?,
        mutuallyExclusive: [ConstraintSnapshot],
        views: [ViewSnapshot] = [],
        viewController: String? = nil,
        isSystemViewController: Bool = false,
        unparsedLines: [String] = [],
        isRedacted: Bool = false,
        repairs: PasteRepairs? = nil,
        placements: [ViewPlacement]? = nil,
        surroundings: ConflictSurroundings? = nil
    ) {
        self.ordinal = ordinal
        self.brokenConstraint = brokenConstraint
        self.mutuallyExclusive = mutuallyExclusive
        self.views = views
        self.viewController = viewController
        self.isSystemViewController = isSystemViewController
        self.unparsedLines = unparsedLines
        self.isRedacted = isRedacted
        self.repairs = repairs
        self.placements = placements
        self.surroundings = surroundings
    }
}
