// MARK: - KeptReading

/// A kept line's reading within its conflict.
struct KeptReading {
    /// The line as read, shared with the line cache or read for this conflict alone.
    var line: ConflictLineCache.Line
    var kind: PendingLines.Kind
    /// Whether `line` is in the line cache, so its id names its text.
    var isShared: Bool
    /// Whether `line` was read for the first time in this conflict.
    var isFirstSeen = false
    /// The line's own identifier when its key leaves it out and it differs
    /// from `line`'s, so that a conflict's key can hold it.
    var identifier: String?
    /// This line's own constraint address (a shared reading holds the
    /// address of the line it was read from).
    var address: UInt64?

    /// The class of this line's constraint (an identifier does not change it).
    var className: String? { line.reading.className }
}
