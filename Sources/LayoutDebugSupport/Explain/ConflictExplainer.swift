// MARK: - ConflictExplainer

/// Finds why the constraints of a conflict cannot all hold.
///
/// It builds the linear system of the mutually exclusive constraints
/// (`LinearSystem`), asks the Cassowary solver whether it is infeasible,
/// shrinks it by deletion to an irreducible conflicting subset, computes the
/// exact multipliers that add that subset up to a contradiction, and words
/// the result. It depends only on snapshots, so the CLI (logs) and the
/// injected library (live conflicts) use the same explainer.
public enum ConflictExplainer {
    /// Explains one conflict.
    ///
    /// - Parameter conflict: the conflict, from a log or a live source.
    /// - Returns: the verdict, the reason, the combination and the fixes,
    ///   ranked by what each moves when the conflict carries the views'
    ///   placements (`FixRanking`); when the constraints shown can all hold,
    ///   the reason says so plainly.
    /// - Complexity: O(n²) solver runs for n rows (constraints and size facts).
    public static func explain(_ conflict: ConflictSnapshot) -> ConflictExplanation {
        var notes = unreadNotes(conflict)
        if conflict.mutuallyExclusive.isEmpty {
            if conflict.isRedacted {
                return ConflictExplanation(
                    verdict: .redacted,
                    reason: "The OS redacted this log: every constraint is <private>, so there is nothing to add up. "
                        + "Reproduce it under Xcode or a debugger (lbreak) to see the constraints.",
                    notes: notes)
            }
            return ConflictExplanation(verdict: .empty, reason: "No constraint in this report could be read, so "
                + "there is nothing to add up.", notes: notes)
        }
        let system = LinearSystem(conflict)
        let phrases = ExplanationPhrases(conflict, system)
        notes += system.leftOut.map { "left out " + phrases.formula(conflict.mutuallyExclusive[$0.index]) + ": " + $0.reason }
        let order = deletionOrder(conflict, system)
        switch InfeasibleSubset.check(system.rows, order) {
        case .feasible:
            return ConflictExplanation(verdict: .noContradictionShown, reason: consistentReason(conflict, system),
                                       notes: notes)
        case .unknown(let message):
            return ConflictExplanation(verdict: .undecided, reason: "The solver could not decide (\(message)).",
                                       notes: notes)
        case .infeasible:
            break
        }
        guard let subset = InfeasibleSubset.irreducible(system.rows, order: order),
              let certificate = FarkasCertificate(system.rows, subset: subset) else {
            return ConflictExplanation(verdict: .undecided, reason: "The solver finds these constraints "
                + "contradictory but no exact combination of them could be computed.", notes: notes)
        }
        var explanation = ContradictionText(conflict: conflict, system: system, phrases: phrases,
                                            subset: subset, certificate: certificate).explanation(notes: notes)
        // Ranked before anything prints or remembers them, so the numbers a
        // report shows are the ones `lfix --suggestion N` applies.
        let ranking = FixRanking.rank(explanation.fixes, in: conflict, phrases: phrases)
        explanation.fixes = ranking.fixes
        explanation.notRanked = ranking.notRanked
        if ranking.notRanked == nil, !ranking.fixes.isEmpty {
            explanation.rankedBy = ranking.evidence.map(\.name) + (ranking.byFrames ? ["frames"] : [])
            explanation.notPredicted = ranking.notPredicted
        }
        let notLaidOut = FixRanking.notLaidOut(conflict, phrases: phrases)
        if !notLaidOut.isEmpty { explanation.notLaidOut = notLaidOut }
        return explanation
    }

    /// Size facts first, the broken constraint last: rows tried first are
    /// the likeliest to be deleted, so the subset explains the constraint
    /// the engine broke whenever it can.
    private static func deletionOrder(_ conflict: ConflictSnapshot, _ system: LinearSystem) -> [Int] {
        let brokenIndex = conflict.brokenIndex
        var facts: [Int] = [], constraints: [Int] = [], last: [Int] = []
        for (index, row) in system.rows.enumerated() {
            switch row.source {
            case .nonNegative: facts.append(index)
            case .constraint(let position) where position == brokenIndex: last.append(index)
            case .constraint: constraints.append(index)
            }
        }
        return facts + constraints + last
    }

    private static func consistentReason(_ conflict: ConflictSnapshot, _ system: LinearSystem) -> String {
        var reason = "No arithmetic contradiction in what the log shows: these constraints can all hold at once "
            + "(with every width and height at least 0)."
        var causes: [String] = []
        if !conflict.unparsedLines.isEmpty { causes.append("some constraint lines could not be read") }
        if system.itemLabels.contains("superview") { causes.append("a superview ('|') is not named") }
        for label in system.itemLabels where label.hasSuffix(".superview") {
            causes.append("\(label.dropLast(10))'s position is measured from its superview, which the log does "
                + "not name ('|' in names:)")
        }
        if system.itemLabels.contains(where: { $0.hasSuffix(".margins") }) {
            causes.append("layout margins are their own items here, and the log does not print their insets")
        }
        if let elisions = conflict.repairs?.elisions, elisions > 0 {
            causes.append("the list was cut where it shows '...'")
        } else {
            causes.append("the list may be trimmed")
        }
        causes.append("the engine also knew sizes the log does not print (intrinsic content sizes, fixed frames, "
            + "the window)")
        reason += " The conflict needs more than the log holds: " + causes.joined(separator: "; ") + "."
        return reason
    }

    private static func unreadNotes(_ conflict: ConflictSnapshot) -> [String] {
        var notes = PasteRepairNote.text(conflict.repairs).map { [$0] } ?? []
        guard !conflict.unparsedLines.isEmpty else { return notes }
        let count = conflict.unparsedLines.count
        notes.append("\(count) line\(count == 1 ? "" : "s") could not be read (see unparsed:); "
            + "the explanation uses the rest.")
        return notes
    }
}
