import Foundation

// MARK: - SharedConflictBlocks

/// The conflicts one thread has read and checked (`ConflictBlockCache`), for the other threads
/// reading pieces of the same input: a thread that meets a block whose key another has checked
/// takes that conflict, rather than read the block line by line and check a changed copy of it
/// as it would alone. That learning is most of what a second thread added to the work: each
/// thread learned every one of the bench's 638 keys on its own.
///
/// Only checked conflicts are shared, never a key to read in full, and each thread gives a
/// conflict it takes an id of its own (`ConflictShapeCache.newShape`), since ids group conflicts
/// within one thread's reading. Bounded as a thread's own table is.
final class SharedConflictBlocks: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [ConflictShapeCache.Key: ConflictBlockCache.Entry] = [:]

    /// An empty table.
    init() {}

    /// The conflict a thread checked for `key`, if one has.
    func entry(_ key: ConflictShapeCache.Key) -> ConflictBlockCache.Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    /// Offers the conflict checked for `key` to the other threads; once the table is full, the
    /// threads go on learning alone.
    func publish(_ key: ConflictShapeCache.Key, _ entry: ConflictBlockCache.Entry) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count < ConflictBlockCache.capacity { entries[key] = entry }
    }
}
