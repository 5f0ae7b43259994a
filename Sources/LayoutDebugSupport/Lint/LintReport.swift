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

    /// The findings as `{"schema", "kind": "lint", "findings": [...], "constraints": [...],
    /// "views": [...]}`: each constraint once under `constraints`, with its report line as
    /// `text`, and each view once under `views` (docs/schema/common.json); a finding names
    /// them by address. Either list is left out when empty.
    static func json(_ findings: [LayoutFinding]) -> String {
        JSONText.document(.lint, Document(findings))
    }

    // MARK: - JSON shapes

    private struct Document: Encodable {
        var findings: [Entry] = []
        /// Every constraint the findings name, once.
        var constraints: [LintedConstraint] = []
        var views = DocumentViews()

        init(_ list: [LayoutFinding]) {
            var listed = Set<UInt64>()
            for finding in list {
                findings.append(Entry(finding))
                views.name(finding.view)
                for c in finding.constraints {
                    views.name(itemsOf: c)
                    guard let address = c.address, listed.insert(address).inserted else { continue }
                    constraints.append(LintedConstraint(constraint: c))
                }
            }
        }

        private enum CodingKeys: String, CodingKey { case findings, constraints, views }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(findings, forKey: .findings)
            // Without findings there is nothing to name: `{"schema",…,"findings":[]}` alone.
            if !constraints.isEmpty { try c.encode(constraints, forKey: .constraints) }
            if !views.isEmpty { try c.encode(views.views, forKey: .views) }
        }
    }

    private struct Entry: Encodable {
        var rule: String
        var view: ObjectReference.Named
        var detail: String
        /// By address; a constraint without one (never live) is written here whole.
        var constraints: [Named]
        var why: String
        var fix: String
        var snapKitFix: String?

        init(_ finding: LayoutFinding) {
            rule = finding.rule
            view = finding.view.named
            detail = finding.detail
            constraints = finding.constraints.map(Named.init)
            why = finding.why
            fix = finding.fix
            snapKitFix = finding.snapKitFix
        }
    }

    /// A finding's constraint: `"0x…"`, or the constraint whole when it has no address.
    private struct Named: Encodable {
        var constraint: ConstraintSnapshot

        func encode(to encoder: Encoder) throws {
            guard let address = constraint.address else { return try LintedConstraint(constraint: constraint).encode(to: encoder) }
            var container = encoder.singleValueContainer()
            try container.encode(AddressCoding.text(address))
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
