#if os(Linux)
import Glibc

// glibc declares `pthread_getattr_np` only under `_GNU_SOURCE`, so Swift's Glibc module does
// not offer it; it is declared here by its C name.
@_silgen_name("pthread_getattr_np")
private func c_pthread_getattr_np(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32

// MARK: - FramePointerWalk

/// Return addresses read by following the chain of frame records: each holds the caller's
/// frame pointer and the return address into the caller (x86_64 and arm64 alike).
///
/// glibc's `backtrace(3)` unwinds with the DWARF tables instead: about 26,000 instructions a
/// call in the origins bench (callgrind), for every constraint an app makes, which made an app
/// with `lorigins on` build its views 1.5 to 1.9 times slower. Swift keeps frame pointers on
/// Linux, so the chain from the hook to the app's code is whole, and following it costs a few
/// loads a frame.
///
/// Swift cannot read the frame-pointer register, so ``walk(into:skipping:calibratingWith:)``
/// finds its own frame record from the address of one of its locals, at a distance that
/// ``calibrate()`` learns once: it looks for the record whose return addresses are the ones
/// `backtrace(3)` reports from the same place, three frames deep. If none matches (another
/// compiler, another frame layout), the walk stays off and capture keeps using `backtrace(3)`.
///
/// Reads never leave the calling thread's stack: every frame pointer followed must lie above
/// the last one and below the stack's end (from `pthread_getattr_np`, kept for the last thread
/// asked), so a frame built without a frame pointer, whose slot holds anything, ends the walk
/// early instead of faulting.
///
/// Not thread-safe: callers serialise (``ConstraintOrigins`` holds its lock).
enum FramePointerWalk {
    /// The distance from the walk's local to its own frame record; `nil` until calibrated, or
    /// when calibration found no match.
    nonisolated(unsafe) private static var anchorToRecord: UInt?
    /// Whether ``calibrate()`` ran.
    nonisolated(unsafe) private static var calibrated = false
    /// The thread whose stack ``stackLow`` and ``stackHigh`` bound.
    nonisolated(unsafe) private static var stackThread: pthread_t = 0
    nonisolated(unsafe) private static var stackLow: UInt = 0
    nonisolated(unsafe) private static var stackHigh: UInt = 0

    /// How far above its local the calibration looks for the walk's frame record.
    private static let searchBytes: UInt = 1024

    /// Whether the walk is usable: calibrated, and its record found.
    static var isCalibrated: Bool { anchorToRecord != nil }

    /// Learns where the walk's frame record lies, once.
    ///
    /// - Returns: Whether the walk is usable.
    @discardableResult
    static func calibrate() -> Bool {
        if !calibrated {
            calibrated = true
            let truthCount = 8
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: truthCount) { truth in
                _ = walk(into: UnsafeMutableBufferPointer(start: nil, count: 0), skipping: 0, calibratingWith: truth)
            }
        }
        return isCalibrated
    }

    // MARK: - The walk

    /// Writes the return addresses of the current call stack into `buffer`, innermost first,
    /// leaving out the `skipping` innermost frames (this function's own is always left out).
    ///
    /// - Parameter truth: Only for ``calibrate()``: room for `backtrace(3)`'s answer, taken
    ///   here so that it names this function's frame, against which the record is looked for.
    /// - Returns: How many addresses were written; 0 before calibration.
    @inline(never)
    static func walk(into buffer: UnsafeMutableBufferPointer<UInt64>, skipping: Int,
                     calibratingWith truth: UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>? = nil) -> Int {
        var truthCount = 0
        if let truth { truthCount = Int(c_backtrace(truth.baseAddress!, Int32(truth.count))) }
        var anchor: UInt8 = 0
        return withUnsafeMutablePointer(to: &anchor) { pointer -> Int in
            let base = UInt(bitPattern: pointer)
            guard let high = stackEnd(containing: base) else { return 0 }
            if let truth {
                // truth[0] is in this function; truth[1...] are the return addresses its record
                // and the records above it hold.
                let expected = truth.prefix(truthCount).dropFirst().map { UInt(bitPattern: $0) }
                anchorToRecord = record(above: base, below: high, holding: Array(expected)).map { $0 - base }
                return 0
            }
            guard let offset = anchorToRecord else { return 0 }
            return follow(from: base &+ offset, below: high, into: buffer, skipping: skipping)
        }
    }

    /// Follows the chain from the record at `start`, writing return addresses after leaving out
    /// `skipping` of them.
    private static func follow(from start: UInt, below high: UInt, into buffer: UnsafeMutableBufferPointer<UInt64>,
                               skipping: Int) -> Int {
        var record = start
        var skipped = 0
        var count = 0
        while count < buffer.count, record & 7 == 0, record < high &- 16 {
            let words = UnsafePointer<UInt>(bitPattern: record)!
            let next = words[0]
            let returnAddress = words[1]
            if returnAddress == 0 { break }
            if skipped < skipping {
                skipped += 1
            } else {
                buffer[count] = UInt64(returnAddress)
                count += 1
            }
            guard next > record else { break }
            record = next
        }
        return count
    }

    /// The address of the frame record, at most ``searchBytes`` above `base`, whose chain holds
    /// `expected` (at least three return addresses), or `nil`.
    private static func record(above base: UInt, below high: UInt, holding expected: [UInt]) -> UInt? {
        guard expected.count >= 3 else { return nil }
        var candidate = (base + 7) & ~7
        while candidate < min(base + searchBytes, high &- 16) {
            var found = [UInt](repeating: 0, count: expected.count)
            let count = found.withUnsafeMutableBufferPointer { words in
                words.withMemoryRebound(to: UInt64.self) { follow(from: candidate, below: high, into: $0, skipping: 0) }
            }
            if count >= 3 && found.prefix(count).elementsEqual(expected.prefix(count)) { return candidate }
            candidate += 8
        }
        return nil
    }

    // MARK: - The stack's bounds

    /// The end (highest address) of the calling thread's stack, if `address` lies in it.
    private static func stackEnd(containing address: UInt) -> UInt? {
        let thread = pthread_self()
        if thread != stackThread || address < stackLow || address >= stackHigh {
            var attributes = pthread_attr_t()
            guard c_pthread_getattr_np(thread, &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var low: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &low, &size) == 0, let low else { return nil }
            stackThread = thread
            stackLow = UInt(bitPattern: low)
            stackHigh = stackLow + UInt(size)
        }
        return address >= stackLow && address < stackHigh ? stackHigh : nil
    }
}
#else
// Darwin's capture keeps backtrace(3) (Backtrace.swift): its libc and frame layout differ, and
// this walk is checked only against glibc's backtrace.
#endif
