import Foundation

// MARK: - LastConflictReport

/// The numbers of the last conflict report this process printed: its
/// constraints (`#2`) and its list of changes (`--suggestion 2`), as addresses,
/// so `lfix` can act on what the user just read.
struct ConflictHandles: Hashable, Sendable {
    /// The mutually exclusive constraints' addresses, in the report's order.
    var constraints: [UInt64?]
    /// The report's changes, in the report's order.
    var suggestions: [ConflictExplanation.Fix]

    /// Handles from a conflict and its explanation.
    init(_ conflict: ConflictSnapshot, _ explanation: ConflictExplanation) {
        constraints = conflict.mutuallyExclusive.map(\.address)
        suggestions = explanation.fixes
    }
}

/// Remembers the handles of the last conflict report (`lds_conflict_report`).
enum LastConflictReport {
    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var handles: ConflictHandles?

    /// The last report's handles, or `nil` before the first report.
    static var current: ConflictHandles? {
        lock.lock()
        defer { lock.unlock() }
        return handles
    }

    /// Makes `new` the last report.
    static func remember(_ new: ConflictHandles) {
        lock.lock()
        handles = new
        lock.unlock()
    }

    /// Forgets the last report (tests).
    static func forget() {
        lock.lock()
        handles = nil
        lock.unlock()
    }
}
