// MARK: - Markdown

extension ConflictRunOutcome {
    /// A Markdown summary for a CI page (`--markdown FILE`, e.g. `$GITHUB_STEP_SUMMARY`): the
    /// verdict, a table of new, gone and known conflicts, and each new conflict's report folded
    /// in a `<details>`. It stays under `markdownLimit` (GitHub takes 1 MiB per step): reports
    /// that would pass it are left out, and it says so.
    ///
    /// - Parameter baselineName: the baseline file's name, as the user gave it.
    func markdown(baselineName: String?) -> String {
        var out = "## Auto Layout conflicts\n\n"
        out += (fails ? "❌ **" : "✅ **") + Self.escapeCell(verdict) + "**\n\n"
        out += Self.escapeCell(headline(baselineName: baselineName)) + "\n\n"
        if !new.isEmpty || !gone.isEmpty || !known.isEmpty {
            out += "| | owner | count | signature | test cases |\n| --- | --- | ---: | --- | --- |\n"
            for group in new { out += row("new", group) }
            for entry in gone {
                out += "| gone | \(entry.owner?.rawValue ?? "") | 0 | \(Self.code(entry.signature)) | in the baseline, not seen |\n"
            }
            for group in known { out += row("known", group) }
        }
        var left = 0
        for group in new {
            guard let report = report(of: group) else { continue }
            let part = "\n<details><summary>New: \(Self.escapeHTML(group.signature))</summary>\n\n```\n"
                + Self.backticks.apply(to: report) + "```\n</details>\n"
            if out.utf8.count + part.utf8.count > Self.markdownLimit - 200 {
                left += 1
                continue
            }
            out += part
        }
        if left > 0 { out += "\n\(left) reports left out to stay within the page's size: see the job's log.\n" }
        return out
    }

    /// The most bytes the summary takes: GitHub's limit for one step's summary is 1 MiB.
    static let markdownLimit = 1 << 20

    private func row(_ state: String, _ group: ConflictRun.Group) -> String {
        var tests = group.tests(in: run).map { Self.escapeCell($0.display) }.joined(separator: ", ")
        if group.hasMoreTests { tests += " and more" }
        if tests.isEmpty { tests = "none" }
        return "| \(state) | \(group.owner.rawValue) | \(group.count) | \(Self.code(group.signature)) | \(tests) |\n"
    }

    /// `text` in a table cell as code: its `|` escaped, backticks kept out of the span.
    private static func code(_ text: String) -> String {
        "`" + codeCell.apply(to: text) + "`"
    }

    /// `text` safe in a table cell: `|` escaped, line breaks as spaces.
    private static func escapeCell(_ text: String) -> String { cell.apply(to: text) }

    /// `text` safe in HTML (a `<summary>`).
    private static func escapeHTML(_ text: String) -> String { html.apply(to: text) }

    /// A backtick as a modifier letter that looks like one, so a code block or span stays one.
    private static let backticks = ASCIIEscapes(["`": "ˋ"])
    private static let cell = ASCIIEscapes(["|": "\\|", "\n": " ", "\r": " "])
    private static let codeCell = ASCIIEscapes(["`": "ˋ", "|": "\\|", "\n": " ", "\r": " "])
    private static let html = ASCIIEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
}
