import Foundation

// MARK: - LintSuppressions

/// The rules silenced per view in this process (`LayoutLint.ignore`), by
/// rule name and view address. Like a nametag, an entry belongs to the address:
/// a view freed and replaced at the same address keeps the silence, so silence
/// views that live as long as the screen does.
enum LintSuppressions {
    /// One silenced rule on one view.
    struct Key: Hashable, Sendable {
        var rule: String
        var view: UInt64
    }

    private static let lock = NSLock()
    // Guarded by `lock`: the debugger and tests may call from any thread.
    nonisolated(unsafe) private static var keys: Set<Key> = []

    /// The silenced rules now.
    static func current() -> Set<Key> {
        lock.lock(); defer { lock.unlock() }
        return keys
    }

    static func insert(_ key: Key) {
        lock.lock(); keys.insert(key); lock.unlock()
    }

    static func removeAll() {
        lock.lock(); keys.removeAll(); lock.unlock()
    }
}
