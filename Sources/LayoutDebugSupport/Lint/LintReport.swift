// MARK: - LintReport

/// Findings as text and JSON, from the findings alone.
///
/// Text gives each finding a head line (`[rule] <view>: what was measured`),
/// its constraints with their addresses, why it hurts and the fixes, and ends
/// with `N findings`, so a script or a person sees the count last. JSON is
/// `{"findings": [...]}`, one object per finding.
public enum LintReport {
    /// The findings as text, ending with the line `N findings`.
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
        // Always `findings`, as issue 16 spells the line, so one pattern reads every count.
        out.write("\(findings.count) findings\n")
        return out.string
    }

    /// The findings as `{"findings": [...]}`.
    public static func json(_ findings: [LayoutFinding]) -> String {
        JSONText.encode(Document(findings: findings.map(Entry.init)))
    }

    // MARK: - JSON shapes

    private struct Document: Encodable {
        var findings: [Entry]
    }

    private struct Entry: Encodable {
        struct View: Encodable {
            var className: String
            var address: String?
            var name: String?
            /// The property that holds the view (`ProfileCell.avatarView`), when one does.
            var property: String?
        }
        struct Constraint: Encodable {
            var address: String?
            var text: String
            /// Where it was made, the text report's `made at …` line (the debugger rewrites the marker).
            var madeAt: String?
        }
        var rule: String
        var view: View
        var detail: String
        var constraints: [Constraint]
        var why: String
        var fix: String
        var snapKitFix: String?

        init(_ finding: LayoutFinding) {
            rule = finding.rule
            view = View(className: finding.view.className, address: finding.view.addressText, name: finding.view.name,
                        property: finding.view.property)
            detail = finding.detail
            constraints = finding.constraints.map {
                Constraint(address: $0.address.map { "0x" + String($0, radix: 16) }, text: ConstraintFormatter.line($0),
                           madeAt: $0.madeAtText)
            }
            why = finding.why
            fix = finding.fix
            snapKitFix = finding.snapKitFix
        }
    }
}
