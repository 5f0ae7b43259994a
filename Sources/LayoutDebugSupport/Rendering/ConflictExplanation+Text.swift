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
        if !fixes.isEmpty {
            lines.append("")
            lines.append("Any one of these changes resolves it:")
            // Numbered: `lfix --suggestion N` applies change N in a running app.
            for (number, fix) in zip(1..., fixes) {
                lines.append("  \(number). " + fix.advice + (fix.resolvesConflict ? "" : " (another contradiction remains)")
                             + (fix.tryFirst == true ? " (try this first)" : ""))
                if let madeAt = fix.madeAt { lines.append("     " + madeAt) }
                if let forecast = fix.forecast { lines += Self.forecastLines(forecast) }
            }
            if let notRanked {
                lines.append("Not ranked: \(notRanked).")
            } else if fixes.contains(where: { $0.forecast != nil }) {
                lines.append("Ranked by the frames our solver predicts: first the changes that keep every view inside "
                             + "its superview and the window, then the least frame change.")
            }
        }
        if !notes.isEmpty {
            lines.append("")
            lines += notes.map { "Note: " + $0 }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `     predicted: <UIView:0x…> (0 0; 50 44) → (-718 0; 768 44), outside its superview`, one line per view,
    /// and `<UILabel:0x…> stays outside the window` for a view that does not move.
    static func forecastLines(_ forecast: FixForecast) -> [String] {
        let staying = forecast.staysOutside.map { $0.view.bracketed + " stays outside " + $0.outside }
        guard !forecast.moves.isEmpty else {
            return ["     predicted: " + (["no view moves"] + staying).joined(separator: "; ")]
        }
        return forecast.moves.map { move in
            "     predicted: " + move.view.bracketed + " " + FrameText.rect(move.from) + " → " + FrameText.rect(move.to)
                + (move.outside.map { ", outside " + $0 } ?? "")
        } + staying.map { "     predicted: " + $0 }
    }

    static func multiplierText(_ value: Double) -> String {
        (value < 0 ? "-" : "+") + ExplainNumber.text(abs(value))
    }
}
