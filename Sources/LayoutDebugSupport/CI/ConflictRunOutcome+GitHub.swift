// MARK: - GitHub Actions

extension ConflictRunOutcome {
    /// GitHub Actions workflow commands, one per line (`--github`): an `::error` per new
    /// conflict, with `file=` and `line=` when its code or its test's file is known, and an
    /// `::error` (under `failsOnGone`) or a `::notice` per gone baseline entry.
    ///
    /// The format is GitHub's "workflow commands" reference (`::error file={name},line={line},
    /// title={title}::{message}`); values are escaped as the runner unescapes them
    /// (actions/runner `src/Runner.Common/ActionCommand.cs`: `%`, CR and LF in the message;
    /// also `:` and `,` in a property). GitHub shows ten error annotations per step
    /// (actions/toolkit `docs/problem-matchers.md`), so the app's own conflicts come first.
    ///
    /// - Parameter paths: turns the paths logs give into the repository's.
    func githubAnnotations(paths: SourcePaths) -> String {
        var out = ""
        for (group, report) in zip(new, newReports) {
            var properties: [(String, String)] = []
            if let place = location(of: group) ?? testFunction(of: group, paths: paths),
               let file = paths.relative(place.path) {
                properties += [("file", file), ("line", String(place.line))]
            }
            properties.append(("title", "New Auto Layout conflict (\(group.owner.rawValue))"))
            var message = group.signature + "\n" + whereSeen(group)
            if let report { message += "\n\n" + Self.clipped(report) }
            out += Self.command("error", properties, message)
        }
        for entry in gone {
            out += Self.command(failsOnGone ? "error" : "notice", [("title", "Baseline entry no longer seen")],
                                entry.signature + "\nin the baseline, not seen in this run: write the baseline again")
        }
        return out
    }

    /// Where the test function of the first test case `group` happened in is declared.
    private func testFunction(of group: ConflictRun.Group, paths: SourcePaths) -> CodeLocation? {
        for test in group.tests(in: run) {
            if let place = paths.declaration(of: test) { return place }
        }
        return nil
    }

    /// One workflow command line.
    static func command(_ name: String, _ properties: [(String, String)], _ message: String) -> String {
        var line = "::" + name
        if !properties.isEmpty {
            line += " " + properties.map { $0.0 + "=" + escapeProperty($0.1) }.joined(separator: ",")
        }
        return line + "::" + escapeData(message) + "\n"
    }

    /// A message's escapes: `%`, CR and LF, in one pass (so an escape is not escaped again).
    static func escapeData(_ text: String) -> String { dataEscapes.apply(to: text) }

    /// A property's escapes: the message's, and `:` and `,`, which end a property.
    static func escapeProperty(_ text: String) -> String { propertyEscapes.apply(to: text) }

    private static let dataEscapes = ASCIIEscapes(["%": "%25", "\r": "%0D", "\n": "%0A"])
    private static let propertyEscapes = ASCIIEscapes(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])

    /// A report cut to what an annotation shows well.
    private static func clipped(_ report: String) -> String {
        let limit = 4000
        guard report.utf8.count > limit else { return report }
        return String(decoding: report.utf8.prefix(limit), as: UTF8.self) + "\n…"
    }
}

