#if canImport(UIKit)
import UIKit

// MARK: - Entering the background (UIKit only; type-checked against the real SDKs)

extension StormRecorder {
    nonisolated(unsafe) private static var backgroundObserver: NSObjectProtocol?

    /// Signals the debugger when the app enters the background: iOS may then kill it
    /// (SIGKILL, no `atexit`), and what the recorder holds would be lost. Registered once, by
    /// `start`, under its lock's once-only flag.
    static func observeEnteringBackground() {
        guard backgroundObserver == nil else { return }
        backgroundObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
        ) { _ in
            StormRecorder.signalIfPending(.background)
        }
    }
}
#elseif os(Linux) || (canImport(AppKit) && os(macOS))

extension StormRecorder {
    /// A Mac app or a Linux process is not killed for leaving the foreground: it is read at
    /// exit and after each burst.
    static func observeEnteringBackground() {}
}
#endif
