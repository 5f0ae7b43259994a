// MARK: - ConflictReportRenderer

/// Renders one "Unable to simultaneously satisfy constraints" event for a
/// person (text) or a tool (JSON).
///
/// The text has, in order: the owner with its evidence (`ConflictTriage`,
/// so a user knows at once whether the conflict is theirs), a header with the
/// ordinal and the owning view controller, the broken constraint, the mutually exclusive constraints as
/// stringValues, a hint per system constraint, the explainer's arithmetic
/// (`why`), the involved views with their frames, and the signature.
enum ConflictReportRenderer {
    /// The report as text.
    ///
    /// - Parameters:
    ///   - c: The conflict.
    ///   - why: The explainer's arithmetic section (`ConflictExplainer`),
    ///     inserted verbatim under `Why:`; `nil` leaves the section out.
    /// - Returns: Lines ending in a newline.
    static func text(_ c: ConflictSnapshot, why: String?) -> String {
        text(c, why: why, triage: ConflictTriage.classify(c))
    }

    /// The report as text, with a triage already made (the document makes it once).
    static func text(_ c: ConflictSnapshot, why: String?, triage: ConflictTriage) -> String {
        var out = triage.line + "\n" + header(c) + "\n"
        if c.isRedacted {
            out += "  The OS redacted the constraints (<private>); run from Xcode or enable private logging.\n"
        }
        if let broken = c.brokenConstraint {
            out += "\nWill attempt to recover by breaking:\n  " + ConstraintFormatter.line(broken) + "\n"
            out += OriginText.line(of: broken, indent: "    ")
        }
        out += "\nMutually exclusive constraints:\n"
        for (index, constraint) in c.mutuallyExclusive.enumerated() {
            out += "  \(index + 1). " + ConstraintFormatter.line(constraint) + "\n"
            out += OriginText.line(of: constraint, indent: "     ")
        }
        out += section("Hints:", hints(c).map { "- " + $0 })
        if let why, !why.isEmpty {
            out += "\nWhy:\n" + why + (why.hasSuffix("\n") ? "" : "\n")
        }
        out += section("Views:", c.views.map(viewLine))
        out += section("Unparsed lines:", c.unparsedLines)
        out += "\nSignature: " + c.signature + "\n"
        return out
    }

    /// The report as one JSON object (`{"schema", "kind": "conflict-report", "text", "owner", …}`):
    /// `document(c, why:)`, encoded.
    static func json(_ c: ConflictSnapshot, why: String?) -> String {
        JSONText.document(.conflictReport, document(c, why: why))
    }

    /// The value `json(_:why:)` encodes: the text once, and the conflict's constraints and
    /// views each once (`ConflictReportDocument`).
    ///
    /// - Parameters:
    ///   - c: The conflict.
    ///   - why: The explainer's arithmetic section for the text, or `nil`.
    static func document(_ c: ConflictSnapshot, why: String?) -> ConflictReportDocument {
        let triage = ConflictTriage.classify(c)
        var document = ConflictReportDocument(
            text: text(c, why: why, triage: triage),
            owner: triage.owner,
            ownerEvidence: triage.evidence,
            signature: c.signature,
            constraints: [])
        (document.constraints, document.brokenConstraint) = constraintList(c)
        document.place = triage.place
        document.ordinal = c.ordinal
        document.viewController = c.viewController
        document.isSystemViewController = c.isSystemViewController
        document.appViewController = c.surroundings?.appViewController
        document.madeOrder = c.madeOrder
        document.views = ConflictViews.describe(c, constraints: document.constraints)
        document.window = c.placements?.first?.window
        document.whyNotPlaced = c.whyNotPlaced
        document.unparsedLines = c.unparsedLines
        document.isRedacted = c.isRedacted
        document.repairs = c.repairs
        document.hints = hints(c)
        return document
    }

