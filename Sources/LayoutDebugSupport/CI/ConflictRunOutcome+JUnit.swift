#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    var junit: String { junitText.string }

    /// `junit` as the bytes written to the file.
    var junitText: TextBytes {
        var out = TextBytes(capacity: 1 << 16)
        let failures = new.count + (failsOnGone ? gone.count : 0)
        let skipped = failsOnGone ? 0 : gone.count
        let tests = new.count + known.count + gone.count
        let counts = "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\""
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<testsuites name=\"Auto Layout conflicts\" \(counts)>\n")
        out.append("  <testsuite name=\"Auto Layout conflicts\" \(counts) skipped=\"\(skipped)\">\n")
        for (group, report) in zip(new, newReports) {
            writeTestCase(group, into: &out)
            out.append("\n      <failure type=\"new-conflict\" message=\"")
            writeXML("new Auto Layout conflict (\(group.owner.rawValue)), ", whereSeen: group, into: &out)
            out.append("\">")
            let start = out.count
            out.append(report ?? group.signature + "\n(no report kept: see --max-reports)\n", escaping: Self.xmlEscapes)
            Self.replaceNoncharacters(in: &out, from: start)
            out.append("</failure>\n    </testcase>\n")
        }
        for entry in gone {
            out.append("    <testcase classname=\"baseline\" name=\"")
            Self.writeXML(entry.signature, into: &out)
            out.append("\">\n")
            let message = "in the baseline, not seen in this run"
            out.append(failsOnGone ? "      <failure type=\"gone-conflict\" message=\"\(message)\"/>\n"
                : "      <skipped message=\"\(message)\"/>\n")
            out.append("    </testcase>\n")
        }
        for group in known {
            writeTestCase(group, into: &out)
            out.append("\n      <system-out>")
            writeXML("known (in the baseline), \(group.owner.rawValue), ", whereSeen: group, into: &out)
            out.append("</system-out>\n    </testcase>\n")
        }
        out.append("  </testsuite>\n</testsuites>\n")
        return out
    }

    /// `lead` then `whereSeen(group)`, as XML: a failure's message, a known conflict's output.
    private func writeXML(_ lead: String, whereSeen group: ConflictRun.Group, into out: inout TextBytes) {
        let start = out.count
        out.append(lead)
        writeWhereSeen(group, into: &out)
        Self.makeXML(&out, from: start)
    }

    /// `<testcase classname="…" name="…">`, open.
    private func writeTestCase(_ group: ConflictRun.Group, into out: inout TextBytes) {
        out.append("    <testcase classname=\"")
        let start = out.count
        if let first = group.testIDs.first {
            run.testCases[first].writeDisplay(into: &out)
        } else {
            out.append("no test case")
        }
        Self.makeXML(&out, from: start)
        out.append("\" name=\"")
        Self.writeXML(group.signature, into: &out)
        out.append("\">")
    }

    /// `text` escaped for XML text and attributes; the control characters XML 1.0 forbids even
    /// escaped become `?`.
    static func xml(_ text: String) -> String {
        var out = TextBytes()
        writeXML(text, into: &out)
        return out.string
    }

    /// Appends `text` as `xml(_:)` escapes it.
    private static func writeXML(_ text: String, into out: inout TextBytes) {
        let start = out.count
        out.append(text, escaping: xmlEscapes)
        replaceNoncharacters(in: &out, from: start)
    }

    /// Escapes the text written from `start` on as `xml(_:)` does.
    private static func makeXML(_ out: inout TextBytes, from start: Int) {
        out.escape(from: start, with: xmlEscapes)
        replaceNoncharacters(in: &out, from: start)
    }

    /// Makes the text written from `start` on, escaped with `xmlEscapes`, XML's: U+FFFE and
    /// U+FFFF are not characters in XML either (a log seldom holds them), and become `?`.
    private static func replaceNoncharacters(in out: inout TextBytes, from start: Int) {
        guard holdsNoncharacter(out.bytes, from: start) else { return }
        let written = String(decoding: out.bytes[start...], as: UTF8.self)
        var scalars = String.UnicodeScalarView()
        for scalar in written.unicodeScalars {
            scalars.append(scalar == "\u{FFFE}" || scalar == "\u{FFFF}" ? "?" : scalar)
        }
        out.truncate(to: start)
        out.append(String(scalars))
    }

    /// XML's five escapes, and `?` for each control character but tab, line feed and return.
    private static let xmlEscapes: ASCIIEscapes = {
        let controls = (0..<0x20).compactMap(Unicode.Scalar.init).filter { !["\t", "\n", "\r"].contains($0) }
        let entities: [(Unicode.Scalar, String)] = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"),
                                                    ("'", "&apos;")]
        return ASCIIEscapes(pairs: entities + controls.map { ($0, "?") })
    }()

    /// Whether `bytes` from `start` on hold U+FFFE or U+FFFF (UTF-8 `EF BF BE`, `EF BF BF`):
    /// `memchr` finds the rare `EF` lead byte.
    private static func holdsNoncharacter(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var from = start
            while from < buffer.count, let found = memchr(base + from, 0xEF, buffer.count - from) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if index + 2 < buffer.count, buffer[index + 1] == 0xBF, buffer[index + 2] >= 0xBE { return true }
                from = index + 1
            }
            return false
        }
    }
}
