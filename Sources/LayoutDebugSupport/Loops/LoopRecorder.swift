#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - LoopRecorder

/// Records each view's requests for another pass while armed (`lloop`), so that at the stop a
/// loop raises, the debugger can print the cycle: who asks, what each pass changed, and what
/// would break it.
///
/// Off by default. `arm` installs the request hook (`Hooks/LayoutRequestHook`) and a ring of
/// the last `capacity` requests; each request costs a walk of `framesPerRequest` return
/// addresses and one slot of the ring, under one lock. Disarmed, a hooked call costs one
/// integer check. Nothing is symbolicated here: the debugger resolves the addresses.
enum LoopRecorder {
    /// Requests kept when `arm` is given no size.
    static let defaultCapacity = 1024
    /// Return addresses kept per request: enough to reach the app's frame below the
    /// framework's own (a window's frame change marks from inside its setter).
    static let framesPerRequest = 32

    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var ring: LoopRing?

    // MARK: - Arming

    /// Starts recording into a new, empty ring of `capacity` requests (the default when 0).
    ///
    /// - Returns: One line: armed, or `error: …` where the platform has no hook.
    /// Armed already with that size, the record is kept: `lloop` at a pause must not wipe what
    /// the app asked for since launch.
    static func arm(capacity: Int) -> String {
        let size = capacity > 0 ? min(capacity, 1 << 20) : defaultCapacity
        lock.lock()
        let kept = ring?.capacity == size && isArmed
        if !kept { ring = LoopRing(capacity: size, framesPerRequest: framesPerRequest) }
        lock.unlock()
        if kept { return "loop recorder: armed already; it keeps the last \(size) requests for another pass" }
        #if os(Linux)
        _ = FramePointerWalk.calibrate()
        #endif
        guard LayoutRequestHook.arm({ kind, view, old, new in record(kind, view: view, old: old, new: new) }) else {
            disarm()
            return "error: this platform has no setNeedsLayout method to hook"
        }
        return "loop recorder: armed; it keeps the last \(size) requests for another pass"
    }

    /// Stops recording and frees the ring.
    static func disarm() {
        LayoutRequestHook.disarm()
        lock.lock()
        ring = nil
        lock.unlock()
    }

    /// Whether the recorder is armed.
    static var isArmed: Bool { LayoutRequestHook.armed != 0 }

    // MARK: - Recording

    /// One request, with the return addresses of whoever made it.
    @inline(never)
    static func record(_ kind: LayoutRequestHook.Kind, view: UInt, old: CGRect, new: CGRect) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: framesPerRequest) { frames in
            // Under the lock: the frame-pointer walk keeps one thread's stack bounds at a time.
            lock.lock()
            defer { lock.unlock() }
            let count = Backtrace.capture(into: frames, skipping: 0)
            ring?.append(kind, view: view, old: old, new: new, frames: UnsafeBufferPointer(rebasing: frames[..<count]))
        }
    }

    /// The record now: the requests kept, oldest first; `nil` when disarmed.
    static func snapshot() -> LoopRecord? {
        lock.lock()
        defer { lock.unlock() }
        return ring?.snapshot()
    }

    // MARK: - The report at the stop

    /// What `lloop` prints at the stop: the window, the rounds against its views, the chain.
    ///
    /// - Returns: The report, or one `error: …` line (not armed, nothing recorded, the last
    ///   view freed).
    static func report() -> String {
        guard let record = snapshot() else {
            return "error: the loop recorder is not armed in this process (lloop arms it at the next launch)"
        }
        guard let last = record.requests.last else {
            return "error: the loop recorder is armed but no view has asked for another pass since"
        }
        let recorded = "Recorded: \(record.requests.count + record.dropped) requests for another pass"
            + (record.dropped > 0 ? " (the last \(record.requests.count) kept)" : "")
        guard let chain = LoopChain(record) else {
            return [LiveLoopObjects.line(near: last.view), recorded,
                    "No request repeats in the record: this stop is not a pass that keeps asking for another."]
                .joined(separator: "\n")
        }
        let views = LiveLoopObjects.viewCount(near: chain.round.last?.view ?? last.view)
        let rounds = "Rounds: \(chain.rounds) in the record, \(chain.round.count) requests each"
            + (views.map { "; the window holds \($0) views" } ?? "")
        return [LiveLoopObjects.line(near: last.view), recorded, rounds, chain.text(naming: LiveLoopObjects.name)]
            .joined(separator: "\n")
    }
}
#endif
