// MARK: - ConflictExplanation as text

/// The explanation's `Why:` section, worded here with the renderers' frame and name spelling
/// (`FrameText`, `bracketed`), so that the explainer itself stays below the renderers.
extension ConflictExplanation {
    /// The "Why:" section of a report: the reason, the combination as aligned
    /// rows adding up to the contradiction, and the changes that resolve it.
    public var text: String {
        var lines = [reason]
        if !rows.isEmpty {
            lines.append("")
            lines.append("Multiply each row and add them up; every position and size cancels:")
            let multipliers = rows.map { Self.multiplierText($0.multiplier) }
            let width = multipliers.map(\.count).max() ?? 0
            let equationWidth = rows.map(\.equation.count).max() ?? 0
            for (row, multiplier) in zip(rows, multipliers) {
                let padded = String(repeating: " ", count: width - multiplier.count) + multiplier
                let equation = row.equation + String(repeating: " ", count: equationWidth - row.equation.count)
                lines.append("  \(padded) × [ \(equation) ]   \(row.meaning)")
            }
            if let contradiction {
                lines.append("  " + String(repeating: " ", count: width) + "   " + contradiction)
            }
        }
        if let systemOnly {
            lines.append("")
            lines.append(systemOnly)
        }
        if !fixes.isEmpty {
            lines.append("")
            lines.append("Any one of these changes resolves it:")
            // Numbered: `lfix --suggestion N` applies change N in a running app.
            for (number, fix) in zip(1..., fixes) {
                lines.append("  \(number). " + fix.advice + (fix.resolvesConflict ? "" : " (another contradiction remains)")
                             + (fix.tryFirst == true ? " (try this first)" : ""))
                if let madeAt = fix.madeAt { lines.append("     " + madeAt) }
                if let reason = fix.reason { lines.append("     why: " + reason) }
                if let forecast = fix.forecast { lines += Self.forecastLines(forecast) }
            }
            if let notRanked {
                lines.append("Not ranked: \(notRanked).")
            } else if let rankedBy {
                lines.append(Self.rankingLine(rankedBy, notPredicted: notPredicted))
            }
        }
        if let notLaidOut, !notLaidOut.isEmpty {
            lines.append("")
            lines.append(Self.notLaidOutText(notLaidOut, predicted: fixes.contains { $0.forecast != nil }))
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "Note: " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Says that the frames shown are not the layout yet, and where the engine puts the views.
    static func notLaidOutText(_ moves: [FixForecast.Move], predicted: Bool) -> String {
        let places = moves.prefix(3).map { move in
            move.view.bracketed + " at " + frameText(move.to, move.decided) + " (now " + frameText(move.from, move.decided) + ")"
        }
        return "Not laid out yet: these views' frames are from before the engine's layout, which, without the "
            + "constraint it broke, puts " + places.joined(separator: ", ")
            + (moves.count > 3 ? " and \(moves.count - 3) more" : "") + "."
            + (predicted ? " Each prediction starts from that layout, as lfix does once it has laid the views out." : "")
    }

    /// What the order rested on: the evidence of intent by name, then the frames.
    static func rankingLine(_ rankedBy: [String], notPredicted: String?) -> String {
        let evidence = rankedBy.compactMap { name in IntentEvidence.allCases.first { $0.name == name }?.words }
        let frames = "the frames our solver predicts, judged against your own constraints: first the changes "
            + "that keep every view inside its superview and the window, then those that leave your constraints "
            + "least unmet"
        guard !evidence.isEmpty else { return "Ranked by " + frames + "." }
        let intent = "Ranked by what these constraints say you meant (" + evidence.joined(separator: "; ") + ")"
        return intent + (rankedBy.contains("frames") ? ", then by " + frames + "."
            : "; nothing is predicted: " + (notPredicted ?? "the views' frames are not known") + ".")
    }

    /// `     predicted: <UIView:0x…> x 0, width 50 → x -718, width 768, moves outside its superview`, one line
    /// per view, giving only the values the conflict's constraints decide; and
    /// `<UILabel:0x…> stays outside the window` for a view whose own frame does not change.
    static func forecastLines(_ forecast: FixForecast) -> [String] {
        let staying = forecast.staysOutside.map { outside in
            outside.view.bracketed + (outside.movesOut == true
                ? " moves outside " + outside.outside + " with its superview" : " stays outside " + outside.outside)
        }
        guard !forecast.moves.isEmpty else {
            return ["     predicted: " + (["no view moves from the layout the engine recovers to"] + staying).joined(separator: "; ")]
        }
        return forecast.moves.map { move in
            "     predicted: " + move.view.bracketed + " " + frameText(move.from, move.decided) + " → "
                + frameText(move.to, move.decided) + placeText(move)
        } + staying.map { "     predicted: " + $0 }
    }

    /// The frame, or only the values the constraints decide: `x 0, width 50`.
    static func frameText(_ rect: SnapshotRect, _ decided: [FixForecast.Value]?) -> String {
        guard let decided, decided.count < FixForecast.Value.allCases.count else { return FrameText.rect(rect) }
        let values: [FixForecast.Value: Double] = [.x: rect.x, .y: rect.y, .width: rect.width, .height: rect.height]
        return decided.map { $0.rawValue + " " + ReportNumber.plain(values[$0]!) }.joined(separator: ", ")
    }

    /// `, moves outside its superview` when the change takes it there, `, stays
    /// outside …` when it was there already, `, back inside …` when it leaves.
    private static func placeText(_ move: FixForecast.Move) -> String {
        switch (move.wasOutside, move.outside) {
        case (nil, nil): return ""
        case (nil, let now?): return ", moves outside " + now
        case (let then?, nil): return ", back inside " + then
        case (let then?, let now?): return then == now ? ", stays outside " + now : ", outside " + now
        }
    }

    static func multiplierText(_ value: Double) -> String {
        (value < 0 ? "-" : "+") + ExplainNumber.text(abs(value))
    }
}
