#if canImport(UIKit) || os(Linux) || (canImport(AppKit) && os(macOS))

// MARK: - The storm recorder's entry points

extension LiveReports {
    /// `lds_storm_start`: starts the recorder (or changes its options); one line,
    /// `Storm recorder: on, N reports kept between drains`, or an `error:` line.
    static func stormStart(capacity: Int, options: StormRecorder.Options) -> String {
        guard capacity > 0 else { return "error: the storm ring needs a capacity of at least 1, got \(capacity)" }
        guard StormRecorder.start(capacity: capacity, options: options) else {
            return "error: this platform offers no hook to record conflicts in the process"
        }
        return "Storm recorder: on, \(StormRecorder.capacity ?? capacity) reports kept between drains"
    }

    /// `lds_storm_drain` and `lds_storm_stop`: what was waiting, as JSON
    /// (`{"reports": [...], "dropped": [...]}`, see `StormDrain`).
    static func stormDrain(stopping: Bool) -> String {
        JSONText.encode(stopping ? StormRecorder.stop() : StormRecorder.drain())
    }
}
#endif
