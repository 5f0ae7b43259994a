// MARK: - QuotedParameters

/// The quoted texts the line cache treats as parameters of a line's reading,
/// as it does addresses: a title right after an address
/// (`UILabel:0x…'Item 42 of 0x1f'`) and a constraint's identifier right after
/// its address (`<NSLayoutConstraint:0x… 'cell-0x7f3a-12' …`).
///
/// A varied console titles its labels with counts and ids and names its
/// constraints after cells, so a line that differs from an earlier one only
/// there would otherwise be read again. A title reaches neither a signature
/// nor an owner, except a layout guide's (`'UIViewSafeAreaLayoutGuide'` makes
/// it a system guide), so a guide's title stays in the key as text. An
/// identifier reaches both, so a shared reading is given each line's own.
/// Only plain texts are parameters (letters, digits, `-`, `_` and, in a
/// title, spaces; at least one): a quote, a colon, a dot or a non-ASCII byte
/// can change where the text ends or what a repair does, so such text stays
/// in the key.
enum QuotedParameters {
    /// The index of the quote that closes the plain title right after the
    /// address run `runStart..<runEnd`, or `nil` when none is there.
    static func titleEnd(in text: ByteText, runStart: Int, runEnd: Int, lineStart: Int, lineEnd: Int) -> Int? {
        guard runEnd > runStart, runEnd - runStart <= AddressRuns.longest, runEnd + 1 < lineEnd,
              text[runEnd] == UInt8(ascii: "'"), !isLayoutGuide(text, runStart: runStart, lineStart: lineStart)
        else { return nil }
        var index = runEnd + 1
        while index < lineEnd, isPlain(text[index]) { index += 1 }
        guard index < lineEnd, index > runEnd + 1, text[index] == UInt8(ascii: "'") else { return nil }
        return index
    }

    /// The index of the quote that closes the plain identifier right after
    /// the address run `runStart..<runEnd`, the line's first
    /// (`<NSLayoutConstraint:0x… 'cell-12' …`), or `nil` when none is there.
    /// An identifier reaches the signature and the triage, so a reading
    /// shared over one is given each line's own (`ConsoleLogParser.reading`).
    static func identifierEnd(in text: ByteText, runStart: Int, runEnd: Int, lineEnd: Int) -> Int? {
        guard runEnd > runStart, runEnd - runStart <= AddressRuns.longest, runEnd + 2 < lineEnd,
              text[runEnd] == 0x20, text[runEnd + 1] == UInt8(ascii: "'") else { return nil }
        var index = runEnd + 2
        while index < lineEnd, isPlain(text[index]), text[index] != 0x20 { index += 1 }
        guard index + 1 < lineEnd, index > runEnd + 2, text[index] == UInt8(ascii: "'"), text[index + 1] == 0x20
        else { return nil }
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
