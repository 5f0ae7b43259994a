// MARK: - Keywords

/// The envelope's keywords in one line.
struct Keywords {
    /// Which keywords a line holds.
    struct Found: OptionSet {
        let rawValue: UInt8
        static let header = Found(rawValue: 1)
        static let advice = Found(rawValue: 2)
        static let breaking = Found(rawValue: 4)
        /// A message that is not a conflict (`NoticePhrases`).
        static let notice = Found(rawValue: 8)
    }

    private(set) var found: Found = []
    /// Where each keyword's text ends, to read a constraint after it.
    private(set) var headerEnd = 0
    private(set) var breakingEnd = 0
    /// The notice the line opens, when `found` is `.notice`.
    private(set) var notice: LayoutNotice.Kind?

    /// Searches `text[start..<end]`. A constraint's own text never holds a
    /// keyword, so callers pass the part of the line before its `<`.
    init(_ text: ByteText, _ start: Int, _ end: Int) {
        guard end - start >= 19 else { return }
        if let header = text.firstIndex(of: "simultaneously satisfy constraints", anchor: 13, from: start, to: end) {
            found.insert(.header)
            headerEnd = header + 34
        } else if let header = text.firstIndex(of: "Conflicting constraints detected", anchor: 3, from: start, to: end) {
            // AppKit since macOS 13/14: `Conflicting constraints detected: ( … ).`
            found.insert(.header)
            headerEnd = header + 32
        }
        if text.firstIndex(of: "at least one of the constraints in the following list", anchor: 44,
                           from: start, to: end) != nil {
            found.insert(.advice)
        }
        if let breaking = text.firstIndex(of: "recover by breaking", anchor: 15, from: start, to: end) {
            found.insert(.breaking)
            breakingEnd = breaking + 19
        }
        // Looked for only where no conflict keyword is: a conflict's own lines never hold one.
        if found.isEmpty, let kind = NoticePhrases.kind(text, start, end) {
            found.insert(.notice)
            notice = kind
        }
    }
}

extension Keywords {
    /// Whether `text[start..<end]`, which may span lines, holds a phrase that makes a line a
    /// header, the advice or a notice. No phrase spans lines, so when it holds none, none of its
    /// lines is one.
    static func mayOpen(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        text.firstIndex(of: "simultaneously satisfy constraints", anchor: 13, from: start, to: end) != nil
            || text.firstIndex(of: "Conflicting constraints detected", anchor: 3, from: start, to: end) != nil
            || text.firstIndex(of: "at least one of the constraints in the following list", anchor: 44,
                               from: start, to: end) != nil
            || NoticePhrases.mayOpen(text, start, end)
    }
}
