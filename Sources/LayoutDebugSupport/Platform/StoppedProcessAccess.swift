// MARK: - StoppedProcessAccess

/// Runs main-actor code from a C entry point without checking the thread.
///
/// The `lds_` functions are called by the debugger while every thread of the
/// process is stopped, on whichever thread it stopped in: often not the main
/// thread. `MainActor.assumeIsolated` would trap there. Reading views is safe
/// anyway, because no other thread can run while the process is stopped, so
/// this drops the isolation of the closure's type, once, here, for that reason.
enum StoppedProcessAccess {
    /// Calls `body` on the current thread, whatever it is.
    ///
    /// - Parameter body: Code that reads main-actor state.
    /// - Returns: What `body` returns.
    static func run<T>(_ body: @MainActor () -> T) -> T {
        withoutActuallyEscaping(body) { escapable in
            // A global-actor function type has the same representation as a
            // plain one; only the compiler's isolation check differs.
            let unchecked = unsafeBitCast(escapable, to: (() -> T).self)
            return unchecked()
        }
    }
}
