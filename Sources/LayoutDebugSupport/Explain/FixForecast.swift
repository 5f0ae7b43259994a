// MARK: - FixForecast

/// What our solver predicts one suggested fix does to the conflict's views,
/// from the layout the engine gives without the fix (its recovery, which
/// `lfix` shows once it has laid the views out) to the layout with it.
struct FixForecast: Encodable, Hashable, Sendable {
    /// A frame value the conflict's constraints decide, as a move names it.
    enum Value: String, Encodable, Hashable, Sendable, CaseIterable {
        case x, y, width, height
    }

    /// One view the fix moves, with its frames in its superview's
    /// coordinates, as `lfix` and the report's `Views:` print them.
    struct Move: Encodable, Hashable, Sendable {
        /// The view.
        var view: ObjectReference
        /// Its frame as the engine lays it out without the fix (the broken
        /// constraint left out).
        var from: SnapshotRect
        /// Its frame with the fix.
        var to: SnapshotRect
        /// `its superview`, `the window` or both, when it ends outside them; `nil` inside.
        var outside: String?
        /// Where it was outside before the fix, the same way; `nil` inside.
        var wasOutside: String? = nil
        /// The frame values the conflict's constraints decide, the only ones
        /// solved; `nil` (older documents) for all four.
        var decided: [Value]? = nil
    }

    /// A view whose own frame the fix leaves as it is, outside its superview or the window.
    struct Outside: Encodable, Hashable, Sendable {
        /// The view.
        var view: ObjectReference
        /// `its superview`, `the window` or both.
        var outside: String
        /// Whether the fix takes it there (its superview moves), rather than
        /// leaving it where it already was.
        var movesOut: Bool? = nil
    }

    /// One of the app's own required constraints the predicted layout leaves unmet.
    struct Unmet: Encodable, Hashable, Sendable {
        /// The constraint as the explanation prints it.
        var constraint: String
        /// By how many points.
        var by: Double
        /// Its index in the conflict's mutually exclusive constraints.
        var constraintIndex: Int
    }

    /// The views whose frame changes, in the order of the report's views.
    var moves: [Move]
    /// The views that do not move but end outside their superview or the window.
    var staysOutside: [Outside]
    /// Whether every view ends inside its superview and the window.
    var keepsViewsInside: Bool
    /// The sum of |Δx| + |Δy| + |Δw| + |Δh| over the views, in points.
    var frameChange: Double
    /// The app's required constraints, as written, that the predicted layout
    /// does not meet, most missed first; `nil` in older documents.
    var unmet: [Unmet]? = nil
    /// How far, in all, the predicted layout is from what the app's required
    /// constraints ask: the sum of `unmet`; `nil` in older documents.
    var missed: Double? = nil
}

// MARK: - JSON

// Views by address (`ObjectReference.Named`: the document describes them under `views`),
// frames as `[x, y, width, height]`, an unmet constraint by its index in the conflict's
// constraints, and each list left out when empty. What the moves already say is left to the
// reader: `frameChange` is the sum of their |Δx| + |Δy| + |Δw| + |Δh|, `keepsViewsInside`
// whether none of them and nothing in `staysOutside` ends outside, `missed` the sum of `unmet`.
extension FixForecast {
    private enum CodingKeys: String, CodingKey { case moves, staysOutside, unmet }

    /// Writes the forecast's lists that are not empty.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        if !moves.isEmpty { try c.encode(moves, forKey: .moves) }
        if !staysOutside.isEmpty { try c.encode(staysOutside, forKey: .staysOutside) }
        if let unmet, !unmet.isEmpty { try c.encode(unmet, forKey: .unmet) }
    }
}

extension FixForecast.Move {
    private enum CodingKeys: String, CodingKey { case view, from, to, outside, wasOutside, decided }

    /// Writes `{"view": "0x…", "from", "to", "outside", "wasOutside", "decided"}`, each when known.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(view.named, forKey: .view)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encodeIfPresent(outside, forKey: .outside)
        try c.encodeIfPresent(wasOutside, forKey: .wasOutside)
        try c.encodeIfPresent(decided, forKey: .decided)
    }
}

extension FixForecast.Outside {
    private enum CodingKeys: String, CodingKey { case view, outside, movesOut }

    /// Writes `{"view": "0x…", "outside"}`, and `"movesOut": true` when the fix takes it there.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(view.named, forKey: .view)
        try c.encode(outside, forKey: .outside)
        if movesOut == true { try c.encode(true, forKey: .movesOut) }
    }
}

extension FixForecast.Unmet {
    private enum CodingKeys: String, CodingKey { case constraint, by }

    /// Writes `{"constraint": index, "by"}`.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(constraintIndex, forKey: .constraint)
        try c.encode(by, forKey: .by)
    }
}
