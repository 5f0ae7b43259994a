// MARK: - FixError

/// Why `lfix` changed nothing. Each case is one line, `error: …`, and the
/// process is left exactly as it was.
enum FixError: Error, Equatable, Sendable {
    /// The command line itself is not one `lds_fix` reads.
    case malformed(String)
    /// A handle that is neither `0x…` nor `#N`.
    case badHandle(String)
    /// A number that does not read as one.
    case badNumber(String)
    /// A priority outside 1...1000.
    case badPriority(String)
    /// No live view or constraint at the address (never one, or freed).
    case notLive(UInt)
    /// A view change given a constraint, or the other way round.
    case wrongKind(UInt, expected: String)
    /// The constraint's views are in no window, so there is nothing to lay out.
    case notInAWindow(UInt)
    /// Activating would raise in UIKit: the items share no ancestor.
    case noCommonAncestor(UInt)
    /// `#N` or `--suggestion N` with no conflict report yet.
    case noReport
    /// `#N` past the last report's list.
    case noSuchConstraint(Int, count: Int)
    /// `--suggestion N` past the last report's list of changes.
    case noSuchSuggestion(Int, count: Int)
    /// A suggestion from a report that could not name what to change.
    case suggestionWithoutTarget(Int)
    /// `--undo` with nothing applied in this stop.
    case nothingToUndo
    /// The change would change nothing (already inactive, same priority …).
    case noChange(String)

    /// The line `lfix` prints.
    var message: String {
        switch self {
        case .malformed(let line): return "error: lds_fix cannot read '\(line)'"
        case .badHandle(let text): return "error: '\(text)' is not a handle: give an address (0x…) or #N, constraint N of the last conflict report"
        case .badNumber(let text): return "error: '\(text)' is not a number"
        case .badPriority(let text): return "error: priority \(text) is not between 1 and 1000"
        case .notLive(let address): return "error: \(LookupError.hex(address)) is not a live view or constraint (a wrong address, or freed)"
        case .wrongKind(let address, let expected): return "error: \(LookupError.hex(address)) is not \(expected)"
        case .notInAWindow(let address): return "error: \(LookupError.hex(address)) is in no window: there is no view hierarchy to lay out"
        case .noCommonAncestor(let address):
            return "error: \(LookupError.hex(address)) cannot be activated: its items have no common ancestor (UIKit would raise)"
        case .noReport: return "error: no conflict report yet in this process: #N and --suggestion N number the last one"
        case .noSuchConstraint(let number, let count):
            return "error: the last conflict report lists \(count) constraint\(count == 1 ? "" : "s"); there is no #\(number)"
        case .noSuchSuggestion(let number, let count):
            return count == 0 ? "error: the last conflict report suggests no change"
                : "error: the last conflict report suggests \(count) change\(count == 1 ? "" : "s"); there is no \(number)"
        case .suggestionWithoutTarget(let number): return "error: change \(number) of the last report names no live object to change"
        case .nothingToUndo: return "error: nothing to undo: lfix changed nothing in this stop"
        case .noChange(let why): return "error: nothing to change: \(why)"
        }
    }
}
