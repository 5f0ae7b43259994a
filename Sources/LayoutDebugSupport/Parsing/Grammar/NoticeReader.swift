// MARK: - NoticePhrases

/// The phrases that open a `LayoutNotice`: messages that print a
/// constraint, or sit where one would, but report no conflict.
enum NoticePhrases {
    /// The notice `text[start..<end]` opens, if any.
    ///
    /// Four searches, each skipping with `memchr` to a byte that is rare in
    /// logs; callers ask only of lines that hold no conflict keyword.
    static func kind(_ text: ByteText, _ start: Int, _ end: Int) -> LayoutNotice.Kind? {
        if let unable = text.firstIndex(of: "Unable to ", anchor: 3, from: start, to: end) {
            // A quoted reason wraps anywhere: "Unable to install" may end its line.
            if text.has("Unable to install constraint", at: unable)
                || text.has("Unable to install", at: unable) && text.trimmed(unable + 17, end).0 == end {
                return .unableToInstall
            }
            if text.has("Unable to activate constraint", at: unable) { return .unableToActivate }
        }
        if let hierarchy = text.firstIndex(of: "hierarchy ", anchor: 8, from: start, to: end),
           text.has("hierarchy is not prepared", at: hierarchy) || text.has("hierarchy unprepared", at: hierarchy) {
            return .hierarchyNotPrepared
        }
        if text.firstIndex(of: "translatesAutoresizingMaskIntoConstraints property of", anchor: 18,
                           from: start, to: end) != nil {
            return .managedAutoresizing
        }
        if text.firstIndex(of: "has an ambiguous layout", anchor: 9, from: start, to: end) != nil {
            return .ambiguousLayout
        }
        return nil
    }

    /// Whether `text[start..<end]`, which may span lines, holds the start of a phrase `kind`
    /// looks for: when it does not, `kind` finds no notice in any of its lines.
    static func mayOpen(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        text.firstIndex(of: "Unable to ", anchor: 3, from: start, to: end) != nil
            || text.firstIndex(of: "hierarchy ", anchor: 8, from: start, to: end) != nil
            || text.firstIndex(of: "translatesAutoresizingMaskIntoConstraints property of", anchor: 18,
                               from: start, to: end) != nil
            || text.firstIndex(of: "has an ambiguous layout", anchor: 9, from: start, to: end) != nil
    }

    /// Whether the `<` at `open` begins the view or anchor of a notice whose
    /// line holds no constraint-named class (`View: <App.Cell: 0x…`,
    /// `anchors <NSLayoutXAxisAnchor:0x…`): between conflicts the parser
    /// reads such a line instead of passing over it.
    @inline(__always) static func opensNoticeObject(_ text: ByteText, at open: Int) -> Bool {
        // Each phrase ends in `: ` or `s `: the byte two before the `<` turns away nearly every other
        // `<` (`present <UIAlertController`, `layer = <CALayer`) before any phrase is compared.
        guard open >= 6 else { return false }
        let mark = text[open - 2]
        guard mark == UInt8(ascii: ":") || mark == UInt8(ascii: "s") else { return false }
        return text.has("View: ", at: open - 6) || text.has("Cell: ", at: open - 6) || text.has("anchors ", at: open - 8)
    }
}

// MARK: - NoticeReader

/// Gathers the lines of one `LayoutNotice` and reads it when it ends.
///
/// A notice runs over several lines: the exception's reason wraps, the
/// hierarchy message prints its container's views, the ambiguity message an
/// `_autolayoutTrace`. Each kind says which lines continue it; the first
/// line that does not ends it and is read as any other line.
struct NoticeReader {
    let kind: LayoutNotice.Kind
    /// The lines kept, without their paste prefixes (`> `, `//`).
    private(set) var lines: [String] = []
    /// Lines read, kept or not, to bound a message that never ends.
    private var count = 0
    /// The most lines one notice takes (an `_autolayoutTrace` of a big window is long).
    static let maximumLines = 4_000

    init(kind: LayoutNotice.Kind) { self.kind = kind }

    /// Keeps the line that opened the notice.
    mutating func start(_ line: String) {
        lines.append(line)
        count = 1
    }

    /// Whether `line` (trimmed, not blank) continues this notice; keeps it when it does.
    /// `opens` is the notice kind the line itself opens, if any.
    mutating func continues(with line: String, opens: LayoutNotice.Kind?) -> Bool {
        guard count < Self.maximumLines else { return false }
        let body = Self.withoutPastePrefix(line)
        let takes: Bool
        switch kind {
        case .unableToInstall:
            takes = opens == nil && !joined.contains("view:<") && !joined.contains("view: <")
                || opens == nil && !Self.isBalanced(afterLast: "view:", in: joined)
        case .unableToActivate:
            takes = opens == nil && !joined.contains("illegal") && count < 6
        case .hierarchyNotPrepared:
            takes = Self.continuesHierarchyMessage(body, opens: opens, seenSecond: joined.contains("nprepared for constraint"))
        case .managedAutoresizing:
            takes = opens == nil && count < 3 && !joined.contains("View: <") && !joined.contains("Cell: <")
        case .ambiguousLayout:
            takes = opens == nil && Self.continuesTrace(body)
        }
        guard takes else { return false }
        count += 1
        // An ambiguity's trace keeps only its ambiguous views: a window's trace runs to thousands of lines.
        if kind != .ambiguousLayout || body.contains("AMBIGUOUS LAYOUT") { lines.append(body) }
        return true
    }

    /// The kept lines as one text: a wrapped reason reads as it was printed.
    var joined: String { lines.joined(separator: " ") }

    // MARK: - Continuations

    private static func continuesHierarchyMessage(_ body: String, opens: LayoutNotice.Kind?, seenSecond: Bool) -> Bool {
        if opens == .hierarchyNotPrepared { return !seenSecond && body.contains("nprepared for constraint") }
        if opens != nil { return false }
        let parts = ["When added to a view", "_viewHierarchyUnpreparedForConstraint", "Constraint:",
                     "Container hierarchy", "View not found in container hierarchy", "That view's superview"]
        if parts.contains(where: { body.hasPrefix($0) || body.contains($0) }) { return true }
        // The container's views, one per line, as `-recursiveDescription` prints them.
        return body.hasPrefix("<") || body.hasPrefix("|")
    }

    /// A line of an `_autolayoutTrace` (`*UIView:0x…`, `|   *<UILabel:0x…>`), or of its legend.
    private static func continuesTrace(_ body: String) -> Bool {
        if body.contains("AMBIGUOUS LAYOUT") || body.hasPrefix("Legend") { return true }
        if body.contains(" - is laid out") || body.contains(" - layout engine host") { return true }
        guard let first = body.first else { return false }
        return ("|*+•<".contains(first)) && body.contains(":0x")
    }

    /// `line` without the marks a paste puts before each line (`> `, `// `).
    static func withoutPastePrefix(_ line: String) -> String {
        var body = Substring(line)
        while let first = body.first, first == ">" || first == "/" || first == " " || first == "\t" {
            body = body.dropFirst()
        }
        return String(body)
    }

    /// Whether the `<…>` after the last `marker` in `text` is closed.
    private static func isBalanced(afterLast marker: String, in text: String) -> Bool {
        guard let range = text.ranges(matching: marker).last else { return false }
        var depth = 0
        var opened = false
        for character in text[range.upperBound...] {
            if character == "<" { depth += 1; opened = true }
            if character == ">" { depth -= 1 }
        }
        return opened && depth <= 0
    }
}
