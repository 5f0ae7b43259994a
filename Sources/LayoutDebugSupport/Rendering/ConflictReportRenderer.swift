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

    /// The report as one JSON object:
    /// `{"schema", "kind": "conflict-report", "text", "owner", "ownerEvidence", "signature", …}`.
    ///
    /// `brokenConstraint` is its stringValue line; the full snapshot travels
    /// in `conflict` so tools need no second call.
    ///
    /// - Parameters:
    ///   - c: The conflict.
    ///   - why: The explainer's arithmetic section, or `nil`.
    /// - Returns: JSON text decodable as `ConflictReportDocument`.
    static func json(_ c: ConflictSnapshot, why: String?) -> String {
        JSONText.document(.conflictReport, document(c, why: why))
    }

    /// The value `json(_:why:)` encodes.
    static func document(_ c: ConflictSnapshot, why: String?) -> ConflictReportDocument {
        let triage = ConflictTriage.classify(c)
        return ConflictReportDocument(
            text: text(c, why: why, triage: triage),
            owner: triage.owner,
            ownerEvidence: triage.evidence,
            place: triage.place,
            signature: c.signature,
            viewController: c.viewController,
            isSystemViewController: c.isSystemViewController,
            ordinal: c.ordinal,
            brokenConstraint: c.brokenConstraint.map(ConstraintFormatter.line),
            mutuallyExclusive: c.mutuallyExclusive.map(ConstraintFormatter.line),
            hints: hints(c),
            why: why,
            conflict: c
        )
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

/// The JSON form of a conflict report (what `lds_conflict_report` returns with `LDS_JSON`).
public struct ConflictReportDocument: Codable, Hashable, Sendable {
    /// The whole text report.
    var text: String
    /// Whose conflict it is: `yours`, `system` or `transient` (`ConflictTriage`).
    public var owner: ConflictOwner
    /// The owner's evidence in a few words, as the report's first line says it.
    var ownerEvidence: String
    /// Where a live system conflict sits: its container, the nearest view and
    /// view controller of the app's own, and the words the owner line ends with.
    var place: ConflictPlace?
    /// The address-free signature, to count repeats.
    var signature: String
    /// The owning view controller's class, when known.
    var viewController: String?
    /// Whether that controller is UIKit-internal.
    var isSystemViewController: Bool
    /// The conflict's number in this session, when known.
    var ordinal: Int?
    /// The broken constraint as a report line, when known.
    var brokenConstraint: String?
    /// The mutually exclusive constraints as report lines.
    var mutuallyExclusive: [String]
    /// The hints for system constraints.
    var hints: [String]
    /// The explainer's arithmetic section, when there is one.
    var why: String?
    /// The full snapshot.
    var conflict: ConflictSnapshot
    /// The explainer's changes in the order the text numbers them, each with
    /// its forecast, `rank` and `tryFirst` when ranked; set by the caller that
    /// ran the explainer (`lds_conflict_report`), `nil` otherwise.
    var suggestions: [ConflictExplanation.Fix]? = nil
}
