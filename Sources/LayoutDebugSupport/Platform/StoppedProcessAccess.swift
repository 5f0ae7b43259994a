// MARK: - StoppedProcessAccess

/// Where the library reads and changes live views: on whichever thread the debugger stopped
/// in, or the thread a hooked conflict is laid out on.
///
/// The `lds_` functions are called by the debugger while every thread of the process is
/// stopped, often not on the main thread, and a background thread may lay out a hierarchy the
/// main thread never touched (UIKit allows it) and report its conflicts there. Reading views
/// is safe anyway, because no other thread runs meanwhile. So none of the library's code that
/// touches live objects is main-actor isolated: an isolated function, entered on another
/// thread, traps as soon as the actor-isolation checks run (`-enable-actor-data-race-checks`,
/// Swift 6's dynamic isolation), where the `@MainActor` closures once run here by bit-cast did
/// (issue 41, fault 10). It uses UIKit's classes (and ReferenceKit's) as Swift 5 code may use
/// an Objective-C class's `@preconcurrency` isolation: from nonisolated code.
enum StoppedProcessAccess {
    /// Calls `body` on the current thread, whatever it is: the one place that says why.
    ///
    /// - Parameter body: Code that reads or changes live objects.
    /// - Returns: What `body` returns.
    static func run<T>(_ body: () -> T) -> T {
        body()
    }
}
