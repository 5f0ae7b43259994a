// MARK: - PlainTitles

/// The titles logs print right after an address (`UILabel:0x…'Item 42 of 0x1f'`)
/// that the line cache treats as a parameter of a line's reading, as it does
/// addresses.
///
/// A varied console titles its labels and buttons with counts and ids, so a
/// line that differs from an earlier one only in a title would otherwise be
/// read again; and a title reaches neither a signature nor an owner, except a
/// layout guide's (`'UIViewSafeAreaLayoutGuide'` makes it a system guide), so
/// a guide's title stays in the key as text. Only plain titles are
/// parameters (letters, digits, spaces, `-` and `_`, at least one): a quote,
/// a colon, a dot or a non-ASCII byte can change where a title ends or what a
/// repair does, so such a title is text too.
enum PlainTitles {
    /// The index of the quote that closes the plain title right after the
    /// address run `runStart..<runEnd`, or `nil` when none is there.
    static func end(in text: ByteText, runStart: Int, runEnd: Int, lineStart: Int, lineEnd: Int) -> Int? {
        guard runEnd > runStart, runEnd - runStart <= AddressRuns.longest, runEnd + 1 < lineEnd,
              text[runEnd] == UInt8(ascii: "'"), !isLayoutGuide(text, runStart: runStart, lineStart: lineStart)
        else { return nil }
        var index = runEnd + 1
        while index < lineEnd, isPlain(text[index]) { index += 1 }
        guard index < lineEnd, index > runEnd + 1, text[index] == UInt8(ascii: "'") else { return nil }
        return index
    }

    /// The byte after `byte` among its kind (`0`…`9`, `a`…`z`, `A`…`Z`,
    /// wrapping; others unchanged): a changed title keeps its letters' kinds.
    static func next(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "9"): UInt8(ascii: "0")
        case UInt8(ascii: "z"): UInt8(ascii: "a")
        case UInt8(ascii: "Z"): UInt8(ascii: "A")
        case UInt8(ascii: "0")...UInt8(ascii: "8"), UInt8(ascii: "a")...UInt8(ascii: "y"),
             UInt8(ascii: "A")...UInt8(ascii: "Y"): byte + 1
        default: byte
        }
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20, UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// Whether the class before the address (`:0x` or `: 0x`) ends in
    /// `LayoutGuide`, as `UILayoutGuide` and `NSLayoutGuide` do.
    private static func isLayoutGuide(_ text: ByteText, runStart: Int, lineStart: Int) -> Bool {
        var colon = runStart - 3
        if colon >= lineStart, text[colon] == 0x20 { colon -= 1 }
        let suffix: StaticString = "LayoutGuide"
        let start = colon - suffix.utf8CodeUnitCount
        return start >= lineStart && text.has(suffix, at: start)
    }

    /// Whether a reading's item keeps its title in a line's key: a layout
    /// guide's title can make it a system guide.
    static func isKept(_ item: ObjectReference) -> Bool { item.className.hasSuffix("LayoutGuide") }
}
