// MARK: - Substring search below macOS 13 and iOS 16

extension StringProtocol {
    /// The first range of `target` in the text, or `nil`.
    ///
    /// The standard library's `firstRange(of:)` and `ranges(of:)` need macOS 13
    /// and iOS 16, above the package's deployment targets; the notices these
    /// serve are a few lines long, so a plain scan is enough.
    func firstRange(matching target: String) -> Range<Index>? {
        guard !target.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) { return start..<index(start, offsetBy: target.count) }
            start = index(after: start)
        }
        return nil
    }

    /// Every range of `target` in the text that does not overlap an earlier one, in order.
    func ranges(matching target: String) -> [Range<Index>] {
        var found: [Range<Index>] = []
        var rest = self[...]
        while let range = rest.firstRange(matching: target) {
            found.append(range)
            rest = rest[range.upperBound...]
        }
        return found
    }
}
