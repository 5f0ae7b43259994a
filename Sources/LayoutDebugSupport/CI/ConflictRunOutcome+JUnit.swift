// MARK: - JUnit

extension ConflictRunOutcome {
    /// The run as a JUnit XML file (`--junit FILE`): one test case per signature, a new one
    /// failing with its report, a known one passing, a gone one failing under `failsOnGone`
    /// and skipped otherwise.
    ///
    /// It follows the JUnit schema Jenkins' xUnit plugin validates with (`junit-10.xsd`,
    /// vendored in `Tests/Fixtures/junit/`), which GitHub's test reporters, GitLab, CircleCI and
    /// Azure Pipelines also read: `testsuites` holds one `testsuite` with `name`, `tests`,
    /// `failures`, `errors` and `skipped`; each `testcase` has `classname` (the first test case
    /// it happened in) and `name` (the signature).
    var junit: String {
        let failures = new.count + (failsOnGone ? gone.count : 0)
        let skipped = failsOnGone ? 0 : gone.count
        let tests = new.count + known.count + gone.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"Auto Layout conflicts\" \(counts)>\n"
        out += "  <testsuite name=\"Auto Layout conflicts\" \(counts) skipped=\"\(skipped)\">\n"
        for group in new {
            out += testCase(group) + "\n"
            out += "      <failure type=\"new-conflict\" message=\"\(Self.xml("new Auto Layout conflict (\(group.owner.rawValue)), " + whereSeen(group)))\">"
            out += Self.xml(report(of: group) ?? group.signature + "\n(no report kept: see --max-reports)\n")
            out += "</failure>\n    </testcase>\n"
        }
        for entry in gone {
            out += "    <testcase classname=\"baseline\" name=\"\(Self.xml(entry.signature))\">\n"
            let message = Self.xml("in the baseline, not seen in this run")
            out += failsOnGone ? "      <failure type=\"gone-conflict\" message=\"\(message)\"/>\n"
                : "      <skipped message=\"\(message)\"/>\n"
            out += "    </testcase>\n"
        }
        for group in known {
            out += testCase(group) + "\n"
            out += "      <system-out>\(Self.xml("known (in the baseline), \(group.owner.rawValue), " + whereSeen(group)))</system-out>\n"
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// `<testcase classname="…" name="…">`, open.
    private func testCase(_ group: ConflictRun.Group) -> String {
        let className = group.tests(in: run).first?.display ?? "no test case"
        return "    <testcase classname=\"\(Self.xml(className))\" name=\"\(Self.xml(group.signature))\">"
    }

    /// `text` escaped for XML text and attributes; the control characters XML 1.0 forbids even
    /// escaped become `?`.
    static func xml(_ text: String) -> String {
        let escaped = xmlEscapes.apply(to: text)
        // U+FFFE and U+FFFF are not characters in XML either; a log seldom holds them.
        guard holdsNoncharacter(escaped) else { return escaped }
        var scalars = String.UnicodeScalarView()
        for scalar in escaped.unicodeScalars {
            scalars.append(scalar == "\u{FFFE}" || scalar == "\u{FFFF}" ? "?" : scalar)
        }
        return String(scalars)
    }

    /// XML's five escapes, and `?` for each control character but tab, line feed and return.
    private static let xmlEscapes: ASCIIEscapes = {
        let controls = (0..<0x20).compactMap(Unicode.Scalar.init).filter { !["\t", "\n", "\r"].contains($0) }
        let entities: [(Unicode.Scalar, String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"),
                                                    ("'", "&apos;")]
        return ASCIIEscapes(pairs: entities + controls.map { ($0, "?") })
    }()

    /// Whether `text` holds U+FFFE or U+FFFF (UTF-8 `EF BF BE`, `EF BF BF`).
    private static func holdsNoncharacter(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            return (0..<bytes.count - 2).contains { bytes[$0] == 0xEF && bytes[$0 + 1] == 0xBF && bytes[$0 + 2] >= 0xBE }
        }
    }
}
