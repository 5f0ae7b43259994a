#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - FixQueue

/// Where `lfix` makes a change it was asked for at a conflict stop: on the main queue's next
/// turn, in `LayoutDebugFixPending`, where it keeps a one-shot breakpoint.
///
/// At a conflict stop the thread is inside the engine's report of the conflict, where a change
/// would re-enter it. Stepping out of the engine cannot be done safely: the first frame above it
/// that is not the system's may be a debugger library's own hook, still inside the engine (issue
/// 41, fault 1), and in a deferred layout pass it is `main` or SwiftUI's `$main`, under
/// `UIApplicationMain` or `NSApplicationMain`, which never return (fault 2). Every UIKit, AppKit
/// and SwiftUI app turns its main queue: the next turn comes once the engine and the layout
/// pass have returned to the run loop.
enum FixQueue {
    /// Asks the main queue to call `LayoutDebugFixPending` on its next turn.
    static func callPendingOnNextMainQueueTurn() {
        DispatchQueue.main.async { LayoutDebugFixPending() }
    }
}

/// How many times the main queue called `LayoutDebugFixPending`: the body's one effect, which
/// keeps the optimizer from dropping the call.
nonisolated(unsafe) private var fixPendingCalls: UInt = 0

/// Where `lfix` makes a change it queued at a conflict stop: the main queue calls it on its next
/// turn after `lds_fix("queue …")`, and `lfix` keeps a one-shot breakpoint here. Does nothing itself.
///
/// Its symbol is this plain name, so the breakpoint has one location; `@_optimize(none)` keeps a
/// release build from calling a specialized copy (as `LayoutDebugStormPending`).
@_silgen_name("LayoutDebugFixPending")
@inline(never)
@_optimize(none)
public func LayoutDebugFixPending() {
    fixPendingCalls &+= 1
}
#endif
