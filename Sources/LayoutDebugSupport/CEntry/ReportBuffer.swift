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
    nonisolated(unsafe) private static var current: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) private static var capacity = 0

    /// The header's size: the text's length, before the text.
    static let headerSize = 8

    /// Replaces the buffer's contents with `text` and returns it.
    ///
    /// - Parameter text: The report, or an `error: …` line.
    /// - Returns: The buffer's address, valid until the next call.
    static func publish(_ text: String) -> UnsafeMutableRawPointer {
        var writer = makeWriter()
        writer.write(text)
        return publish(writer)
    }

    /// A writer for the next report that writes straight into the buffer's
    /// storage, after room for the header.
    ///
    /// The storage is reused from report to report: the contract only
    /// promises the previous text until the next call, and a megabyte report
    /// written into fresh memory spends a millisecond faulting pages in. The
    /// storage is taken out while the report is written, so a report the
    /// in-app monitor publishes meanwhile gets its own.
    static func makeWriter() -> TextWriter {
        lock.lock()
        let storage = current
        let size = capacity
        current = nil
        capacity = 0
        lock.unlock()
        guard let storage else {
            return TextWriter(adopting: .allocate(capacity: 4096), capacity: 4096, reserved: headerSize)
        }
        return TextWriter(adopting: storage, capacity: size, reserved: headerSize)
    }

    /// Finishes a report written with `makeWriter()`: writes the header and
    /// the NUL, and makes it the buffer.
    ///
    /// - Returns: The buffer's address, valid until the next call.
    static func publish(_ writer: consuming TextWriter) -> UnsafeMutableRawPointer {
        writer.reserveCapacity(1)  // the NUL
        let length = writer.count
        let (storage, size, end) = writer.releaseStorage()
        UnsafeMutableRawPointer(storage).storeBytes(of: UInt64(length).littleEndian, as: UInt64.self)
        storage[end] = 0
        lock.lock()
        // A report the monitor published while this one was written is replaced.
        current?.deallocate()
        current = storage
        capacity = size
        lock.unlock()
        return UnsafeMutableRawPointer(storage)
    }

    /// Reads a buffer back (tests, and the in-process benchmark).
    static func read(_ buffer: UnsafeRawPointer) -> String {
        let count = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
        let bytes = UnsafeRawBufferPointer(start: buffer + 8, count: count)
        return String(decoding: bytes, as: UTF8.self)
    }
}
