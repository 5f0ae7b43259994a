// MARK: - AddressRuns

/// The hexadecimal digits after `:0x` or `: 0x` in a line: where logs print
/// addresses, and now and then text that only looks like one.
enum AddressRuns {
    /// The most digits an address has; the parser reads no longer run as one.
    static let longest = 16

    /// Calls `body` with the start and end of each run of digits, in order
    /// (an empty run when `:0x` has no digit after it), its value and a bit
    /// per capital letter, last digit lowest (of its last 16 digits when
    /// longer).
    @inline(__always)
    static func forEach(in text: ByteText, _ start: Int, _ end: Int,
                        _ body: (Int, Int, UInt64, UInt64) -> Void) {
        var index = start
        while index < end, let x = text.firstIndex(of: UInt8(ascii: "x"), from: index, to: end) {
            index = x + 1
            guard isAddressPrefix(text, x, lineStart: start) else { continue }
            var value: UInt64 = 0
            var capitals: UInt64 = 0
            while index < end, let digit = ByteClass.hexValue(text[index]) {
                value = value &<< 4 | digit
                capitals = capitals &<< 1 | (text[index] &- UInt8(ascii: "A") < 6 ? 1 : 0)
                index += 1
            }
            body(x + 1, index, value, capitals)
        }
    }

    /// The digit after `digit` among its kind (`0`…`9`, `a`…`f`, `A`…`F`,
    /// wrapping): changing every digit this way keeps lengths, letters and
    /// which addresses are spelled alike, and zeros change too (`'tag:0x0'`).
    private static func nextDigit(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "9"): UInt8(ascii: "0")
        case UInt8(ascii: "f"): UInt8(ascii: "a")
        case UInt8(ascii: "F"): UInt8(ascii: "A")
        default: digit + 1
        }
    }

    /// Whether the `x` at `index` is the `x` of `:0x` or `: 0x`.
    private static func isAddressPrefix(_ text: ByteText, _ index: Int, lineStart: Int) -> Bool {
        guard index - 2 >= lineStart, text[index - 1] == UInt8(ascii: "0") else { return false }
        if text[index - 2] == UInt8(ascii: ":") { return true }
        return index - 3 >= lineStart && text[index - 2] == 0x20 && text[index - 3] == UInt8(ascii: ":")
    }
}

extension AddressRuns {
    /// A copy of one line with every address changed, digits and width: each
    /// digit is replaced by the next one of its kind and a run shorter than
    /// `longest` gets one more digit, so any part of an address that reaches
    /// a reading shows; a plain title or identifier after an address
    /// (`QuotedParameters`) is changed alike, each letter and digit and one letter more. Two spellings of one address (`0x010` and `0x10`)
    /// may part; the worst that does is keep a line out of the cache. A line cache keyed without digits or widths keeps
    /// a reading only when this copy reads the same. Without `identifier`,
    /// an identifier is left as it is (a conflict's block keeps them in its key).
    static func changedLine(_ text: ByteText, _ start: Int, _ end: Int, identifier: Bool = true) -> [UInt8] {
        var copy: [UInt8] = []
        copy.reserveCapacity(end - start + 16)
        var index = start
        var runs = 0
        forEach(in: text, start, end) { runStart, runEnd, _, _ in
            copy.append(contentsOf: UnsafeBufferPointer(start: text.base + index, count: runStart - index))
            index = runStart
            guard runEnd - runStart <= longest else { return }
            for digit in runStart..<runEnd { copy.append(nextDigit(text[digit])) }
            if runEnd > runStart, runEnd - runStart < longest { copy.append(UInt8(ascii: "1")) }
            index = runEnd
            runs += 1
            if identifier, runs == 1, let close = QuotedParameters.identifierEnd(in: text, runStart: runStart, runEnd: runEnd,
                                                                 lineEnd: end) {
                copy.append(contentsOf: [0x20, UInt8(ascii: "'")])
                for byte in runEnd + 2..<close { copy.append(QuotedParameters.next(text[byte])) }
                copy.append(UInt8(ascii: "a"))
                index = close
                return
            }
            guard let close = QuotedParameters.titleEnd(in: text, runStart: runStart, runEnd: runEnd, lineStart: start,
                                              lineEnd: end) else { return }
            copy.append(UInt8(ascii: "'"))
            for byte in runEnd + 1..<close { copy.append(QuotedParameters.next(text[byte])) }
            copy.append(UInt8(ascii: "a"))
            index = close
        }
        copy.append(contentsOf: UnsafeBufferPointer(start: text.base + index, count: end - index))
        return copy
    }
}
