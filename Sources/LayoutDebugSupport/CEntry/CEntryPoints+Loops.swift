#if canImport(UIKit) || os(Linux) || (canImport(AppKit) && os(macOS))

// MARK: - The loop recorder's entry points (`lloop`)

/// `lds_loop_arm(capacity)`: arms the loop recorder with a ring of `capacity` requests
/// (0: the default), or disarms it with `capacity` `UInt32.max`; one line back.
@_cdecl("lds_loop_arm")
public func lds_loop_arm(_ capacity: UInt32) -> UnsafeMutableRawPointer {
    withAutoreleasePool {
        guard capacity != UInt32.max else {
            LoopRecorder.disarm()
            return ReportBuffer.publish("loop recorder: disarmed")
        }
        return ReportBuffer.publish(LoopRecorder.arm(capacity: Int(capacity)))
    }
}

/// `lds_loop_report(flags)`: the loop at the stop, from the record (`LoopRecorder.report`).
@_cdecl("lds_loop_report")
public func lds_loop_report(_ flags: UInt32) -> UnsafeMutableRawPointer {
    withAutoreleasePool {
        ReportBuffer.publish(LoopRecorder.report())
    }
}
#endif
