// MARK: - FixReport

/// What `lfix` prints: the change, whether a conflict remains (with its short
/// report), the frames that moved and the views that became ambiguous; or the
/// list of changes applied in this stop. Made from values only.
enum FixReport {
    /// The outcome as text, one section per question a user asks.
    static func text(_ outcome: FixOutcome) -> String {
        var out = outcome.steps.map(stepText).joined()
        let retried = outcome.retriedConstraints
        out += "Laid out \(outcome.window.bracketed) and re-checked its \(count(outcome.recheckedConstraints, "constraint"))"
        out += retried == 0 ? ".\n" : " (the engine was asked to take \(count(retried, "failing constraint")) again).\n"
        out += "\n" + conflictsText(outcome)
        if outcome.frameChanges.isEmpty {
            out += "\nNo frame changed.\n"
        } else {
            out += "\nFrames changed (\(outcome.frameChanges.count)):\n"
            for change in outcome.frameChanges {
                out += "  \(change.view.bracketed) \(FrameText.rect(change.before)) → \(FrameText.rect(change.after))\n"
            }
        }
        if outcome.newlyAmbiguous.isEmpty {
            out += "\nNo view became ambiguous.\n"
        } else {
            out += "\nBecame ambiguous (\(outcome.newlyAmbiguous.count)): give each a position and a size:\n"
            out += outcome.newlyAmbiguous.map { "  \($0.bracketed)\n" }.joined()
        }
        out += "\n" + journalLine(outcome.changesInThisStop)
        return out
    }

    /// The outcome as one JSON object: `{"schema", "kind": "fix-outcome", "text", "resolved", "outcome"}`.
    static func json(_ outcome: FixOutcome) -> String {
        JSONText.document(.fixOutcome, FixReportDocument(text: text(outcome), resolved: outcome.isResolved, outcome: outcome))
    }

    /// The changes applied in this stop, oldest first.
    static func listText(_ steps: [FixOutcome.Step]) -> String {
        guard !steps.isEmpty else { return "lfix changed nothing in this stop.\n" }
        var out = "Changes lfix applied in this stop, oldest first (lfix --undo reverses the newest):\n"
        for (number, step) in zip(1..., steps) {
            out += "  \(number). \(step.change.optionText) on \(subject(step)): \(step.property) \(step.from) → \(step.to)\n"
        }
        return out
    }

    /// The changes as JSON: `{"schema", "kind": "fix-list", "changes": [...]}`.
    static func listJSON(_ steps: [FixOutcome.Step]) -> String {
        JSONText.document(.fixList, FixListDocument(changes: steps))
    }

    // MARK: - Pieces

    /// `Applied --priority 999 to 0x… @1000 …: priority 1000 → 999`, and how.
    static func stepText(_ step: FixOutcome.Step) -> String {
        let verb = step.action == .applied ? "Applied " + step.change.optionText + " to" : "Undid " + step.change.optionText + " on"
        var out = "\(verb) \(subject(step))\n  \(step.property) \(step.from) → \(step.to)"
        if step.reinstalled {
            out += " (deactivated, changed and reactivated: UIKit raises if an installed constraint's priority crosses required)"
        }
        return out + "\n"
    }

    /// The constraint's report line, or the view.
    static func subject(_ step: FixOutcome.Step) -> String {
        if let constraint = step.constraint { return ConstraintFormatter.line(constraint) }
        return step.view?.bracketed ?? "?"
    }

    /// Whether a conflict remains where the change reached, each with its
    /// short report, and how many others were there before it.
    static func conflictsText(_ outcome: FixOutcome) -> String {
        let others = outcome.otherConflicts ?? 0
        let othersLine = others == 0 ? ""
            : "\(count(others, "other conflict")) elsewhere in the window, there before this change and not touched by it "
                + "(lconflicts counts them).\n"
        if outcome.isResolved {
            return (others == 0 ? "No conflict remains.\n" : "No conflict remains where this change reaches.\n") + othersLine
        }
        var out = ""
        if !outcome.conflicts.isEmpty {
            out += "A conflict remains (\(outcome.conflicts.count)):\n"
            for remaining in outcome.conflicts {
                let c = remaining.conflict
                if let broken = c.brokenConstraint {
                    out += "  The engine breaks: " + ConstraintFormatter.line(broken) + "\n"
                }
                out += "  Mutually exclusive constraints:\n"
                for (number, constraint) in zip(1..., c.mutuallyExclusive) {
                    out += "    \(number). " + ConstraintFormatter.line(constraint) + "\n"
                }
                if let why = remaining.why { out += "  Why: " + why + "\n" }
            }
        }
        if !outcome.unsatisfied.isEmpty {
            out += "Still not holding (\(outcome.unsatisfied.count)):\n"
            for c in outcome.unsatisfied {
                var line = "  " + ConstraintFormatter.line(c)
                if c.isBroken { line += " [broken]" }
                if let miss = c.frameMiss, miss > 0 { line += " [off by " + ReportNumber.decimal(miss) + "]" }
                out += line + "\n"
            }
        }
        return out + othersLine
    }

