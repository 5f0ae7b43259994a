// MARK: - PasteRepairs

/// What a console log lost on its way through a web page, a blog or a chat,
/// and the parser put back, for one conflict.
///
/// A log pasted into Markdown loses `<NSLayoutConstraint:0x…>` as an HTML
/// tag, a blog turns `'|'` into `‘|’`, a page shows `&lt;` for `<`, and an
/// author cuts the list with `...`. The parser reads through each, and a
/// report says in one line that it did, so nobody takes a repaired reading
/// for the log as printed.
struct PasteRepairs: Encodable, Hashable, Sendable {
    /// Constraint lines read without their `<…>` (and quotes).
    var unbracketedLines = 0
    /// Lines whose typographic quotes (`“ ” ‘ ’`) were read as `"` and `'`.
    var typographicQuoteLines = 0
    /// Lines whose HTML entities (`&lt;`, `&gt;`, `&quot;`, `&#39;`, `&amp;`) were decoded.
    var htmlEntityLines = 0
    /// Lines whose non-breaking spaces (U+00A0, as pages keep runs of spaces) were read as spaces.
    var nonBreakingSpaceLines = 0
    /// Lists closed with `}` or `]` instead of `)`.
    var strayClosings = 0
    /// `...` or `…` lines where the author cut the list.
    var elisions = 0
    /// Constraint lines that lost their `"<Class:` and start at their
    /// address (`0x6000… H:|-(16)-[UILabel:0x…]   (active)>",`), read with
    /// the class their text names: `NSAutoresizingMaskLayoutConstraint`
    /// with a mask, `NSContentSizeLayoutConstraint` with `Hug:`, else
    /// `NSLayoutConstraint`.
    var classlessLines = 0
    /// Lines where a Markdown renderer's `*` stood for a name's `_`
    /// (`*UIToolbarContentView:0x…` for `_UIToolbarContentView:0x…`).
    var starredUnderscoreLines = 0
    /// Lines of the reporter's own prose between the constraints ("here is
    /// the rest:"), passed over: no `<`, `>`, `=`, `[`, `|` or address in
    /// them, so no constraint's text either.
    var proseLines = 0
    /// Lines a mail client or web page wrapped off a constraint line
    /// (`(active)>",` on a line of its own), joined back onto it.
    var wrappedLines = 0

    /// No repairs.
    init() {}

    /// Whether nothing was repaired.
    var isEmpty: Bool { self == PasteRepairs() }

    /// Adds the counts of `other`.
    mutating func add(_ other: PasteRepairs) {
        unbracketedLines += other.unbracketedLines
        typographicQuoteLines += other.typographicQuoteLines
        htmlEntityLines += other.htmlEntityLines
        nonBreakingSpaceLines += other.nonBreakingSpaceLines
        strayClosings += other.strayClosings
        elisions += other.elisions
        classlessLines += other.classlessLines
        starredUnderscoreLines += other.starredUnderscoreLines
        proseLines += other.proseLines
        wrappedLines += other.wrappedLines
    }
}
