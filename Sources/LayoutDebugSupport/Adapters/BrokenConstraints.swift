import Foundation

// MARK: - BrokenConstraints

/// Constraints the engine broke to recover from a conflict, as seen at the
/// conflict breakpoint or hook, so later reports can mark them `[broken]`.
///
/// UIKit keeps a broken constraint active, so nothing on the constraint itself
/// says it was broken; this is the library's memory of it. Entries hold the
/// constraint weakly, so a freed constraint's reused address is not marked.
public enum BrokenConstraints {
    private final class Entry {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var entries: [UInt: Entry] = [:]

    /// Remembers that the engine broke `constraint`.
    public static func record(_ constraint: AnyObject) {
        lock.lock()
        entries[Nametags.address(of: constraint)] = Entry(constraint)
        lock.unlock()
    }

    /// Whether the engine broke `constraint` since it was made.
    public static func contains(_ constraint: AnyObject) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[Nametags.address(of: constraint)]?.object === constraint
    }

    /// Forgets every broken constraint (tests).
    public static func removeAll() {
        lock.lock()
        entries.removeAll()
        lock.unlock()
    }
}
