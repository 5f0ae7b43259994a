// MARK: - CandidateCursor

/// The next place in a buffer where a conflict could start without a
/// keyword: a `<` (a constraint) or a `(` that ends its line (a list).
///
/// Each position is searched with `memchr` over the rest of the buffer and
/// only searched again once the parser has passed it, so skipping ordinary
/// lines costs one pass over their bytes.
struct CandidateCursor {
    private var angle = -1
    private var paren = -1

    /// The first candidate position at or after `from`, or `text.count`.
    mutating func next(in text: ByteText, from: Int) -> Int {
        if angle < from {
            angle = text.firstIndex(of: UInt8(ascii: "<"), from: from, to: text.count) ?? text.count
        }
        if paren < from { paren = nextListOpening(text, from) }
        return min(angle, paren)
    }

    /// A `(` followed on its line only by blanks, `*` or `,`.
    private func nextListOpening(_ text: ByteText, _ from: Int) -> Int {
        var search = from
        while let open = text.firstIndex(of: UInt8(ascii: "("), from: search, to: text.count) {
            var index = open + 1
            while index < text.count {
                let byte = text[index]
                guard ByteClass.isBlank(byte) || byte == UInt8(ascii: "*") || byte == UInt8(ascii: ",") else { break }
                index += 1
            }
            if index == text.count || text[index] == 0x0A { return open }
            search = open + 1
        }
        return text.count
    }
}