    /// How to go back.
    static func journalLine(_ count: Int) -> String {
        guard count > 0 else { return "No lfix change is applied in this stop.\n" }
        return "\(Self.count(count, "change")) applied in this stop: lfix --undo reverses the newest, "
            + "lfix --undo-all all of them, lfix --list lists them.\n"
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}

// MARK: - JSON

/// The JSON form of an `lfix` outcome (docs/schema/fix-outcome.json): the outcome's fields at
/// the top, the views it names described once under `views` and named elsewhere by address.
struct FixReportDocument: Encodable {
    /// The text report.
    var text: String
    /// Whether no conflict remains.
    var resolved: Bool
    /// The outcome itself.
    var outcome: FixOutcome

    private enum CodingKeys: String, CodingKey {
        case text, resolved, steps, window, recheckedConstraints, retriedConstraints, conflicts, unsatisfied
        case frameChanges, newlyAmbiguous, changesInThisStop, otherConflicts, views
    }

    /// Writes the outcome's fields, then `views`.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(resolved, forKey: .resolved)
        try c.encode(outcome.steps, forKey: .steps)
        try c.encode(outcome.window.named, forKey: .window)
        try c.encode(outcome.recheckedConstraints, forKey: .recheckedConstraints)
        try c.encode(outcome.retriedConstraints, forKey: .retriedConstraints)
        try c.encode(outcome.conflicts, forKey: .conflicts)
        try c.encode(outcome.unsatisfied, forKey: .unsatisfied)
        try c.encode(outcome.frameChanges, forKey: .frameChanges)
        try c.encode(outcome.newlyAmbiguous.map(\.named), forKey: .newlyAmbiguous)
        try c.encode(outcome.changesInThisStop, forKey: .changesInThisStop)
        try c.encodeIfPresent(outcome.otherConflicts, forKey: .otherConflicts)
        try c.encode(views.views, forKey: .views)
    }

    /// Every view the outcome names, once.
    private var views: DocumentViews {
        var views = DocumentViews()
        views.name(outcome.window)
        outcome.steps.forEach { views.name(itemsOf: $0) }
        for remaining in outcome.conflicts {
            ConflictReportRenderer.constraintList(remaining.conflict).constraints.forEach { views.name(itemsOf: $0) }
        }
        outcome.unsatisfied.forEach { views.name(itemsOf: $0) }
        outcome.frameChanges.forEach { views.name($0.view) }
        outcome.newlyAmbiguous.forEach { views.name($0) }
        return views
    }
}

/// The JSON form of `lfix --list`.
struct FixListDocument: Encodable {
    /// The changes applied in this stop, oldest first.
    var changes: [FixOutcome.Step]

    private enum CodingKeys: String, CodingKey { case changes, views }

    /// Writes the changes, then the views they name.
    func encode(to encoder: Encoder) throws {
        var views = DocumentViews()
        changes.forEach { views.name(itemsOf: $0) }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(changes, forKey: .changes)
        try c.encode(views.views, forKey: .views)
    }
}

extension DocumentViews {
    /// Lists the views a step names: its view, or its constraint's items.
    fileprivate mutating func name(itemsOf step: FixOutcome.Step) {
        name(step.view)
        if let constraint = step.constraint { name(itemsOf: constraint) }
    }
}

extension FixOutcome.Step: Encodable {
    private enum CodingKeys: String, CodingKey { case action, change, constraint, view, property, from, to, reinstalled }

    /// Writes the step: the constraint as it was before it (or the view, by address).
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(action, forKey: .action)
        try c.encode(change, forKey: .change)
        try c.encodeIfPresent(constraint, forKey: .constraint)
        try c.encodeIfPresent(view?.named, forKey: .view)
        try c.encode(property, forKey: .property)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        if reinstalled { try c.encode(true, forKey: .reinstalled) }
    }
}

extension FixOutcome.FrameChange: Encodable {
    private enum CodingKeys: String, CodingKey { case view, before, after }

    /// Writes `{"view": "0x…", "before", "after"}`.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(view.named, forKey: .view)
        try c.encode(before, forKey: .before)
        try c.encode(after, forKey: .after)
    }
}

extension FixOutcome.RemainingConflict: Encodable {
    private enum CodingKeys: String, CodingKey { case constraints, brokenConstraint, why }

    /// Writes the conflict as the engine reported it: its constraints (the broken one after
    /// them when they leave it out), the broken one's index, and the explainer's reason.
    func encode(to encoder: Encoder) throws {
        let (constraints, broken) = ConflictReportRenderer.constraintList(conflict)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(constraints, forKey: .constraints)
        try c.encodeIfPresent(broken, forKey: .brokenConstraint)
        try c.encodeIfPresent(why, forKey: .why)
    }
}
