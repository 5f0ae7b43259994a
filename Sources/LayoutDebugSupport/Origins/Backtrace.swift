#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Backtrace

// `backtrace(3)` from <execinfo.h>: glibc and Darwin's libSystem both export it, but neither
// platform's Swift module map imports that header, so it is declared here by its C name.
@_silgen_name("backtrace")
func c_backtrace(_ buffer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ size: Int32) -> Int32

/// The caller's return addresses.
enum Backtrace {
    /// Writes the return addresses of the current call stack into `buffer`, innermost first,
    /// leaving out the `skipping` innermost frames of the caller (this function's own is always
    /// left out). Allocates nothing.
    ///
    /// On Linux this follows the frame pointers once ``FramePointerWalk`` is calibrated; on
    /// Darwin, or if calibration failed, it asks `backtrace(3)` (which on Darwin walks frame
    /// pointers itself, and on Linux unwinds with the DWARF tables, about a hundred times slower).
    ///
    /// - Parameters:
    ///   - buffer: Where the addresses go; its size is the most kept.
    ///   - skipping: How many of the caller's own frames to leave out.
    /// - Returns: How many addresses were written.
    @inline(never)
    static func capture(into buffer: UnsafeMutableBufferPointer<UInt64>, skipping: Int) -> Int {
        #if os(Linux)
        if FramePointerWalk.isCalibrated { return FramePointerWalk.walk(into: buffer, skipping: skipping + 1) }
        #endif
        let wanted = buffer.count + skipping + 1
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: wanted) { raw in
            let count = Int(c_backtrace(raw.baseAddress!, Int32(wanted)))
            let first = min(count, skipping + 1)
            for index in first..<count { buffer[index - first] = UInt64(UInt(bitPattern: raw[index])) }
            return count - first
        }
    }

    /// The return addresses `backtrace(3)` gives, innermost first, leaving out the `skipping`
    /// innermost frames (this function's own is always left out): what ``FramePointerWalk``
    /// is checked against.
    ///
    /// - Parameters:
    ///   - limit: How many addresses to keep at most.
    ///   - skipping: How many of the caller's own frames to leave out.
    static func returnAddresses(limit: Int, skipping: Int = 0) -> [UInt64] {
        let wanted = limit + skipping + 1
        return withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: wanted) { buffer in
            let count = Int(c_backtrace(buffer.baseAddress!, Int32(wanted)))
            let first = min(count, skipping + 1)
            return buffer[first..<count].map { UInt64(UInt(bitPattern: $0)) }
        }
    }
}
