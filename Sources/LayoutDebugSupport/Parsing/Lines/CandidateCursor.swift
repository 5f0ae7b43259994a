#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    private var notice = -1
    /// Whether "has an ambiguous layout" is a candidate too: that notice
    /// holds neither (`LayoutNotice.Kind.ambiguousLayout`). A summary searches
    /// for it as well, though it counts conflicts only: reading from the same
    /// places is what keeps its conflicts the full read's (a garbled advice
    /// line holding the phrase led the full read to a conflict the summary
    /// never looked at; the fuzzer found it).
    let findsNotices: Bool

    init(findsNotices: Bool = true) { self.findsNotices = findsNotices }

    /// The first candidate position at or after `from`, or `text.count`.
    mutating func next(in text: ByteText, from: Int) -> Int {
        if angle < from {
            angle = text.firstIndex(of: UInt8(ascii: "<"), from: from, to: text.count) ?? text.count
        }
        if paren < from { paren = nextListOpening(text, from) }
        if findsNotices, notice < from {
            notice = Self.nextNoticePhrase(text, from)
        }
        return findsNotices ? min(angle, paren, notice) : min(angle, paren)
    }

    /// The next "has an ambiguous layout" at or after `from`, or `text.count`.
    ///
    /// `ByteText.firstIndex(of:anchor:from:to:)` in a loop of its own: `memchr` to the phrase's
    /// `b`, the rarest of its bytes in a log, then its `h` and the rest compared in place. A
    /// summary stops at every `b` of its input (half a million in the bench's 100 MB), so what
    /// each stop costs beside `memchr` counts.
    private static func nextNoticePhrase(_ text: ByteText, _ from: Int) -> Int {
        let phrase: StaticString = "has an ambiguous layout"
        let length = phrase.utf8CodeUnitCount, anchor = 9
        guard from >= 0, text.count - from >= length else { return text.count }
        let end = text.base + (text.count - length + anchor + 1)
        var search = text.base + from + anchor
        while search < end, let found = memchr(search, Int32(UInt8(ascii: "b")), end - search) {
            let hit = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if hit[-anchor] == UInt8(ascii: "h"), memcmp(hit - anchor, phrase.utf8Start, length) == 0 {
                return hit - anchor - text.base
            }
            search = hit + 1
        }
        return text.count
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
