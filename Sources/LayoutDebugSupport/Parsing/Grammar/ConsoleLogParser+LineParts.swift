// MARK: - Lines holding several parts

extension ConsoleLogParser {
    /// The parts of a line that holds more of the envelope than one line
    /// does: a list pasted on one line (`( "<…>", "<…>" )`), a whole log
    /// flattened into one (a chat, a bug tracker's single-line field), a
    /// list item followed on its line by `) Will attempt to recover by
    /// breaking`. `nil` for an ordinary line, which is read whole.
    ///
    /// A line is cut before each constraint (`<` and a class named
    /// `…Constraint`, or `<private>`), after the `>` that closes it (`<` and
    /// `>` counted, so an identifier holding `<…>` and old SnapKit's
    /// `<<App.LayoutConstraint:0x…> <UIView:0x…>.top …>` stay whole), and
    /// before the header and "Will attempt to recover by breaking". The
    /// list's own quotes and commas between parts are dropped.
    ///
    /// - Complexity: for an ordinary line, two `memchr` and a look at its
    ///   last bytes; O(n) in the line's length otherwise.
    static func parts(_ text: ByteText, _ start: Int, _ end: Int) -> [(start: Int, end: Int)]? {
        guard let first = text.firstIndex(of: UInt8(ascii: "<"), from: start, to: end) else { return nil }
        let second = text.firstIndex(of: UInt8(ascii: "<"), from: first + 1, to: end)
        // A wrapped line's head is one constraint, though a `>=` in it ends like one with text after it.
        if second == nil, !endsInText(text, first, end) || isWrappedHead(text, start, end) { return nil }
        guard case .constraint(let open, _, _, _)? = ConstraintLine.find(text, start, end, strict: true) else { return nil }
        var parts: [(start: Int, end: Int)] = []
        var pieceStart = start
        var next: Int? = open
        while let constraintStart = next {
            // What comes before the first constraint is its line's prefix and
            // keywords, read with it as on any line.
            if constraintStart != open { appendText(text, pieceStart, constraintStart, to: &parts) }
            let following = nextOpening(text, after: constraintStart, end)
            let close = closingBracket(text, constraintStart, min(following ?? end, end))
            parts.append((constraintStart == open ? start : constraintStart, close))
            pieceStart = close
            next = following.map { max($0, close) }
        }
        appendText(text, pieceStart, end, to: &parts)
        return parts.count > 1 ? parts : nil
    }

    /// Whether the line goes on after the last `>` with more than a list
    /// item's `",` (typographic quotes too) or a sentence's `.`: a word or a
    /// bracket, as when a keyword follows the constraint.
    private static func endsInText(_ text: ByteText, _ first: Int, _ end: Int) -> Bool {
        guard var index = text.lastIndex(of: UInt8(ascii: ">"), from: first, to: end) else { return false }
        while index < end {
            let byte = text[index] | 0x20
            if byte &- UInt8(ascii: "a") < 26 || text[index] &- UInt8(ascii: "0") < 10 || text[index] == UInt8(ascii: ")") {
                return true
            }
            index += 1
        }
        return false
    }

    /// `WrappedConstraintLine.isHead`, out of line: inlined, it kept `parts`
    /// from being inlined where every line is read (1% more instructions in `--summary`).
    @inline(never)
    private static func isWrappedHead(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        WrappedConstraintLine.isHead(text, start, end)
    }

    /// The next constraint opening after the one at `open`, before `end`.
    private static func nextOpening(_ text: ByteText, after open: Int, _ end: Int) -> Int? {
        var search = open + 1
        while let candidate = text.firstIndex(of: UInt8(ascii: "<"), from: search, to: end) {
            search = candidate + 1
            // Old SnapKit's `<<Class:` opens one constraint with two brackets.
            if text[candidate - 1] == UInt8(ascii: "<") { continue }
            if ConstraintLine.opensNamed(text, at: candidate) { return candidate }
        }
        return nil
    }

    /// The index after the `>` that closes the constraint at `open`: the one
    /// that balances the brackets when the constraint reads to it; else the
    /// last `>` before `limit`, as a line holding one constraint is read (a
    /// title may hold a lone `>`: `'a > b'`).
    private static func closingBracket(_ text: ByteText, _ open: Int, _ limit: Int) -> Int {
        let last = (text.lastIndex(of: UInt8(ascii: ">"), from: open, to: limit) ?? limit - 1) + 1
        let balanced = balancingBracket(text, open, limit)
        guard let balanced, balanced != last else { return last }
        let reads = ConstraintLine.read(text, open, balanced, strict: false, interner: StringInterner())
        if case .success? = reads { return balanced }
        return last
    }

    private static func balancingBracket(_ text: ByteText, _ open: Int, _ limit: Int) -> Int? {
        var depth = 0
        var index = open
        while index < limit {
            let byte = text[index]
            if byte == UInt8(ascii: "<") { depth += 1 }
            if byte == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }

    /// Adds the text between constraints, cut before a header or a
    /// "breaking" sentence, without the list's quotes and commas around it.
    private static func appendText(_ text: ByteText, _ start: Int, _ end: Int, to parts: inout [(start: Int, end: Int)]) {
        var cuts = [start]
        for (phrase, lead) in [("Unable to simultaneously", 0), ("Will attempt to recover", 0),
                               ("Conflicting constraints detected", 0)] as [(StaticString, Int)] {
            if let at = text.firstIndex(of: phrase, from: start, to: end), at > start { cuts.append(at - lead) }
        }
        cuts.sort()
        cuts.append(end)
        for index in 0..<(cuts.count - 1) {
            var (from, to) = text.trimmed(cuts[index], cuts[index + 1])
            while from < to, let width = listPunctuation(text, at: from, to) { from += width }
            while to > from, let width = listPunctuation(text, endingAt: to, from) { to -= width }
            (from, to) = text.trimmed(from, to)
            if from < to { parts.append((from, to)) }
        }
    }

    /// The width of the list punctuation (a blank, `"`, `,`, or a typographic
    /// `“` or `”`) starting at `index`, or `nil`.
    private static func listPunctuation(_ text: ByteText, at index: Int, _ end: Int) -> Int? {
        let byte = text[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: ",") || ByteClass.isBlank(byte) { return 1 }
        return isCurlyDoubleQuote(text, index, end) ? 3 : nil
    }

    /// `listPunctuation` ending just before `end`.
    private static func listPunctuation(_ text: ByteText, endingAt end: Int, _ start: Int) -> Int? {
        let byte = text[end - 1]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: ",") || ByteClass.isBlank(byte) { return 1 }
        return end - 3 >= start && isCurlyDoubleQuote(text, end - 3, end) ? 3 : nil
    }

    private static func isCurlyDoubleQuote(_ text: ByteText, _ index: Int, _ end: Int) -> Bool {
        index + 3 <= end && text[index] == 0xE2 && text[index + 1] == 0x80 && (text[index + 2] == 0x9C || text[index + 2] == 0x9D)
    }
}
