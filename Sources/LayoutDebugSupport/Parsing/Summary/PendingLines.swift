// MARK: - PendingLines

/// The raw lines of one conflict, kept while summarizing.
struct PendingLines {
    /// What a kept line was in the envelope.
    enum Kind: UInt8 { case listed = 1, broken = 2, stray = 3 }

    var bytes: [UInt8] = []
    var lines: [(start: Int, end: Int, kind: Kind)] = []

    mutating func removeAll() {
        // Emptying an empty array still costs a generic call; most resets find these empty.
        guard !lines.isEmpty || !bytes.isEmpty else { return }
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }
}
