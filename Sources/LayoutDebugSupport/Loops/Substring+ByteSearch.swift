// MARK: - Searching a line's bytes

extension Substring {
    /// The first range of `needle` in the line, found in its UTF-8 bytes with the parser's
    /// `ByteText` search (`memchr`, then a compare): a crash report's frame lines are long and a
    /// big log has many, where `firstRange(matching:)` compares `Character`s at every position.
    /// `needle` starts with an ASCII character, so every match starts on a character.
    func byteRange(of needle: StaticString) -> Range<Index>? {
        let found = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let needleBytes = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
            return ByteText(base: base, count: bytes.count).firstIndex(of: needleBytes, from: 0, to: bytes.count)
        }
        guard let found else { return firstRange(matching: needle.description) }
        guard let offset = found else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8CodeUnitCount)
    }

    /// Whether the line holds `needle`.
    func holds(_ needle: StaticString) -> Bool { byteRange(of: needle) != nil }

    /// Every range of `needle` that does not overlap an earlier one, in order.
    func byteRanges(of needle: StaticString) -> [Range<Index>] {
        var found: [Range<Index>] = []
        var rest = self
        while let range = rest.byteRange(of: needle) {
            found.append(range)
            rest = rest[range.upperBound...]
        }
        return found
    }
}
