// MARK: - Keywords

/// The envelope's keywords in one line.
struct Keywords {
    /// Which keywords a line holds.
    struct Found: OptionSet {
        let rawValue: UInt8
        static let header = Found(rawValue: 1)
        static let advice = Found(rawValue: 2)
        static let breaking = Found(rawValue: 4)
    }

    private(set) var found: Found = []
    /// Where each keyword's text ends, to read a constraint after it.
    private(set) var headerEnd = 0
    private(set) var breakingEnd = 0

    /// Searches `text[start..<end]`. A constraint's own text never holds a
    /// keyword, so callers pass the part of the line before its `<`.
    init(_ text: ByteText, _ start: Int, _ end: Int) {
        guard end - start >= 19 else { return }
        if let header = text.firstIndex(of: "simultaneously satisfy constraints", anchor: 13, from: start, to: end) {
            found.insert(.header)
            headerEnd = header + 34
        }
        if text.firstIndex(of: "at least one of the constraints in the following list", anchor: 44,
                           from: start, to: end) != nil {
            found.insert(.advice)
        }
        if let breaking = text.firstIndex(of: "recover by breaking", anchor: 15, from: start, to: end) {
            found.insert(.breaking)
            breakingEnd = breaking + 19
        }
    }
}
