import LayoutDebugSupport

// MARK: - Reports

/// Writes one report per conflict: the renderer's report with the
/// explainer's "why", and each unreadable line as `unparsed:` with the reason.
struct Reports {
    let json: Bool
    /// How many reports were written.
    private(set) var written = 0
    /// The pictures for `--html`, or nil when none is asked for.
    private(set) var pictures: [LayoutPicture]?

    init(json: Bool, drawing: Bool = false) {
        self.json = json
        pictures = drawing ? [] : nil
    }

    /// One document, `{"schema", "kind": "explain", "reports": [...]}`, written as the log is
    /// read: its head before the first report (or at the end), a report per conflict or notice,
    /// each on its own line.
    private func writeHead() {
        if json, written == 0 { Output.write(JSONDocumentKind.explain.head + "\"reports\":[") }
    }

    /// Writes the report for one conflict of `path`.
    mutating func write(_ parsed: ParsedConflict, path: String) {
        if let notice = parsed.notice { return write(notice, parsed, path: path) }
        let unparsed = parsed.snapshot.unparsedLines.map { Unparsed(line: $0, reason: Self.reason($0)) }
        // Each unreadable line is written below the report, with its reason.
        let made = ConflictReport(parsed.snapshot, listingUnparsedLines: false)
        let conflict = made.conflict
        let explanation = made.explanation!  // explaining is on by default
        writeHead()
        if pictures != nil, !conflict.mutuallyExclusive.isEmpty {
            pictures?.append(PictureScenes.conflict(conflict, reason: explanation.reason))
        }
        if json {
            let report = made.document()
            let document = Document(source: path, firstLine: parsed.firstLine, lastLine: parsed.lastLine,
                                    owner: report.owner, report: report,
                                    explanation: explanation, unparsed: unparsed)
            Output.write((written == 0 ? "\n" : ",\n") + JSONText.encode(document))
        } else {
            var text = written == 0 ? "" : "\n"
            text += "== \(path):\(parsed.firstLine)-\(parsed.lastLine) ==\n"
            let unreadable = conflict.mutuallyExclusive.isEmpty && conflict.brokenConstraint == nil && !conflict.isRedacted
            // A conflict with nothing readable gets no empty report, only its lines.
            if !unreadable { text += made.text }
            for line in unparsed { text += "unparsed: \(line.line)\n  (\(line.reason))\n" }
            Output.write(text)
        }
        written += 1
    }

    /// Writes the report for a message that is not a conflict: what it is,
    /// never a conflict report.
    private mutating func write(_ notice: LayoutNotice, _ parsed: ParsedConflict, path: String) {
        writeHead()
        if json {
            let document = NoticeDocument(source: path, firstLine: parsed.firstLine, lastLine: parsed.lastLine,
                                          notice: notice.kind, details: notice,
                                          explanation: NoticeExplanation.explain(notice),
                                          text: NoticeReportRenderer.text(notice))
            Output.write((written == 0 ? "\n" : ",\n") + JSONText.encode(document))
        } else {
            let text = (written == 0 ? "" : "\n") + "== \(path):\(parsed.firstLine)-\(parsed.lastLine) ==\n"
            Output.write(text + NoticeReportRenderer.text(notice))
        }
        written += 1
    }

    /// Closes the JSON document; with `omittingEmpty`, an input that held only layout loops gets
    /// none (their own document, `layout-loop`, follows).
    func finish(omittingEmpty: Bool = false) {
        if json, written == 0, omittingEmpty { return }
        writeHead()
        if json { Output.write(written == 0 ? "]}\n" : "\n]}\n") }
    }

    /// Why a kept line could not be read, from the single-constraint parser.
    static func reason(_ line: String) -> String {
        do {
            _ = try ConstraintLineParser.parse(line)
            return "not a constraint inside the list"
        } catch {
            return error.description
        }
    }

    /// A line that could not be read, and why.
    struct Unparsed: Encodable { var line: String; var reason: String }

    /// A notice in `--json`: `"notice"` (its kind) is what tells it from a
    /// conflict, which has an `"owner"` instead.
    private struct NoticeDocument: Encodable {
        var source: String
        var firstLine: Int
        var lastLine: Int
        var notice: LayoutNotice.Kind
        var details: LayoutNotice
        var explanation: NoticeExplanation
        var text: String
    }

    private struct Document: Encodable {
        var source: String
        var firstLine: Int
        var lastLine: Int
        /// Whose conflict it is, at the top so a filter (`jq '.[] | select(.owner == "yours")'`)
        /// needs no path into the report.
        var owner: ConflictOwner
        var report: ConflictReportDocument
        var explanation: ConflictExplanation
        var unparsed: [Unparsed]
    }
}
