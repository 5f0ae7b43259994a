// MARK: - NoticeReportRenderer

/// Renders a `LayoutNotice` (a message that is not a conflict) for a
/// person, in the shape of a conflict report: what the message is, the
/// constraint and views it names, what happened and what to do
/// (`NoticeExplanation`).
public enum NoticeReportRenderer {
    /// The report as text.
    ///
    /// - Parameter notice: The notice.
    /// - Returns: Lines ending in a newline, starting `Not a conflict: `.
    public static func text(_ notice: LayoutNotice) -> String {
        let explanation = NoticeExplanation.explain(notice)
        var out = "Not a conflict: \(explanation.title)"
            + (explanation.isException ? " (an uncaught exception: the app stops here)" : "") + "\n"
        if let constraint = notice.constraint {
            out += "\nConstraint:\n  " + ConstraintFormatter.line(constraint) + "\n"
        }
        if !notice.views.isEmpty {
            out += "\nViews:\n"
            for named in notice.views {
                let attributes = named.attributes.isEmpty ? ""
                    : " (" + named.attributes.map(NoticeExplanation.attributeWords).joined(separator: ", ") + ")"
                out += "  \(named.role): \(named.view.bracketed)\(attributes)\n"
            }
        }
        out += "\nWhat happened:\n" + explanation.happened + "\n"
        out += "\nWhat to do:\n" + explanation.fix + "\n"
        return out
    }
}
