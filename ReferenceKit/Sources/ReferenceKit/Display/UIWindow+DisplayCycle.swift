import Foundation

// MARK: - The rules

/// Whose display cycle a window runs.
///
/// Both frameworks run another pass when the window is marked again during its own
/// pass. They differ in what stops a pass that never ends:
/// - `uiKit`: nothing, unless the layout feedback loop debugger is armed
///   (`LayoutFeedbackLoopDebugger`); the app spins at 100 % CPU, as iOS apps do.
/// - `appKit`: the window counts its passes and, past as many as it has views, raises
///   `NSGenericException` (or, with the user default
///   `NSWindowAssertWhenDisplayCycleLimitReached` false, logs once and stops).
public enum DisplayCycleRules: Sendable {
    case uiKit
    case appKit
}

/// A pass of the window's display cycle, under AppKit's name for it.
enum WindowPass: String, Sendable {
    case updateConstraints = "Update Constraints in Window"
    case layout = "Layout Window"
}

/// What a window's running display cycle has counted.
struct WindowDisplayCycle {
    /// Whether the cycle runs now: a mark made meanwhile asks for another pass.
    var isRunning = false
    /// Marks made during the cycle, per pass (AppKit's DisplayCycle log: "Incrementing
    /// window 0x… update constraints count (was 203)").
    var updateConstraintsCount = 0
    var layoutCount = 0
    /// Set when the limit was reached without the exception: marks are ignored until
    /// the cycle ends.
    var ignoresMarks = false
    /// Set while a pass applies the engine's frames: the marks their size changes make are
    /// cleared by that same pass.
    var appliesEngineFrames = false

    /// How many windows run their cycle now: while none does, a mark looks for no window.
    @MainActor static var running = 0

    /// The count of `pass`, after one more mark.
    mutating func increment(_ pass: WindowPass) -> Int {
        switch pass {
        case .updateConstraints: updateConstraintsCount += 1; return updateConstraintsCount
        case .layout: layoutCount += 1; return layoutCount
        }
    }
}

/// AppKit's window numbers come from the window server; ReferenceKit counts up from 1.
enum WindowNumbers {
    nonisolated(unsafe) private static var last = 0
    static func next() -> Int {
        last += 1
        return last
    }
}

// MARK: - The cycle

extension UIWindow {
    /// Runs the window's display cycle: passes until nothing in the window is marked.
    /// A mark made by a pass asks for another; `markedDuringCycle` counts it.
    func runDisplayCycle(_ pass: (UIWindow) -> Void) {
        displayCycle = WindowDisplayCycle(isRunning: true)
        WindowDisplayCycle.running += 1
        defer {
            displayCycle = WindowDisplayCycle()
            WindowDisplayCycle.running -= 1
        }
        repeat { pass(self) } while !displayCycle.ignoresMarks && needsAnotherPass
    }

    /// Whether any view of the window waits for a pass. The window's own update mark is
    /// not one: a window is not laid out by constraints, and its pass never clears it.
    private var needsAnotherPass: Bool {
        cycleMarks.needsLayout || subviews.contains { root in
            root.subtreeViews().contains { $0.cycleMarks.needsLayout || $0.cycleMarks.needsUpdateConstraints }
        }
    }

    /// A view of the window was marked for `pass`. During the cycle, an AppKit window
    /// counts the mark and, past as many as it has views, reaches its limit.
    func markedDuringCycle(_ pass: WindowPass) {
        guard displayCycle.isRunning, !displayCycle.ignoresMarks, !displayCycle.appliesEngineFrames,
              displayCycleRules == .appKit else { return }
        let count = displayCycle.increment(pass)
        let views = subtreeViews().count
        guard count > views else { return }
        displayCycleLimitReached(pass)
    }

    /// AppKit's `-[NSWindow(NSDisplayCycle) _postWindowNeedsUpdateConstraints]` and
    /// `_postWindowNeedsLayout` at the limit: the exception, or with
    /// `NSWindowAssertWhenDisplayCycleLimitReached` false the non-fatal log, after which
    /// further marks are ignored.
    ///
    /// Wordings, verbatim from public reports: the reason, Update Constraints in iina#3505
    /// and sequelpro#3479, Layout Window in thusvill/LiveWallpaperMacOS#35 (macOS 26.0.1);
    /// the window description after " \n" from macOS 11 on (reddit-swiftui#27, UTM#3446,
    /// Sequel-Ace#1774); the non-fatal form and its "Future marking …" sentence in
    /// Sequel-Ace#1774 (macOS 14 beta 2); the user default in utmapp/UTM#4691.
    @inline(never)
    func displayCycleLimitReached(_ pass: WindowPass) {
        let reason = Self.limitReason(pass) + " \n" + windowDescription
        if UserDefaults.standard.object(forKey: "NSWindowAssertWhenDisplayCycleLimitReached") as? Bool == false {
            displayCycle.ignoresMarks = true
            FileHandle.standardError.write(Data((reason + " Future marking as needing \(pass.rawValue) might be ignored.\n").utf8))
            return
        }
        raiseException(name: "NSGenericException", reason: reason)
    }

    /// AppKit's reason for `pass`, without the window.
    static func limitReason(_ pass: WindowPass) -> String {
        "The window has been marked as needing another \(pass.rawValue) pass, but it has already had more "
            + "\(pass.rawValue) passes than there are views in the window."
    }

    /// The window as AppKit describes it after the reason: `<Class: 0x…> 0xN (N)
    /// {{x, y}, {w, h}} en`. The number, in hex then decimal, is the window number
    /// (research: 11 public samples, each the same value twice and none a view count);
    /// a titled window prints its title before the language, which ReferenceKit's
    /// windows lack; the language is ReferenceKit's, English.
    var windowDescription: String {
        let number = "0x" + String(windowNumber, radix: 16) + " (\(windowNumber))"
        let rect = "{{\(Self.number(frame.origin.x)), \(Self.number(frame.origin.y))}, "
            + "{\(Self.number(frame.size.width)), \(Self.number(frame.size.height))}}"
        return "<\(runtimeClassName(self)): \(addressText(self))> \(number) \(rect) en"
    }

    /// A coordinate as `NSStringFromRect` writes it: `%g`, so 540 and 540.5.
    private static func number(_ value: CGFloat) -> String {
        String(format: "%g", Double(value))
    }
}
