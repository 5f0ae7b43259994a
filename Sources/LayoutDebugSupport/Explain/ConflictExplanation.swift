// MARK: - ConflictExplanation

/// Why the constraints of one conflict cannot all hold, as data; its `Why:` text is
/// `Rendering/ConflictExplanation+Text.swift`'s.
public struct ConflictExplanation: Encodable, Hashable, Sendable {
    /// What the explainer could establish.
    enum Verdict: String, Encodable, Hashable, Sendable {
        /// An arithmetic contradiction, with its certificate.
        case contradiction
        /// The constraints shown can all hold: the log leaves something out.
        case noContradictionShown
        /// The OS redacted the constraints.
        case redacted
        /// No constraint could be read.
        case empty
        /// The solver could not decide.
        case undecided
    }

    /// One row of the combination: a constraint (or a size fact) times its multiplier.
    struct Row: Encodable, Hashable, Sendable {
        /// The index in `mutuallyExclusive`, or `nil` for a size fact.
        var constraintIndex: Int?
        /// The multiplier.
        var multiplier: Double
        /// The row over frame variables: `UIButton.minX - UIView.minX = 0`.
        var equation: String
        /// What it says, in words.
        var meaning: String
    }

    /// One change that removes the contradiction.
    struct Fix: Encodable, Hashable, Sendable {
        /// The index in `mutuallyExclusive` of the constraint to change.
        var constraintIndex: Int
        /// What to do.
        var advice: String
        /// Whether the whole conflict is then satisfiable (not only this contradiction).
        var resolvesConflict: Bool
        /// Where the constraint to change was made, or its name to search the code for
        /// (`ConstraintSnapshot.sourceText`), when known.
        var madeAt: String? = nil
        /// The change itself, as `lfix --suggestion N` applies it.
        var change: LayoutChange? = nil
        /// The address of what `change` applies to: the constraint, or for
        /// `.noAutoresizing` the view; `nil` when the log gave none.
        var target: UInt64? = nil
        /// What our solver predicts the change moves (`FixRanking`); `nil`
        /// when the fixes are not ranked.
        var forecast: FixForecast? = nil
        /// The place in the ranking, which is also the number printed and the
        /// one `lfix --suggestion N` takes; `nil` when not ranked.
        var rank: Int? = nil
        /// Whether this is the change to try first; `nil` when not ranked.
        var tryFirst: Bool? = nil
        /// Why the fix stands where the ranking puts it, in one line; `nil` when not ranked.
        var reason: String? = nil
    }

    /// What the explainer could establish.
    var verdict: Verdict
    /// The reason in one paragraph, the way a person would check it.
    public var reason: String
    /// The irreducible combination, in order.
    var rows: [Row]
    /// `0 = 718` or `0 <= -41.67`: what the rows add up to.
    var contradiction: String?
    /// The number on the right of `contradiction` (always negative: the
    /// rows, multiplied, say `0 = K` or `0 <= K`).
    var sum: Double?
    /// Changes each of which resolves the contradiction (system constraints excluded).
    var fixes: [Fix]
    /// Constraints that could not take part, and why.
    var notes: [String]
    /// Why `fixes` keep the explainer's order rather than a ranking
    /// (`the log holds no frames`); `nil` when ranked or when there are none.
    var notRanked: String? = nil
    /// What the ranking rested on, strongest first: the evidence of intent
    /// (`IntentEvidence`'s names), then `frames` when predicted frames took
    /// part; `nil` when not ranked.
    var rankedBy: [String]? = nil
    /// Why no frame is predicted for a ranked list (`the log holds no
    /// frames`); `nil` when frames are predicted or the list is not ranked.
    var notPredicted: String? = nil
    /// Why no change is offered when only the system's views and constraints
    /// are in the conflict: nothing in the app's code makes it.
    var systemOnly: String? = nil
    /// The views whose frames are not yet the engine's layout (a breakpoint
    /// stops before it lays them out), each from its frame now to the frame
    /// the engine gives it, which is where every forecast starts; `nil` when
    /// the frames are the layout or not known.
    var notLaidOut: [FixForecast.Move]? = nil

    /// Creates an explanation.
    init(verdict: Verdict, reason: String, rows: [Row] = [], contradiction: String? = nil,
                sum: Double? = nil, fixes: [Fix] = [], notes: [String] = []) {
        self.verdict = verdict
        self.reason = reason
        self.rows = rows
        self.contradiction = contradiction
        self.sum = sum
        self.fixes = fixes
        self.notes = notes
    }
}

// MARK: - ExplainNumber

/// Numbers as the explanation prints them: no trailing `.0`, at most four decimals.
enum ExplainNumber {
    static func text(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = String(rounded)
        if text.contains("e") { text = String(value) }
        return text
    }
}

// MARK: - JSON

// docs/schema/common.json's explanation: each field left out at its default (no row, fix or
// note), a constraint by its index in the conflict's constraints (`constraint`), and a fix's
// `target` ("0x…") only for the view `noAutoresizing` applies to: any other change applies to
// that constraint. `sum`, the number `contradiction` ends with, is left to the reader.
extension ConflictExplanation {
    private enum CodingKeys: String, CodingKey {
        case verdict, reason, rows, contradiction, fixes, notes, notRanked, rankedBy, notPredicted, systemOnly, notLaidOut
    }

    /// Writes the explanation's fields that are not at their defaults.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(verdict, forKey: .verdict)
        try c.encode(reason, forKey: .reason)
        if !rows.isEmpty { try c.encode(rows, forKey: .rows) }
        try c.encodeIfPresent(contradiction, forKey: .contradiction)
        if !fixes.isEmpty { try c.encode(fixes, forKey: .fixes) }
        if !notes.isEmpty { try c.encode(notes, forKey: .notes) }
        try c.encodeIfPresent(notRanked, forKey: .notRanked)
        try c.encodeIfPresent(rankedBy, forKey: .rankedBy)
        try c.encodeIfPresent(notPredicted, forKey: .notPredicted)
        try c.encodeIfPresent(systemOnly, forKey: .systemOnly)
        try c.encodeIfPresent(notLaidOut, forKey: .notLaidOut)
    }
}

extension ConflictExplanation.Row {
    private enum CodingKeys: String, CodingKey { case constraint, multiplier, equation, meaning }

    /// Writes `{"constraint": index, "multiplier", "equation", "meaning"}`.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(constraintIndex, forKey: .constraint)
        try c.encode(multiplier, forKey: .multiplier)
        try c.encode(equation, forKey: .equation)
        try c.encode(meaning, forKey: .meaning)
    }
}

extension ConflictExplanation.Fix {
    private enum CodingKeys: String, CodingKey {
        case rank, tryFirst, constraint, change, target, advice, reason, madeAt, resolvesConflict, forecast
    }

    /// Writes the fix, ranked first, each field only when known and not at its default
    /// (not the first to try, resolving the whole conflict).
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(rank, forKey: .rank)
        if tryFirst == true { try c.encode(true, forKey: .tryFirst) }
        try c.encode(constraintIndex, forKey: .constraint)
        try c.encodeIfPresent(change, forKey: .change)
        // Any other change applies to the constraint at `constraint`, whose address the document gives.
        if change == .noAutoresizing { try c.encodeAddress(target, forKey: .target) }
        try c.encode(advice, forKey: .advice)
        try c.encodeIfPresent(reason, forKey: .reason)
        try c.encodeIfPresent(madeAt, forKey: .madeAt)
        if !resolvesConflict { try c.encode(false, forKey: .resolvesConflict) }
        try c.encodeIfPresent(forecast, forKey: .forecast)
    }
}
