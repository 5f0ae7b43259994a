// MARK: - PasteRepairNote

/// The one line a report gives to what the parser repaired in a pasted log
/// (`PasteRepairs`), so a reader knows the log was not read as printed.
enum PasteRepairNote {
    /// "The log was damaged on its way here: read 3 constraint lines without
    /// their angle brackets; …", or `nil` when nothing was repaired.
    static func text(_ repairs: PasteRepairs?) -> String? {
        guard let repairs, !repairs.isEmpty else { return nil }
        var parts: [String] = []
        if repairs.unbracketedLines > 0 {
            parts.append("read \(lines(repairs.unbracketedLines, "constraint line")) without their angle brackets")
        }
        if repairs.classlessLines > 0 {
            parts.append("read \(lines(repairs.classlessLines, "constraint line")) that lost their '\"<NSLayoutConstraint:' "
                         + "and start at their address, with the class their text names (NSLayoutConstraint unless "
                         + "a mask h=… v=… or Hug: names another)")
        }
        if repairs.starredUnderscoreLines > 0 {
            parts.append("read '*' as the '_' a Markdown renderer turned it from (*UIView:0x… is _UIView:0x…) "
                         + "in \(lines(repairs.starredUnderscoreLines, "line"))")
        }
        if repairs.wrappedLines > 0 {
            parts.append("joined \(lines(repairs.wrappedLines, "line")) wrapped off a constraint line back onto it "
                         + "(a constraint ends at its '>')")
        }
        if repairs.typographicQuoteLines > 0 {
            parts.append("read typographic quotes (“ ” ‘ ’) as plain ones in \(lines(repairs.typographicQuoteLines, "line"))")
        }
        if repairs.htmlEntityLines > 0 {
            parts.append("decoded HTML entities (&lt; &gt; &quot; …) in \(lines(repairs.htmlEntityLines, "line"))")
        }
        if repairs.nonBreakingSpaceLines > 0 {
            parts.append("read non-breaking spaces as spaces in \(lines(repairs.nonBreakingSpaceLines, "line"))")
        }
        if repairs.strayClosings > 0 {
            parts.append("read a stray '}' or ']' as the ')' that closes the list")
        }
        if repairs.elisions > 0 {
            parts.append("skipped \(lines(repairs.elisions, "elision")) ('...') where the list was cut, so constraints may be missing")
        }
        if repairs.proseLines > 0 {
            parts.append("passed over \(lines(repairs.proseLines, "line")) of the reporter's own words between the "
                         + "constraints (no '<', '>', '=' or address: no constraint text)")
        }
        return "the log was damaged on its way here: " + parts.joined(separator: "; ") + "."
    }

    private static func lines(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
