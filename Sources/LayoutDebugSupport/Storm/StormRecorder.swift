#if canImport(UIKit) || os(Linux) || (canImport(AppKit) && os(macOS))
import Foundation

// MARK: - StormRecorder

/// Records conflicts inside the process for `lbreak --continue`, so a storm of
/// them does not stop the debugger once each.
///
/// A breakpoint stop costs milliseconds whatever the callback does; a table
/// view's flood of hundreds of conflicts froze the app for seconds. Once the
/// debugger has loaded the library (at the first conflict's breakpoint), it
/// starts this recorder and disables its breakpoints. The recorder hooks the
/// engine as `ConflictMonitor` does, makes each conflict's report exactly as
/// `lds_conflict_report` would, and keeps it in a `StormRing` until the
/// debugger drains it with one call (`lds_storm_drain`).
///
/// The debugger is told when to drain by a call to `LayoutDebugStormPending`,
/// where it keeps an auto-continuing breakpoint: shortly after each burst of
/// conflicts (quiet, at most once per `quietInterval`), when the app enters the
/// background (iOS), when the process exits with conflicts waiting (a dead process
/// cannot be read), and in live mode (reports printed as they come) when the ring
/// fills. The exit call alone is not enough: `atexit` handlers never run on iOS,
/// where Xcode's Stop and the system end an app with SIGKILL, so tallies wait in
/// the process no longer than a burst (quiet, than `quietInterval`).
enum StormRecorder {
    /// How the recorder tells the debugger that conflicts wait.
    struct Options: OptionSet, Sendable {
        /// The raw bits, as `lds_storm_start` takes them.
        let rawValue: UInt32
        /// Creates options from `lds_storm_start`'s flags.
        init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Reports are printed as they come (`lbreak -c` without `--quiet`):
        /// keep each report, and signal when the ring fills and a moment after
        /// each burst. Without it (`--quiet`) conflicts are only tallied by
        /// signature, which costs no explainer and no text.
        static let live = Options(rawValue: 1)
    }


    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var ring: StormRing?
    nonisolated(unsafe) private static var options: Options = []
    nonisolated(unsafe) private static var flushScheduled = false
    nonisolated(unsafe) private static var pauses = 0
    nonisolated(unsafe) private static var exitHandlerRegistered = false
    nonisolated(unsafe) private static var exiting = false
    /// When the recorder last signalled (or started): quiet bursts are signalled at most once
    /// per `quietInterval` after it.
    nonisolated(unsafe) private static var lastSignal: TimeInterval = 0

    /// How long a quiet recorder waits between two burst signals. Quiet, nothing is printed
    /// as it comes: the tallies are read at the next stop, at exit and when the app enters the
    /// background (always signalled), and at most this often meanwhile, so a conflict per
    /// run-loop turn (one per frame while scrolling) no longer costs a stop and a drain per
    /// turn (issue 41, fault 3). A killed app loses at most this long's tallies.
    static let quietInterval: TimeInterval = 1

    // MARK: - Starting and stopping

    /// Starts recording into a ring of `capacity` reports, or changes the
    /// options of a recording already started (what it holds is kept, in the
    /// ring it has).
    ///
    /// - Returns: `false` when this platform offers no hook (nothing recorded).
    static func start(capacity: Int, options newOptions: Options) -> Bool {
        guard ConflictHook.subscribe(.storm, wants: { wantedDetail }, receive: record) else { return false }
        lock.lock()
        if ring == nil {
            ring = StormRing(capacity: capacity)
            lastSignal = Date().timeIntervalSince1970
        }
        options = newOptions
        let register = !exitHandlerRegistered
        exitHandlerRegistered = true
        lock.unlock()
        if register {
            // A dead process cannot be read: conflicts still waiting are handed over before it
            // goes, where it goes by `exit` (a Mac app, a command-line tool)...
            atexit { StormRecorder.signalAtExit() }
            // ...and before the system may kill it without one (an iOS app sent to the background).
            observeEnteringBackground()
        }
        return true
    }

