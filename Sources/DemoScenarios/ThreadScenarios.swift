import Foundation
import ReferenceKit

// MARK: - ThreadScenarios

/// Conflicts raised off the main thread.
enum ThreadScenarios {
    /// The views of the background hierarchy, kept alive for the rest of the run.
    nonisolated(unsafe) private static var kept: [UIView] = []

    /// A hierarchy built and laid out on a background thread, which the main
    /// thread never touches, while the main thread waits for it: its width
    /// conflict (100 against 120) is raised on that thread. UIKit allows this
    /// for an engine the main thread has not used.
    @MainActor
    static func backgroundConflict(root: UIView, count: Int) {
        let build = unsafeBitCast({ buildOffMain() } as @MainActor () -> Void, to: (@Sendable () -> Void).self)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // Time for the main thread to park in its wait, as an app's main run loop sits
            // waiting for events while a background thread lays out.
            usleep(200_000)
            build()
            done.signal()
        }
        thread.name = "background-layout"
        thread.start()
        done.wait()
    }

    @MainActor
    private static func buildOffMain() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
        ConflictStorm.duplicateWidth(in: host)
        host.layoutIfNeeded()
        kept = [host]
    }
}
