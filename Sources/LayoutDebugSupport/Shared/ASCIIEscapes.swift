// MARK: - ASCIIEscapes

/// Replacements for a few ASCII characters, made in one pass over a text's UTF-8: how `--ci`'s
/// results escape signatures and reports for XML, Markdown and GitHub's workflow commands, and how
/// a picture escapes its SVG text.
///
/// A scalar at a time (`unicodeScalars`, appended one by one) the results' escaping was a third
/// of `--ci`'s time on a big run; bytes are copied in runs here. A replaced byte is ASCII, so it
/// is never part of a longer UTF-8 sequence, and the text stays valid.
struct ASCIIEscapes {
    /// For each ASCII byte, 1 + the index of its replacement, or 0 when it is kept.
    private var slots = [UInt8](repeating: 0, count: 128)
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
        let escaped: String? = source.withUTF8 { bytes in
            var out: [UInt8] = []
            var copied = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x80, slots[Int(byte)] != 0 else { continue }
                if out.isEmpty { out.reserveCapacity(bytes.count + bytes.count / 8 + 16) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                out.append(contentsOf: replacements[Int(slots[Int(byte)]) - 1])
                copied = index + 1
            }
            guard copied > 0 else { return nil }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
            return String(decoding: out, as: UTF8.self)
        }
        return escaped ?? text
    }
}
