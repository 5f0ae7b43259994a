import Foundation
import ReferenceKit

// MARK: - ThreadScenarios

/// Conflicts raised off the main thread.
enum ThreadScenarios {
    /// The views of the background hierarchy, kept alive for the rest of the run.
    nonisolated(unsafe) private static var kept: [UIView] = []

    /// A hierarchy built and laid out on a background thread, which the main
    /// thread never touches, while the main thread waits for it in its run loop, as
    /// an app's main thread waits for events: its width conflict (100 against 120)
    /// is raised on that thread. UIKit allows this for an engine the main thread
    /// has not used.
    @MainActor
    static func backgroundConflict(root: UIView, count: Int) {
        let build = unsafeBitCast({ buildOffMain() } as @MainActor () -> Void, to: (@Sendable () -> Void).self)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // Time for the main thread to park in its run loop's wait.
            usleep(200_000)
            build()
            done.signal()
        }
        thread.name = "background-layout"
        thread.start()
        waitInRunLoop(until: done)
    }

    /// Runs the main run loop until `done` is signalled: the thread sleeps in the run loop's
    /// own wait (corelibs' `__CFRunLoopServiceFileDescriptors`), where a debugger may run a
    /// call on it, not in a semaphore's, where it could hold a lock the call needs. A timer
    /// keeps the loop waiting rather than returning at once for want of sources.
    @MainActor
    private static func waitInRunLoop(until done: DispatchSemaphore) {
        let keepAlive = Timer(timeInterval: 3600, repeats: true) { _ in }
        RunLoop.main.add(keepAlive, forMode: .default)
        while done.wait(timeout: .now()) == .timedOut {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.05))
        }
        keepAlive.invalidate()
    }

    @MainActor
    private static func buildOffMain() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        ConflictStorm.duplicateWidth(in: host)
        host.layoutIfNeeded()
        kept = [host]
    }
}