    /// Stops recording and hands over what was waiting. The subscription stays, idle.
    static func stop() -> StormDrain {
        lock.lock()
        defer { lock.unlock() }
        let drained = ring?.drain() ?? StormDrain()
        ring = nil
        options = []
        return drained
    }

    /// Hands over what is waiting and empties the ring; recording goes on.
    static func drain() -> StormDrain {
        lock.lock()
        defer { lock.unlock() }
        return ring?.drain() ?? StormDrain()
    }

    /// Whether the recorder is started.
    static var isRecording: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ring != nil
    }

    /// The ring's capacity, or `nil` when not recording (`lds_storm_start`'s answer).
    static var capacity: Int? {
        lock.lock()
        defer { lock.unlock() }
        return ring?.capacity
    }

    /// Runs `body` without recording: a conflict a debugger call makes (`lfix`
    /// tries a change) is not one the app made, and the breakpoints ignore it too.
    static func paused<T>(_ body: () -> T) -> T {
        lock.lock()
        pauses += 1
        lock.unlock()
        defer {
            lock.lock()
            pauses -= 1
            lock.unlock()
        }
        return body()
    }

    // MARK: - Recording

    /// How much of a conflict now would be recorded, `nil` for none: the hook snapshots one only
    /// when someone wants it, and only in the detail wanted. A report is kept only live and
    /// while the ring has room; a tally needs the constraints alone, which cost less than half
    /// the whole snapshot (the views, their frames and surroundings, property names).
    private static var wantedDetail: ConflictDetail? {
        lock.lock()
        defer { lock.unlock() }
        guard let ring, pauses == 0 else { return nil }
        return options.contains(.live) && !ring.isFull ? .report : .constraints
    }

    /// Records one hooked conflict, snapshotted in `detail`. Called by the hook
    /// (`ConflictHook`) on the thread that lays out.
    static func record(_ hooked: ConflictSnapshot, detail: ConflictDetail) {
        var conflict = hooked
        // Numbered as a breakpoint would number it, where the hook could not (ReferenceKit).
        if conflict.ordinal == nil { conflict.ordinal = ConflictOrdinals.next() }
        lock.lock()
        guard let current = ring, pauses == 0 else {
            lock.unlock()
            return
        }
        // Quiet (not live), no report is ever printed: each conflict is only tallied. A report
        // is made only from a snapshot with its views (the options may have changed since).
        let keepsReport = options.contains(.live) && !current.isFull && detail == .report
        lock.unlock()

        let time = Date().timeIntervalSince1970
        var report: StormReport?
        var tally: (signature: String, owner: ConflictOwner)?
        if keepsReport {
            // Exactly what `lds_conflict_report` returns for this conflict at its breakpoint.
            let document = LiveReports.rememberConflictReport(conflict)
            report = StormReport(text: document.text, signature: document.signature, owner: document.owner,
                                 viewController: document.viewController, time: time)
        } else {
            // Past the bound, or quiet, only the count matters: no explainer, no text,
            // and the owner without its evidence. Worked out before taking the lock.
            tally = (conflict.signature, ConflictTriage.owner(of: conflict))
        }
        lock.lock()
        guard ring != nil else {
            lock.unlock()
            return
        }
        if let report {
            ring?.append(report)
        } else if let tally {
            ring?.tally(signature: tally.signature, owner: tally.owner, viewController: conflict.viewController,
                        time: time)
        }
        // Every mode signals after a burst: quiet tallies left in the process are lost when it
        // is killed. Only kept reports fill the ring. Quiet, a burst within `quietInterval` of
        // the last signal waits for a later one (or the exit, or the background).
        let signalNow = options.contains(.live) && report != nil && ring?.isFull == true
        let schedule = !signalNow && !flushScheduled
        if schedule { flushScheduled = true }
        lock.unlock()

        if signalNow {
            LayoutDebugStormPending(PendingReason.full.rawValue)
        } else if schedule {
            // On the main queue, once the burst's layout pass has returned to it: the
            // signal then never stops a second thread beside the one that lays out or
            // exits (a background signal racing the exit's own left lldb seeing the
            // process die, exit status -1, about one run in ten of test_lldb_lbreak).
            // An app whose main queue does not run (a command-line tool) is read at exit.
            // A killed app loses at most the conflicts of its last moment.
            // `async`, not `asyncAfter`: a timer starts libdispatch's manager thread, and a
            // second thread alive at exit again left lldb seeing exit status -1 (one run of
            // test_lldb_storm's quiet storm in three). The next turn of the main queue comes
            // after the burst's layout pass has returned, which is all the delay was for.
            DispatchQueue.main.async { flushOrWait() }
        }
    }

    /// On the main queue after a burst: signals now, or, quiet and within `quietInterval` of
    /// the last signal, at the end of that interval, from a timer of the main run loop (a
    /// CoreFoundation timer: no second thread, which `asyncAfter`'s would start). Until then
    /// no other burst schedules anything, so a conflict per turn costs no block per turn.
    private static func flushOrWait() {
        lock.lock()
        let due = options.contains(.live) ? nil : lastSignal + quietInterval
        lock.unlock()
        if let due, due > Date().timeIntervalSince1970 {
            let timer = Timer(fire: Date(timeIntervalSince1970: due), interval: 0, repeats: false) { _ in flush() }
            RunLoop.main.add(timer, forMode: .common)
            return
        }
        flush()
    }

    /// The end of a burst: signals when conflicts wait.
    private static func flush() {
        lock.lock()
        flushScheduled = false
        lock.unlock()
        signalIfPending(.burst)
    }

    /// Why the recorder calls `LayoutDebugStormPending`: its argument.
    enum PendingReason: UInt32 {
        /// The ring is full (live mode).
        case full = 0
        /// A moment has passed since a conflict.
        case burst = 2
        /// The process is exiting: the last chance to read it.
        case exiting = 1
        /// The app entered the background, where the system may kill it without a word.
        case background = 3
    }

    /// Calls `LayoutDebugStormPending` when conflicts are waiting. Once the
    /// process is exiting only the exit's own call signals: a burst timer firing
    /// on another thread then would stop the debugger a second time, in a
    /// process half torn down.
    static func signalIfPending(_ reason: PendingReason) {
        lock.lock()
        let pending = ring?.pending ?? 0
        let quiet = exiting && reason != .exiting
        let signals = pending > 0 && !quiet
        if signals { lastSignal = Date().timeIntervalSince1970 }
        lock.unlock()
        if signals { LayoutDebugStormPending(reason.rawValue) }
    }

    /// The `atexit` handler: no burst signals from now on, then the last chance to read.
    static func signalAtExit() {
        lock.lock()
        exiting = true
        lock.unlock()
        signalIfPending(.exiting)
    }
}

// MARK: - The debugger's signal

/// The last reason the recorder signalled with: the body's one effect, which
/// keeps the optimizer from dropping the calls to an otherwise empty function
/// or the argument the debugger reads.
nonisolated(unsafe) private var lastPendingReason: UInt32 = 0

/// Where the storm recorder tells the debugger that conflicts wait to be read:
/// `lbreak --continue` keeps an auto-continuing breakpoint here, whose callback
/// drains them with `lds_storm_drain`. Does nothing itself.
///
/// - Parameter reason: 1 when the process is exiting, else 0 (the ring is
///   full), 2 (after a burst) or 3 (entering the background): `StormRecorder.PendingReason`.
///
/// Its symbol is this plain name, so the breakpoint has one location (a
/// `@_cdecl` function has a C thunk and a Swift body, and Swift callers call the
/// body); `@_optimize(none)` keeps a release build from calling a specialized
/// copy instead, which the breakpoint would never see.
@_silgen_name("LayoutDebugStormPending")
@inline(never)
@_optimize(none)
public func LayoutDebugStormPending(_ reason: UInt32) {
    lastPendingReason = reason
}
#endif
