// MARK: - LintReport

/// Findings as text and JSON, from the findings alone.
///
/// Text gives each finding a head line (`[rule] <view>: what was measured`),
/// its constraints with their addresses, why it hurts and the fixes, and ends
/// with the count (`0 findings`, `1 finding`, `2 findings`), so a script or a
/// person sees it last. JSON is
/// `{"findings": [...]}`, one object per finding.
public enum LintReport {
    /// The findings as text, ending with the line `N findings` (`1 finding`).
    public static func text(_ findings: [LayoutFinding]) -> String {
        var out = TextWriter(capacity: 1024)
        var origins = OriginMarkers()
        for finding in findings {
            out.write("[\(finding.rule)] \(finding.view.bracketed): \(finding.detail)\n")
            for c in finding.constraints {
                // The line starts with the constraint's address, the handle a user
                // pastes into `lreport` or `lfix`.
                out.write("  ")
                ConstraintFormatter.writeLine(c, into: &out)
                out.write("\n")
                // Where the app made it, when origin capture is on (`lorigins`):
                // the debugger turns the marker into `made at File.swift:42`.
                if c.origin != nil {
                    origins.writeLine(c.origin, indent: "    ", into: &out)
                } else {
                    out.write(OriginText.line(of: c, indent: "    "))
                }
            }
            out.write("  why: \(finding.why)\n")
            out.write("  fix: \(finding.fix)\n")
            if let snapKit = finding.snapKitFix { out.write("  SnapKit: \(snapKit)\n") }
            out.write("\n")
        }
        out.write("\(findings.count) finding\(findings.count == 1 ? "" : "s")\n")
        return out.string
    }

    /// The findings as `{"schema", "kind": "lint", "findings": [...]}`: each finding's view
    /// and constraints are the shared objects of `docs/schema/common.json` (addresses as
    /// `"0x…"`, the origin as an object the debugger resolves), each constraint with its
    /// report line as `text`.
    static func json(_ findings: [LayoutFinding]) -> String {
        JSONText.document(.lint, Document(findings: findings.map(Entry.init)))
    }

    // MARK: - JSON shapes

    private struct Document: Encodable {
        var findings: [Entry]
    }

    private struct Entry: Encodable {
        var rule: String
        var view: ObjectReference
        var detail: String
        var constraints: [LintedConstraint]
        var why: String
        var fix: String
        var snapKitFix: String?

        init(_ finding: LayoutFinding) {
            rule = finding.rule
            view = finding.view
            detail = finding.detail
            constraints = finding.constraints.map(LintedConstraint.init)
            why = finding.why
            fix = finding.fix
            snapKitFix = finding.snapKitFix
        }
    }

    /// A finding's constraint: the shared constraint object, and its report line as `text`
    /// (the line the text report prints, which starts with the address a user pastes).
    private struct LintedConstraint: Encodable {
        var constraint: ConstraintSnapshot

        private enum Key: String, CodingKey { case text }

        func encode(to encoder: Encoder) throws {
            try constraint.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(ConstraintFormatter.line(constraint), forKey: .text)
        }
    }
}
