// MARK: - Text

extension ConflictRunOutcome {
    /// What `layout-explain --ci` prints: a line with the counts, one line per new and gone
    /// signature, one for the known ones, each new conflict's report, and the verdict.
    ///
    /// - Parameter baselineName: the baseline file's name, as the user gave it.
    func text(baselineName: String?) -> String {
        var out = headline(baselineName: baselineName) + "\n"
        for group in new {
            out += "NEW    \(group.owner.rawValue)  \(group.signature)\n       \(whereSeen(group))\n"
        }
        for entry in gone {
            out += "GONE   \(entry.owner?.rawValue ?? "?")  \(entry.signature)\n"
            out += "       in the baseline, not seen in this run\(failsOnGone ? "" : " (fails only with --fail-on-gone)")\n"
        }
        if !known.isEmpty {
            // Each known signature is in the JUnit file and the Markdown summary: the log keeps
            // what changed.
            out += "known  \(Self.plural(known.count, "signature")) in the baseline, "
                + "\(Self.plural(known.reduce(0) { $0 + $1.count }, "conflict"))\n"
        }
        for (group, report) in zip(new, newReports) {
            guard let report else { continue }
            out += "\n== new: \(group.signature) ==\n"
            if let first = group.first, first.firstLine > 0 { out += "log lines \(first.firstLine)-\(first.lastLine)\n" }
            out += report
        }
        if new.count > run.reportLimit {
            out += "\n(\(new.count - run.reportLimit) more new conflicts without their report: see --max-reports)\n"
        }
        out += "\n" + verdict + "\n"
        return out
    }

    /// What `--write-baseline` prints when there was no baseline to compare with: the counts,
    /// one line per signature, and where the baseline went.
    func baselineWritten(to path: String, entries: Int) -> String {
        var out = "\(Self.plural(run.total, "conflict")), \(run.groups.count) distinct, in \(Self.plural(run.testCases.count, "test case"))\n"
        for group in new + known {
            out += "\(group.owner.rawValue)  \(group.signature)\n       \(whereSeen(group))\n"
        }
        return out + "wrote \(path): \(Self.plural(entries, "conflict")), by signature; commit it and pass it as --baseline\n"
    }

    /// `312 conflicts, 7 distinct, in 9 test cases: 1 new, 6 known, 1 gone (baseline FILE)`.
    func headline(baselineName: String?) -> String {
        var out = "\(Self.plural(run.total, "conflict")), \(run.groups.count) distinct, in \(Self.plural(run.testCases.count, "test case"))"
        out += ": \(new.count) new, \(known.count) known, \(gone.count) gone"
        if let baselineName { out += " (baseline \(baselineName))" } else { out += " (no baseline: every conflict is new)" }
        return out
    }

    /// The last line: why the run fails, or that it passes.
    var verdict: String {
        if !new.isEmpty { return "FAIL: \(Self.plural(new.count, "new conflict")) not in the baseline" }
        if failsOnGone, !gone.isEmpty {
            return "FAIL: \(Self.plural(gone.count, "baseline entry", "baseline entries")) no longer seen (--fail-on-gone): "
                + "write the baseline again"
        }
        if run.total == 0 { return "OK: no Auto Layout conflict in \(Self.plural(run.lines, "line"))" }
        return "OK: every conflict is in the baseline"
    }

    /// `1 conflict`, `2 conflicts`, `0 conflicts`.
    static func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) " + (count == 1 ? one : many ?? one + "s")
    }
}
