// MARK: - ASCIIEscapes

/// Replacements for a few ASCII characters, made in one pass over a text's UTF-8: how `--ci`'s
/// results escape signatures and reports for XML, Markdown and GitHub's workflow commands, and how
/// a picture escapes its SVG text.
///
/// A scalar at a time (`unicodeScalars`, appended one by one) the results' escaping was a third
/// of `--ci`'s time on a big run; bytes are copied in runs here. A replaced byte is ASCII, so it
/// is never part of a longer UTF-8 sequence, and the text stays valid.
struct ASCIIEscapes {
    /// For each byte value, 1 + the index of its replacement, or 0 when it is kept: 256 of them,
    /// so a byte of a longer UTF-8 sequence is looked up like any other (and kept).
    private var slots = [UInt8](repeating: 0, count: 256)
    private var replacements: [[UInt8]] = []

    /// Escapes that replace each `character` with its `replacement`, all at once: a replacement
    /// is never escaped again, so the order of the pairs does not matter.
    init(_ pairs: KeyValuePairs<Unicode.Scalar, String>) {
        self.init(pairs: pairs.map { ($0.key, $0.value) })
    }

    /// `init(_:)` with pairs made at run time.
    init(pairs: [(Unicode.Scalar, String)]) {
        for (character, replacement) in pairs {
            precondition(character.isASCII, "only ASCII characters are escaped")
            replacements.append(Array(replacement.utf8))
            slots[Int(character.value)] = UInt8(replacements.count)
        }
    }

    /// `text` with every character these escapes name replaced; `text` itself when none is there.
    ///
    /// - Complexity: O(`text.utf8.count`).
    func apply(to text: String) -> String {
        var source = text
        let escaped: [UInt8]? = source.withUTF8 { bytes in
            guard firstEscaped(in: bytes) != nil else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
            apply(to: bytes, appendingTo: &out)
            return out
        }
        return escaped.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Appends `text`, escaped, to `out`: what `apply(to:)` returns, without a `String` made.
    ///
    /// - Complexity: O(`text.utf8.count`).
    func apply(to text: String, appendingTo out: inout [UInt8]) {
        var source = text
        source.withUTF8 { apply(to: $0, appendingTo: &out) }
    }

    /// Escapes `bytes` from `start` on, in place: for text written whole first, most often with
    /// nothing to escape, as a list of test names is.
    ///
    /// - Complexity: O(`bytes.count - start`).
    func apply(to bytes: inout [UInt8], from start: Int) {
        guard let first = bytes.withUnsafeBufferPointer({ firstEscaped(in: $0, from: start) }) else { return }
        let tail = Array(bytes[first...])
        bytes.removeSubrange(first...)
        tail.withUnsafeBufferPointer { apply(to: $0, appendingTo: &bytes) }
    }

    /// Appends `bytes`, escaped, to `out`, copying the runs between escapes whole.
    private func apply(to bytes: UnsafeBufferPointer<UInt8>, appendingTo out: inout [UInt8]) {
        var copied = 0
        while let index = firstEscaped(in: bytes, from: copied) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            out.append(contentsOf: replacements[Int(slots[Int(bytes[index])]) - 1])
            copied = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
    }

    /// The index of the first byte from `start` on that these escapes replace.
    private func firstEscaped(in bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            for index in start..<bytes.count {
                if slots[Int(bytes[index])] != 0 { return index }
            }
            return nil
        }
    }
}