    /// A conflict's constraints as its documents list them, each once: the mutually exclusive
    /// ones in the log's order, then the broken one when they leave it out; and the broken
    /// one's index among them.
    static func constraintList(_ c: ConflictSnapshot) -> (constraints: [ConstraintSnapshot], broken: Int?) {
        var constraints = c.mutuallyExclusive
        guard let broken = c.brokenConstraint else { return (constraints, nil) }
        if let index = constraints.firstIndex(where: { sameConstraint($0, broken) }) { return (constraints, index) }
        constraints.append(broken)
        return (constraints, constraints.count - 1)
    }

    /// Whether two snapshots are one constraint: by address when both have one.
    private static func sameConstraint(_ a: ConstraintSnapshot, _ b: ConstraintSnapshot) -> Bool {
        if let first = a.address, let second = b.address { return first == second }
        return a == b
    }

    // MARK: - Pieces

    /// `Conflict #3 in ProfileViewController`, or less when unknown.
    static func header(_ c: ConflictSnapshot) -> String {
        var text = "Unable to simultaneously satisfy constraints"
        if let ordinal = c.ordinal { text = "Conflict #\(ordinal): " + text }
        if let controller = viewControllerText(c) { text += " in " + controller }
        return text
    }

    /// `<UIView:0x…> (0 0; 375 667)`, as layout-demo and Sadun print frames.
    static func viewLine(_ view: ViewSnapshot) -> String {
        var text = view.reference.bracketed + " " + FrameText.rect(view.frame)
        if view.translatesAutoresizingMask { text += " translatesAutoresizingMask " + view.autoresizingMask }
        return text
    }

    /// A titled, indented section, or nothing when it has no lines.
    static func section(_ title: String, _ lines: [String]) -> String {
        guard !lines.isEmpty else { return "" }
        return "\n" + title + "\n" + lines.map { "  " + $0 + "\n" }.joined()
    }
}

// MARK: - ConflictReportDocument

/// The JSON form of a conflict report (what `lds_conflict_report` returns with `LDS_JSON`):
/// docs/schema/common.json's `conflictReport`. Its text is held once; its constraints are the
/// mutually exclusive ones in the log's order (the broken one after them when the log did
/// not list it among them), named elsewhere by their index; its views are each described
/// once and named elsewhere by address.
public struct ConflictReportDocument: Encodable, Sendable {
    /// The whole text report.
    var text: String
    /// Whose conflict it is: `yours`, `system` or `transient` (`ConflictTriage`).
    public var owner: ConflictOwner
    /// The owner's evidence in a few words, as the report's first line says it.
    var ownerEvidence: String
    /// Where a live system conflict sits: its container, the nearest view and
    /// view controller of the app's own, and the words the owner line ends with.
    var place: ConflictPlace? = nil
    /// The address-free signature, to count repeats.
    var signature: String
    /// The conflict's number in this session, when known.
    var ordinal: Int? = nil
    /// The owning view controller's class, when known.
    var viewController: String? = nil
    /// Whether that controller is UIKit-internal.
    var isSystemViewController = false
    /// The nearest view controller of the app's own (live conflicts).
    var appViewController: String? = nil
    /// The index in `constraints` of the one the engine breaks, when known.
    var brokenConstraint: Int? = nil
    /// The mutually exclusive constraints, then the broken one when they leave it out.
    var constraints: [ConstraintSnapshot]
    /// Where each mutually exclusive constraint stands in the order the app made them (`lorigins`).
    var madeOrder: [UInt64?]? = nil
    /// The conflict's views, then the views above them (`ConflictViews`).
    var views = DocumentViews()
    /// The window's bounds, where the views' window frames are measured.
    var window: SnapshotRect? = nil
    /// Why no view has a window frame although the log printed frames.
    var whyNotPlaced: String? = nil
    /// Lines of the log that could not be read.
    var unparsedLines: [String] = []
    /// Whether the OS redacted the constraints.
    var isRedacted = false
    /// What was repaired in a pasted log.
    var repairs: PasteRepairs? = nil
    /// The hints for system constraints.
    var hints: [String] = []
    /// The explainer's reason in one paragraph, when the document carries the explanation.
    var reason: String? = nil
    /// The explainer's changes in the order the text numbers them, each with its forecast,
    /// `rank` and `tryFirst` when ranked; set by the caller that ran the explainer
    /// (`lds_conflict_report`), `nil` otherwise.
    var suggestions: [ConflictExplanation.Fix]? = nil

