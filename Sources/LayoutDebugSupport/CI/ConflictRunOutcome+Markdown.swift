// MARK: - Markdown

extension ConflictRunOutcome {
    /// A Markdown summary for a CI page (`--markdown FILE`, e.g. `$GITHUB_STEP_SUMMARY`): the
    /// verdict, a table of new, gone and known conflicts, and each new conflict's report folded
    /// in a `<details>`. It stays under `markdownLimit` (GitHub takes 1 MiB per step): reports
    /// that would pass it are left out, and it says so.
    ///
    /// - Parameter baselineName: the baseline file's name, as the user gave it.
    func markdown(baselineName: String?) -> String {
        markdownText(baselineName: baselineName).string
    }

    /// `markdown(baselineName:)` as the bytes written to the file.
    func markdownText(baselineName: String?) -> TextBytes {
        var out = TextBytes(capacity: 1 << 16)
        out.append("## Auto Layout conflicts\n\n")
        out.append(fails ? "❌ **" : "✅ **")
        out.append(verdict, escaping: Self.cell)
        out.append("**\n\n")
        out.append(headline(baselineName: baselineName), escaping: Self.cell)
        out.append("\n\n")
        if !new.isEmpty || !gone.isEmpty || !known.isEmpty {
            out.append("| | owner | count | signature | test cases |\n| --- | --- | ---: | --- | --- |\n")
            for group in new { writeRow("new", group, into: &out) }
            for entry in gone {
                out.append("| gone | \(entry.owner?.rawValue ?? "") | 0 | ")
                Self.writeCode(entry.signature, into: &out)
                out.append(" | in the baseline, not seen |\n")
            }
            for group in known { writeRow("known", group, into: &out) }
        }
        var left = 0
        for (group, report) in zip(new, newReports) {
            guard let report else { continue }
            // A report that would take the page past its limit is left out whole.
            let before = out.count
            out.append("\n<details><summary>New: ")
            out.append(group.signature, escaping: Self.html)
            out.append("</summary>\n\n```\n")
            out.append(report, escaping: Self.backticks)
            out.append("```\n</details>\n")
            if out.count > Self.markdownLimit - 200 {
                out.truncate(to: before)
                left += 1
            }
        }
        if left > 0 { out.append("\n\(left) reports left out to stay within the page's size: see the job's log.\n") }
        return out
    }

    /// The most bytes the summary takes: GitHub's limit for one step's summary is 1 MiB.
    static let markdownLimit = 1 << 20

    /// `| state | owner | count | `signature` | test cases |`.
    private func writeRow(_ state: String, _ group: ConflictRun.Group, into out: inout TextBytes) {
        out.append("| \(state) | \(group.owner.rawValue) | ")
        out.append(group.count)
        out.append(" | ")
        Self.writeCode(group.signature, into: &out)
        out.append(" | ")
        if group.testIDs.isEmpty {
            out.append(group.hasMoreTests ? " and more" : "none")
        } else {
            let tests = out.count
            writeTests(of: group, into: &out)
            out.escape(from: tests, with: Self.cell)
            if group.hasMoreTests { out.append(" and more") }
        }
        out.append(" |\n")
    }

    /// `text` in a table cell as code: its `|` escaped, backticks kept out of the span.
    private static func writeCode(_ text: String, into out: inout TextBytes) {
        out.append("`")
        out.append(text, escaping: codeCell)
        out.append("`")
    }

    /// A backtick as a modifier letter that looks like one, so a code block or span stays one.
    private static let backticks = ASCIIEscapes(["`": "ˋ"])
    /// `|` escaped and line breaks as spaces: text safe in a table cell.
    private static let cell = ASCIIEscapes(["|": "\\|", "\n": " ", "\r": " "])
    /// A cell's escapes, and backticks kept out of a code span.
    private static let codeCell = ASCIIEscapes(["`": "ˋ", "|": "\\|", "\n": " ", "\r": " "])
    /// What HTML (a `<summary>`) needs escaped.
    private static let html = ASCIIEscapes(["&": "&amp;", "<": "&lt;", ">": "&gt;"])
}
