import Foundation

// MARK: - Questions asked of the engine mid-report

/// A question that reads the engine's solved state rather than changing it.
///
/// Asked while the engine reports a constraint it breaks (from the
/// `engine(_:willBreakConstraint:…)` hook or at a `UIViewAlertForUnsatisfiableConstraints`
/// breakpoint), such a question reads a tableau in the middle of a change. UIKit does not
/// document what happens then. What is public: these answers come from the engine itself
/// (the trace names engine variables, `minX{id: 170}`, in the `_autolayoutTrace` output
/// quoted on Stack Overflow question 26389273); the report runs inside
/// `-[NSISEngine withBehaviors:performModifications:]` (the stacks in
/// firebase/quickstart-ios#261 and jdg/MBProgressHUD#532), whose rows are then half
/// pivoted; and CoreAutoLayout asserts when it is asked to optimize in the middle of a
/// change (`-[NSISEngine _optimizeIfNotDisabled]` raising from
/// `tryToAddConstraintWithMarker:` inside `updateConstraints`, jdg/MBProgressHUD#532).
/// So ReferenceKit answers, and flags the question: one line on stderr the first time
/// each is asked, and a count (`ReferenceKitDebugHooks.engineQueriesWhileReporting`),
/// so that a tool's snapshot taken mid-report fails a test, as a change there does.
enum EngineQuery: String, CaseIterable, Sendable {
    case hasAmbiguousLayout
    case exerciseAmbiguityInLayout
    case autolayoutTrace = "_autolayoutTrace"
    case constraintsAffectingLayout = "constraintsAffectingLayout(for:)"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var said: Set<EngineQuery> = []

    /// How many questions were flagged in this process.
    static var flaggedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Counts `query`, and says so on stderr the first time it comes.
    static func flag(_ query: EngineQuery) {
        lock.lock()
        count += 1
        let first = said.insert(query).inserted
        lock.unlock()
        guard first else { return }
        FileHandle.standardError.write(Data(("ReferenceKit: \(query.rawValue) asked the layout engine while it reports an "
            + "unsatisfiable constraint; its rows are half changed there. Ask after the engine returns.\n").utf8))
    }
}

extension ReferenceKitDebugHooks {
    /// How many questions (`hasAmbiguousLayout`, `_autolayoutTrace`, …) were asked of an
    /// engine while it reported a constraint it breaks, in this process.
    public static var engineQueriesWhileReporting: Int { EngineQuery.flaggedCount }
}

/// `ReferenceKitDebugHooks.engineQueriesWhileReporting`, for a debugger session:
/// `expression (long)ReferenceKitEngineQueriesWhileReporting()`.
@_cdecl("ReferenceKitEngineQueriesWhileReporting")
public func ReferenceKitEngineQueriesWhileReporting() -> Int {
    EngineQuery.flaggedCount
}
