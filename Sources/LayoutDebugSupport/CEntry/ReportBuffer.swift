import Foundation

// MARK: - ReportBuffer

/// The one library-owned buffer every `lds_` function returns: an 8-byte
/// little-endian length `N`, `N` bytes of UTF-8, then a NUL.
///
/// The debugger reads the header and the text with one memory read and never
/// frees anything, so the buffer lives until the next `lds_` call replaces it.
enum ReportBuffer {
    private static let lock = NSLock()
    // Guarded by `lock`: the in-app monitor may report while the debugger calls.
    nonisolated(unsafe) private static var current: UnsafeMutableRawPointer?

    /// Replaces the buffer with `text` and returns it.
    ///
    /// - Parameter text: The report, or an `error: …` line.
    /// - Returns: The buffer's address, valid until the next call.
    static func publish(_ text: String) -> UnsafeMutableRawPointer {
        var utf8 = Array(text.utf8)
        let count = utf8.count
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8 + count + 1, alignment: 8)
        buffer.storeBytes(of: UInt64(count).littleEndian, as: UInt64.self)
        utf8.withUnsafeMutableBytes { bytes in
            if let base = bytes.baseAddress { (buffer + 8).copyMemory(from: base, byteCount: count) }
        }
        (buffer + 8 + count).storeBytes(of: 0, as: UInt8.self)
        lock.lock()
        let old = current
        current = buffer
        lock.unlock()
        old?.deallocate()
        return buffer
    }

    /// Reads a buffer back (tests, and the in-process benchmark).
    static func read(_ buffer: UnsafeRawPointer) -> String {
        let count = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
        let bytes = UnsafeRawBufferPointer(start: buffer + 8, count: count)
        return String(decoding: bytes, as: UTF8.self)
    }
}
