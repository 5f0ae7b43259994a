import Cassowary

// MARK: - FixRanking

/// Orders a conflict's suggested fixes by what the developer meant: first
/// the evidence of intent the constraints hold (`FixIntent`), then, when the
/// conflict places its views, the frames our solver predicts for each fix,
/// judged against the app's own constraints.
///
/// Each fix is one system: its change made (a priority below 1000 makes the
/// constraint optional at that strength; a constant replaces the constant;
/// deactivating drops the constraint; turning autoresizing off drops that
/// view's autoresizing constraints), every other listed constraint at its own
/// priority, the broken one included, since the fix is meant to let it hold.
/// The views' frames in the window are weak preferences, so what no
/// constraint pins stays where it is; a view's preference is stronger than
/// its subviews', because what places a superview is mostly outside the
/// conflict. Each fix's forecast starts from the layout the engine gives
/// without it (the broken constraint left out), which is where `lfix`, once
/// it has laid the views out, starts too.
///
/// The order: the fixes that resolve the whole conflict before those that
/// leave another contradiction; then by the strongest evidence of intent
/// that names each (`IntentEvidence`); then those that leave every view
/// inside its superview and the window; then the least the app's own
/// required constraints are left unmet, as written; then the constraint the
/// engine broke, since nothing tells the others apart; ties keep the
/// explainer's order. Today's frames never judge a fix: they are the
/// engine's recovery, and "no view moves" would only make it permanent.
enum FixRanking {
    /// The fixes in order, and what the order rests on.
    struct Ranking {
        /// The fixes, each with its `rank`, `tryFirst`, `reason` and
        /// forecast when ranked; unchanged when not.
        var fixes: [ConflictExplanation.Fix]
        /// Why the fixes keep the explainer's order; `nil` when ranked.
        var notRanked: String?
        /// The evidence of intent the order used, strongest first.
        var evidence: [IntentEvidence]
        /// Whether predicted frames took part.
        var byFrames: Bool
        /// Why no frame is predicted (`the log holds no frames`); `nil` when they are.
        var notPredicted: String? = nil
    }

