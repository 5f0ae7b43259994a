// MARK: - ConflictReport

/// A conflict's report made from its snapshot, in one place: the explainer's
/// findings first, then the renderer's text or JSON. The breakpoint
/// (`lds_conflict_report`) and the storm (through `LiveReports`),
/// `layout-explain` and the in-app monitor all make theirs here, so a conflict
/// reads the same wherever it was met.
public struct ConflictReport {
    /// The conflict, as it is rendered.
    public let conflict: ConflictSnapshot
    /// The explainer's findings (`ConflictExplainer`), or `nil` when not asked for.
    public let explanation: ConflictExplanation?

    /// Explains `conflict`; the text and the document are rendered when read.
    ///
    /// - Parameters:
    ///   - conflict: The conflict, from a live hook or a log.
    ///   - explaining: Whether the explainer runs (its `Why:` section); the
    ///     monitor can turn it off.
    ///   - listingUnparsedLines: Whether the report lists the lines that could
    ///     not be read (`Unparsed lines:`); `layout-explain` prints them itself,
    ///     each with its reason, and they are still explained (a note says how
    ///     many were left out).
    public init(_ conflict: ConflictSnapshot, explaining: Bool = true, listingUnparsedLines: Bool = true) {
        explanation = explaining ? ConflictExplainer.explain(conflict) : nil
        var rendered = conflict
        if !listingUnparsedLines { rendered.unparsedLines = [] }
        self.conflict = rendered
    }

    /// The report as text (`ConflictReportRenderer.text`).
    public var text: String {
        ConflictReportRenderer.text(conflict, why: explanation?.text)
    }

    /// The report as a value, to encode as JSON (`kind: conflict-report`).
    ///
    /// - Parameter withExplanation: Whether it carries the explainer's reason and changes
    ///   (`reason`, `suggestions`), as the breakpoint's does; `layout-explain` writes the
    ///   explanation beside it instead.
    public func document(withExplanation: Bool = false) -> ConflictReportDocument {
        var document = ConflictReportRenderer.document(conflict, why: explanation?.text)
        if withExplanation, let explanation {
            document.reason = explanation.reason
            document.suggestions = explanation.fixes
        }
        return document
    }

    /// The report as one JSON document (`{"schema", "kind": "conflict-report", …}`).
    var json: String {
        JSONText.document(.conflictReport, document())
    }
}
