import Foundation

// MARK: - BrokenConstraints

/// Constraints the engine broke to recover from a conflict, as seen at the
/// conflict breakpoint or hook, so later reports can mark them `[broken]`.
///
/// UIKit keeps a broken constraint active, so nothing on the constraint itself
/// says it was broken; this is the library's memory of it. Entries hold the
/// constraint weakly, so a freed constraint's reused address is not marked.
enum BrokenConstraints {
    private final class Entry {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var entries: [UInt: Entry] = [:]

    /// Remembers that the engine broke `constraint`.
    static func record(_ constraint: AnyObject) {
        lock.lock()
        entries[Nametags.address(of: constraint)] = Entry(constraint)
        lock.unlock()
    }

    /// Forgets that the engine broke `constraint`: `lfix` re-added it, and the
    /// engine took it (a new break records it again).
    static func forget(_ constraint: AnyObject) {
        lock.lock()
        let address = Nametags.address(of: constraint)
        if entries[address]?.object === constraint { entries[address] = nil }
        lock.unlock()
    }

    /// Whether the engine broke `constraint` since it was made.
    static func contains(_ constraint: AnyObject) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries[Nametags.address(of: constraint)]?.object === constraint
    }

    /// The broken constraints as they are now, to test many constraints
    /// without taking the lock for each.
    static func current() -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return Snapshot(entries: entries.isEmpty ? [:] : entries.mapValues { $0.object as AnyObject? })
    }

    /// A copy of the set, as `current()` returns it.
    struct Snapshot {
        fileprivate let entries: [UInt: AnyObject?]

        /// Whether the engine broke `constraint`.
        func contains(_ constraint: AnyObject) -> Bool {
            guard !entries.isEmpty, let entry = entries[Nametags.address(of: constraint)] else { return false }
            return entry === constraint
        }
    }

    /// Forgets every broken constraint (tests).
    static func removeAll() {
        lock.lock()
        entries.removeAll()
        lock.unlock()
    }
}
