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
    nonisolated(unsafe) private static var capacity = 0

    /// Replaces the buffer's contents with `text` and returns it.
    ///
    /// The allocation is reused while it is big enough: the contract only
    /// promises the previous text until the next call, and reusing it spares a
    /// megabyte report fresh pages on every call.
    ///
    /// - Parameter text: The report, or an `error: …` line.
    /// - Returns: The buffer's address, valid until the next call.
    static func publish(_ text: String) -> UnsafeMutableRawPointer {
        var text = text
        return text.withUTF8 { publish(bytes: $0) }
    }

    /// Replaces the buffer's contents with a report's bytes as written.
    static func publish(_ text: borrowing TextWriter) -> UnsafeMutableRawPointer {
        text.withBytes { publish(bytes: $0) }
    }

    /// Replaces the buffer's contents with `bytes` (UTF-8) and returns it.
    private static func publish(bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutableRawPointer {
        lock.lock()
        defer { lock.unlock() }
        let count = bytes.count
        if current == nil || capacity < 8 + count + 1 {
            current?.deallocate()
            capacity = max(8 + count + 1, 4096)
            current = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        }
        let buffer = current!
        buffer.storeBytes(of: UInt64(count).littleEndian, as: UInt64.self)
        if let base = bytes.baseAddress { (buffer + 8).copyMemory(from: base, byteCount: count) }
        (buffer + 8 + count).storeBytes(of: 0, as: UInt8.self)
        return buffer
    }

    /// Reads a buffer back (tests, and the in-process benchmark).
    static func read(_ buffer: UnsafeRawPointer) -> String {
        let count = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
        let bytes = UnsafeRawBufferPointer(start: buffer + 8, count: count)
        return String(decoding: bytes, as: UTF8.self)
    }
}
