import Foundation

// MARK: - Who may change the engine, and when

/// UIKit's rules for changing a layout engine, checked at every change.
///
/// - Off the main thread: once an engine has been used on the main thread,
///   UIKit raises `NSInternalInconsistencyException` ("Modifications to the
///   layout engine must not be performed from a background thread after it has
///   been accessed from the main thread.") from `-[NSISEngine
///   withBehaviors:performModifications:]`.
/// - From inside its own conflict report: while the engine calls out about a
///   constraint it breaks (the host's `engine(_:willBreakConstraint:…)` hook and
///   `UIViewAlertForUnsatisfiableConstraints`) it is in the middle of handling an
///   unsatisfiable row. UIKit's engine does not expect a change there and can be
///   left corrupt; ReferenceKit refuses it loudly, so that a tool which changes
///   the layout at that stop (a debugger's `lfix`) cannot pass on Linux and
///   corrupt a real app.
struct EngineAccess {
    /// Set once the engine has been used on the main thread.
    private(set) var usedOnMainThread = false
    /// How deep the engine is in reporting conflicts (a hook may itself be reported to).
    private(set) var reportDepth = 0

    /// The error UIKit would raise for a change now, or `nil` when it is allowed;
    /// an allowed change on the main thread marks the engine as used there.
    mutating func change(onMainThread: Bool) -> LayoutConstraintError? {
        if let error = Self.refusal(reporting: reportDepth > 0, onMainThread: onMainThread,
                                    usedOnMainThread: usedOnMainThread) {
            return error
        }
        if onMainThread { usedOnMainThread = true }
        return nil
    }

    /// Whether a query now (`EngineQuery`) reads the engine in the middle of its report.
    /// Queries are flagged there, not refused: see `EngineQuery`.
    var flagsQueries: Bool { reportDepth > 0 }

    /// Runs `report`, the engine's call-out about a constraint it breaks.
    mutating func beginReport() { reportDepth += 1 }
    mutating func endReport() { reportDepth -= 1 }

    /// Whether a change is refused, and with what.
    static func refusal(reporting: Bool, onMainThread: Bool, usedOnMainThread: Bool) -> LayoutConstraintError? {
        if !onMainThread && usedOnMainThread { return .backgroundModification }
        if reporting { return .modificationWhileReporting }
        return nil
    }
}

extension LayoutConstraintError {
    /// UIKit's exception for a change off the main thread after the main thread used the engine.
    static let backgroundModification = LayoutConstraintError(
        name: "NSInternalInconsistencyException",
        reason: "Modifications to the layout engine must not be performed from a background thread after it has been "
            + "accessed from the main thread.")

    /// A change made while the engine reports a constraint it breaks.
    static let modificationWhileReporting = LayoutConstraintError(
        name: "NSInternalInconsistencyException",
        reason: "The layout engine was modified while it was reporting an unsatisfiable constraint "
            + "(inside UIViewAlertForUnsatisfiableConstraints or the engine:willBreakConstraint: hook). "
            + "Make the change after the engine returns.")
}
