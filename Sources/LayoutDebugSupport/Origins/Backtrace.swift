#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Backtrace

// `backtrace(3)` from <execinfo.h>: glibc and Darwin's libSystem both export it, but neither
// platform's Swift module map imports that header, so it is declared here by its C name.
@_silgen_name("backtrace")
private func c_backtrace(_ buffer: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ size: Int32) -> Int32

/// The caller's return addresses.
enum Backtrace {
    /// The return addresses of the current call stack, innermost first, leaving out the
    /// `skipping` innermost frames (this function's own is always left out).
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
