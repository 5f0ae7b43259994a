// MARK: - Lines

extension ByteText {
    /// The start of the line holding `index`, no earlier than `notBefore`.
    func lineStart(containing index: Int, notBefore: Int) -> Int {
        var start = index
        // Eight bytes at a time, a word with no `\n` passed over whole: a
        // conflict is found from its list and its header looked for up to
        // ten lines back, a byte at a time a twentieth of a summary's cost.
        while start - 8 >= notBefore {
            let word = UnsafeRawPointer(base + start - 8).loadUnaligned(as: UInt64.self)
            if Self.holdsNewline(word) { break }
            start -= 8
        }
        while start > notBefore, base[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// Whether any byte of `word` is `\n`: the zero-byte test on `word`
    /// with every byte xored with `\n` (exact for whether one is there).
    @inline(__always) private static func holdsNewline(_ word: UInt64) -> Bool {
        let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 != 0
    }

    /// The number of `\n` bytes in `from..<to`.
    ///
    /// One `memchr` per line: the C library's vectorised search is faster
    /// than any portable Swift loop over the bytes (plain x86-64 has no
    /// population count and generic SIMD types compile to scalar code).
    func newlines(from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        while let newline = firstIndex(of: 0x0A, from: index, to: to) {
            count += 1
            index = newline + 1
        }
        return count
    }
}
