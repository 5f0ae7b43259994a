import Foundation

// MARK: - ConflictOrdinals

/// Numbers conflicts in the order the process hits them, so reports can say
/// `Conflict #3`.
///
/// Asking twice about the same breakpoint hit (same constraint and list
/// addresses, back to back) gives the same number: the debugger may render a
/// report and then its JSON for one hit.
enum ConflictOrdinals {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var last: (constraint: UInt, list: UInt)?

    /// The ordinal for this hit.
    static func ordinal(constraint: UInt, list: UInt) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.constraint == constraint, last.list == list { return count }
        count += 1
        last = (constraint, list)
        return count
    }

    /// The ordinal for a conflict seen in the process, not at a breakpoint hit
    /// (`StormRecorder`): always a new number, and the next hit is new too,
    /// whatever its addresses.
    static func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        last = nil
        return count
    }

    /// Starts numbering again from 1 (tests).
    static func reset() {
        lock.lock()
        count = 0
        last = nil
        lock.unlock()
    }
}
