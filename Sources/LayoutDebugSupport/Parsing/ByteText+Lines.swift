// MARK: - Lines

extension ByteText {
    /// The start of the line holding `index`, no earlier than `notBefore`.
    func lineStart(containing index: Int, notBefore: Int) -> Int {
        var start = index
        while start > notBefore, base[start - 1] != 0x0A { start -= 1 }
        return start
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
