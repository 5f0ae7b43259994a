// MARK: - FixRequest

/// What `lds_fix` is asked to do, read from its one-line command:
///
/// ```
/// apply <0xADDRESS | #N> priority <P> | constant <C> | deactivate | activate | no-autoresizing
/// suggestion <N>
/// undo | undo-all | list
/// resolve suggestion <N> | resolve apply #<N> <change>
/// queue suggestion <N> | queue apply <0xADDRESS | #N> <change>
/// ```
///
/// `resolve` changes nothing: it answers the `apply 0x…` line that names what
/// the request would change. `queue` does the same after every check `apply`
/// makes, and asks the main queue to call `LayoutDebugFixPending` on its next
/// turn, where `lfix` makes the change: at a conflict stop the engine is in the
/// middle of its report, and the app runs on meanwhile (which may raise conflicts
/// of its own, each a new "last report", hence the pinned line).
///
/// The LLDB command (`lfix`) turns the user's options into this line, so the
/// target is asked once and the grammar is checked here, where the tests can
/// reach it without a debugger.
enum FixRequest: Equatable, Sendable {
    /// Apply one change to a constraint or a view.
    case apply(FixTarget, LayoutChange)
    /// Apply change N (from 1) of the last conflict report's list.
    case suggestion(Int)
    /// Reverse the newest change of this stop.
    case undo
    /// Reverse every change of this stop, newest first.
    case undoAll
    /// List the changes applied in this stop.
    case list
    /// The `apply 0x…` line a suggestion or a `#N` change names; nothing is changed.
    indirect case resolve(FixRequest)
    /// `resolve`, once the change is known to be possible, and a call of
    /// `LayoutDebugFixPending` asked of the main queue's next turn.
    indirect case queue(FixRequest)

    /// Reads a command line; a malformed one gives the one-line error `lfix` prints.
    static func parse(_ line: String) -> Result<FixRequest, FixError> {
        let words = line.split(separator: " ").map(String.init)
        guard let verb = words.first else { return .failure(.malformed(line)) }
        switch (verb, words.count) {
        case ("undo", 1): return .success(.undo)
        case ("undo-all", 1): return .success(.undoAll)
        case ("list", 1): return .success(.list)
        case ("suggestion", 2):
            guard let number = Int(words[1]), number > 0 else { return .failure(.badNumber(words[1])) }
            return .success(.suggestion(number))
        case ("apply", 3...4):
            guard let target = FixTarget(words[1]) else { return .failure(.badHandle(words[1])) }
            return change(words.dropFirst(2)).map { .apply(target, $0) }
        case ("resolve", 2...), ("queue", 2...):
            return parse(words.dropFirst().joined(separator: " ")).flatMap { inner in
                switch inner {
                case .suggestion, .apply: return .success(verb == "queue" ? .queue(inner) : .resolve(inner))
                default: return .failure(.malformed(line))
                }
            }
        default:
            return .failure(.malformed(line))
        }
    }

    private static func change(_ words: ArraySlice<String>) -> Result<LayoutChange, FixError> {
        let name = words[words.startIndex]
        let value = words.count > 1 ? words[words.startIndex + 1] : nil
        switch (name, value) {
        case ("deactivate", nil): return .success(.deactivate)
        case ("activate", nil): return .success(.activate)
        case ("no-autoresizing", nil): return .success(.noAutoresizing)
        case ("priority", let text?):
            guard let priority = Double(text), priority >= 1, priority <= 1000 else { return .failure(.badPriority(text)) }
            return .success(.priority(priority))
        case ("constant", let text?):
            guard let constant = Double(text), constant.isFinite else { return .failure(.badNumber(text)) }
            return .success(.constant(constant))
        default:
            return .failure(.malformed(words.joined(separator: " ")))
        }
    }
}

extension LayoutChange {
    /// The change as `FixRequest` reads it: `priority 999`, `no-autoresizing`.
    var requestWords: String {
        switch self {
        case .priority(let value): return "priority " + ConstraintSnapshot.number(value)
        case .constant(let value): return "constant " + ConstraintSnapshot.number(value)
        case .deactivate: return "deactivate"
        case .activate: return "activate"
        case .noAutoresizing: return "no-autoresizing"
        }
    }
}

// MARK: - FixTarget

/// What a change applies to, as the user named it.
enum FixTarget: Equatable, Sendable {
    /// An object's address (`0x600000a4c0a0`): every report line starts with its constraint's.
    case address(UInt)
    /// Constraint N (from 1) of the last conflict report's numbered list (`#2`).
    case reportNumber(Int)

    /// Reads `0x…` or `#N`; `nil` for anything else.
    init?(_ text: String) {
        if text.hasPrefix("#") {
            guard let number = Int(text.dropFirst()), number > 0 else { return nil }
            self = .reportNumber(number)
        } else if text.hasPrefix("0x"), let address = UInt(text.dropFirst(2), radix: 16), address != 0 {
            self = .address(address)
        } else {
            return nil
        }
    }
}
