import Foundation
#if canImport(CoreGraphics)
import CoreGraphics
#endif

// MARK: - FixJournal

/// The changes `lfix` applied during one stop of the process, newest last,
/// each with the state it replaced, so `--undo` puts back exactly that.
///
/// A new stop starts a new journal: a change made at an earlier stop stays
/// applied (the user ran on with it) and is no longer offered for undo.
/// Entries retain their object, so an undo never meets a freed one.
final class FixJournal: @unchecked Sendable {
    /// What a change replaced.
    enum SavedState {
        /// A constraint's priority, constant and activation.
        case constraint(priority: Double, constant: Double, isActive: Bool)
        /// A view's `translatesAutoresizingMaskIntoConstraints`.
        case view(translatesAutoresizingMask: Bool)
    }

    /// One applied change.
    struct Entry {
        /// The constraint or view, retained.
        let object: AnyObject
        /// The step as it was reported when applied.
        let step: FixOutcome.Step
        /// What to put back.
        let saved: SavedState
        /// The hierarchy as it was before the change.
        let baseline: Baseline
    }

    /// What an undo needs of the hierarchy before a change, beyond the changed
    /// object: the state the engine's own choices and the layout depend on.
    struct Baseline {
        /// The required constraints that did not hold (retained): an undo hands
        /// them to the engine last, so it breaks the same ones again rather than
        /// whichever it meets last.
        var failing: [AnyObject] = []
        /// The frames of the views placed by their autoresizing masks (retained):
        /// for those the frame is the app's input, and a layout with the change
        /// moved it, so an undo puts it back before the masks are read again.
        var autoresizedFrames: [(view: AnyObject, frame: CGRect)] = []
    }

    /// The process's journal.
    static let shared = FixJournal()

    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopID: UInt64?
    private var entries: [Entry] = []

    /// The entries of stop `stop`, after forgetting those of any other stop.
    func entries(atStop stop: UInt64) -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        if stopID != stop {
            stopID = stop
            entries.removeAll()
        }
        return entries
    }

    /// Adds an entry at stop `stop`.
    func append(_ entry: Entry, atStop stop: UInt64) {
        _ = entries(atStop: stop)
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    /// Removes and returns the newest entries of stop `stop`, newest first.
    func removeLast(_ count: Int, atStop stop: UInt64) -> [Entry] {
        _ = entries(atStop: stop)
        lock.lock()
        defer { lock.unlock() }
        let taken = entries.suffix(count)
        entries.removeLast(taken.count)
        return taken.reversed()
    }

    /// Forgets everything (tests).
    func removeAll() {
        lock.lock()
        stopID = nil
        entries.removeAll()
        lock.unlock()
    }
}