    private enum CodingKeys: String, CodingKey {
        case text, owner, ownerEvidence, place, signature, ordinal, viewController, isSystemViewController
        case appViewController, brokenConstraint, constraints, madeOrder, views, classes, window, whyNotPlaced
        case unparsedLines, isRedacted, repairs, hints, reason, suggestions
    }

    /// Writes the report's fields, each only when known and not at its default.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(owner, forKey: .owner)
        try c.encode(ownerEvidence, forKey: .ownerEvidence)
        try c.encodeIfPresent(place, forKey: .place)
        try c.encode(signature, forKey: .signature)
        try c.encodeIfPresent(ordinal, forKey: .ordinal)
        try c.encodeIfPresent(viewController, forKey: .viewController)
        if isSystemViewController { try c.encode(true, forKey: .isSystemViewController) }
        try c.encodeIfPresent(appViewController, forKey: .appViewController)
        try c.encodeIfPresent(brokenConstraint, forKey: .brokenConstraint)
        try c.encode(constraints, forKey: .constraints)
        try c.encodeIfPresent(madeOrder.map { $0.map { $0.map(Int.init) } }, forKey: .madeOrder)
        try c.encode(views.views, forKey: .views)
        if !views.classes.isEmpty { try c.encode(views.classes, forKey: .classes) }
        try c.encodeIfPresent(window, forKey: .window)
        try c.encodeIfPresent(whyNotPlaced, forKey: .whyNotPlaced)
        if !unparsedLines.isEmpty { try c.encode(unparsedLines, forKey: .unparsedLines) }
        if isRedacted { try c.encode(true, forKey: .isRedacted) }
        try c.encodeIfPresent(repairs, forKey: .repairs)
        if !hints.isEmpty { try c.encode(hints, forKey: .hints) }
        try c.encodeIfPresent(reason, forKey: .reason)
        try c.encodeIfPresent(suggestions, forKey: .suggestions)
    }
}

// MARK: - ConflictViews

/// A conflict's views for its document, each once: the views the conflict names, with their
/// layout (the items of its constraints the snapshot left out among them), then, for a live
/// conflict, every view above them up to the window, each with its class, what holds it, and
/// where it sits in the window.
enum ConflictViews {
    /// The views of `c`, whose document lists `constraints`.
    static func describe(_ c: ConflictSnapshot, constraints: [ConstraintSnapshot]) -> DocumentViews {
        var views = DocumentViews()
        for view in c.views {
            views.describe(view.reference, superclassNames: view.superclassNames) { $0 = merged($0, view) }
        }
        for constraint in constraints { views.name(itemsOf: constraint) }
        for surrounding in c.surroundings?.views ?? [] {
            views.describe(surrounding.reference, superclassNames: surrounding.superclassNames) { view in
                view.superview = surrounding.superview
                view.isAppClass = surrounding.isAppClass
                if view.viewController == nil { view.viewController = surrounding.viewController }
            }
        }
        for placement in c.placements ?? [] {
            views.update(at: placement.view) { view in
                view.depth = placement.depth
                view.windowFrame = placement.frame
                if let superview = placement.superview { view.superview = superview }
            }
            guard let superview = placement.superview else { continue }
            views.update(at: superview) { view in
                if view.windowFrame == nil { view.windowFrame = placement.superviewFrame }
            }
        }
        return views
    }

    /// `view` described with its layout, keeping what was known of it.
    private static func merged(_ known: DocumentView, _ view: ViewSnapshot) -> DocumentView {
        var described = DocumentView(view)
        described.reference = known.reference
        return described
    }
}