    /// Ranks `fixes` of `conflict`.
    ///
    /// - Complexity: one solve per fix, plus one, over the listed constraints,
    ///   when the conflict places its views; none otherwise.
    static func rank(_ fixes: [ConflictExplanation.Fix], in conflict: ConflictSnapshot,
                     phrases: ExplanationPhrases) -> Ranking {
        guard !fixes.isEmpty else { return Ranking(fixes: fixes, notRanked: nil, evidence: [], byFrames: false) }
        let intent = FixIntent(conflict, phrases: phrases)
        let standings = fixes.map(intent.standing(of:))
        let evidence = Set(standings.compactMap { $0?.evidence }).sorted()
        let placements = conflict.placements ?? []
        var forecasts: [FixForecast?] = Array(repeating: nil, count: fixes.count)
        if !placements.isEmpty {
            let solving = FixSolving(conflict, placements, phrases: phrases)
            let before = solving.solve(conflict, dropping: conflict.brokenIndex.map { [$0] } ?? [])
            for (index, fix) in fixes.enumerated() {
                forecasts[index] = applied(fix, to: conflict).map { changed, dropped in
                    solving.forecast(from: before, to: solving.solve(changed, dropping: dropped))
                }
            }
        }
        let notPredicted = placements.isEmpty ? conflict.whyNotPlaced ?? (conflict.views.isEmpty
            ? "the log holds no frames" : "the views' frames in their window are not known") : nil
        if let notPredicted, evidence.isEmpty {
            return Ranking(fixes: fixes, notRanked: notPredicted + ", and nothing in these constraints tells which change you meant",
                           evidence: [], byFrames: false)
        }
        let keys = fixes.indices.map { key(fixes[$0], standings[$0], forecasts[$0], broken: conflict.brokenIndex) }
        let order = fixes.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : a < b
        }
        var ranked: [ConflictExplanation.Fix] = []
        for (position, index) in order.enumerated() {
            var fix = fixes[index]
            fix.forecast = forecasts[index]
            fix.rank = position + 1
            fix.tryFirst = position == 0
            fix.reason = reason(standings[index], forecasts[index],
                                isBroken: fix.constraintIndex == conflict.brokenIndex && fix.change != .noAutoresizing)
            ranked.append(fix)
        }
        return Ranking(fixes: ranked, notRanked: nil, evidence: evidence, byFrames: !placements.isEmpty,
                       notPredicted: notPredicted)
    }

    /// The conflict's views whose frames are not yet the layout the engine
    /// recovers to (the broken constraint left out); empty without placements.
    static func notLaidOut(_ conflict: ConflictSnapshot, phrases: ExplanationPhrases) -> [FixForecast.Move] {
        guard let placements = conflict.placements, !placements.isEmpty else { return [] }
        let solving = FixSolving(conflict, placements, phrases: phrases)
        return solving.notLaidOut(solving.solve(conflict, dropping: conflict.brokenIndex.map { [$0] } ?? []))
    }

    /// Smaller first: resolves; the strongest evidence, and its order; has a
    /// forecast, keeps views inside, leaves the app's constraints least unmet;
    /// is the one the engine broke.
    private static func key(_ fix: ConflictExplanation.Fix, _ standing: FixIntent.Standing?, _ forecast: FixForecast?,
                            broken: Int?) -> [Double] {
        [fix.resolvesConflict ? 0 : 1,
         Double(standing?.evidence.rawValue ?? IntentEvidence.allCases.count), Double(standing?.order ?? 0),
         forecast == nil ? 1 : 0, forecast?.keepsViewsInside == false ? 1 : 0, forecast?.missed ?? 0,
         fix.constraintIndex == broken && fix.change != .noAutoresizing ? 0 : 1]
    }

    /// Why a fix stands where it does: the evidence that names it (and, when
    /// its forecast puts a view outside, that too), else its forecast in
    /// words; and whether the engine broke the same constraint.
    private static func reason(_ standing: FixIntent.Standing?, _ forecast: FixForecast?, isBroken: Bool) -> String {
        var parts: [String] = []
        if let standing {
            parts.append(standing.reason)
            if let forecast, let outside = outsideText(forecast) { parts.append("but " + outside) }
        } else if let forecast {
            parts.append(outsideText(forecast) ?? "every view stays inside its superview and the window")
            let unmet = forecast.unmet ?? []
            if unmet.isEmpty {
                parts.append("every constraint of yours holds as written")
            } else {
                let shown = unmet.prefix(2).map { "\($0.constraint) off by \(ExplainNumber.text($0.by))" }
                parts.append("leaves " + shown.joined(separator: " and ")
                             + (unmet.count > 2 ? " and \(unmet.count - 2) more" : ""))
            }
        } else {
            parts.append("nothing in these constraints points to this change")
        }
        if isBroken { parts.append("the engine broke this one too") }
        return parts.joined(separator: "; ")
    }

    /// `UILabel ends outside its superview`, for the first view the forecast puts outside.
    private static func outsideText(_ forecast: FixForecast) -> String? {
        let outside = forecast.moves.compactMap { move in move.outside.map { (move.view, $0) } }
            + forecast.staysOutside.map { ($0.view, $0.outside) }
        return outside.first.map { view, place in "\(view.displayName) ends outside \(place)" }
    }

    /// The conflict with `fix` made, and the constraints it drops; `nil`
    /// when the fix names no change `lfix` could apply.
    static func applied(_ fix: ConflictExplanation.Fix, to conflict: ConflictSnapshot)
        -> (ConflictSnapshot, Set<Int>)? {
        guard let change = fix.change, conflict.mutuallyExclusive.indices.contains(fix.constraintIndex) else {
            return nil
        }
        var changed = conflict
        var dropped: Set<Int> = []
        switch change {
        case .priority(let priority): changed.mutuallyExclusive[fix.constraintIndex].priority = priority
        case .constant(let constant): changed.mutuallyExclusive[fix.constraintIndex].constant = constant
        case .deactivate: dropped.insert(fix.constraintIndex)
        case .activate: break  // listed constraints are active already
        case .noAutoresizing:
            let view = fix.target ?? conflict.mutuallyExclusive[fix.constraintIndex].framedItem?.address
            for (index, constraint) in conflict.mutuallyExclusive.enumerated()
            where constraint.className == "NSAutoresizingMaskLayoutConstraint" && constraint.framedItem?.address == view {
                dropped.insert(index)
            }
        }
        return (changed, dropped)
    }
}

extension ConflictSnapshot {
    /// The index in `mutuallyExclusive` of the constraint the engine broke,
    /// found by address, else by value; `nil` when the list does not show it.
    var brokenIndex: Int? {
        brokenConstraint.flatMap { broken in
            mutuallyExclusive.firstIndex { $0.address != nil && $0.address == broken.address }
                ?? mutuallyExclusive.firstIndex(of: broken)
        }
    }
}
