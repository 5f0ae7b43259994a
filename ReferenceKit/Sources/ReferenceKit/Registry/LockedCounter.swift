import Foundation

// MARK: - LockedCounter

/// A count that any thread may read or raise.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// The count now.
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Adds one.
    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
