import Foundation

// MARK: - ReportBuffer

/// The library-owned buffers the `lds_` functions return: an 8-byte
/// little-endian length `N`, `N` bytes of UTF-8, a NUL, then one byte the
/// debugger sets to `releasedMark` once it has read the text.
///
/// Every call gets a buffer of its own. A breakpoint callback and a command
/// typed at the prompt run on different debugger threads; when the second
/// call's report went into the first call's storage before the first was read,
/// the callback printed the command's text (an `error: 0x… is not a UIView`
/// as lbreak's report). So a buffer's storage is written again only after the
/// debugger marked it read, or once `keptUnread` newer buffers are waiting
/// (a reader that never marks, such as an older script, costs that much
/// memory and no more).
enum ReportBuffer {
    private struct Published {
        let storage: UnsafeMutablePointer<UInt8>
        let capacity: Int
        /// Where the released byte is: after the text and its NUL.
        let releasedAt: Int

        var isReleased: Bool { storage[releasedAt] == ReportBuffer.releasedMark }
    }

    private static let lock = NSLock()
    // Guarded by `lock`: the in-app monitor may report while the debugger calls,
    // and two debugger threads may call one after the other before either reads.
    nonisolated(unsafe) private static var published: [Published] = []

    /// The header's size: the text's length, before the text.
    static let headerSize = 8
    /// The value the debugger writes after the NUL once it has read the text
    /// (`buffers.RELEASED_MARK` on the Python side).
    static let releasedMark: UInt8 = 1
    /// How many unreleased buffers are kept before the oldest is freed.
    static let keptUnread = 16
    /// The least storage any buffer has, header included. The debugger's
    /// first read of a buffer through LLDB takes this many bytes
    /// (`constants.BUFFER_FIRST_READ`): it stays inside the storage, and a
    /// short report comes back in that one round trip.
    static let smallestCapacity = 4096

    /// Replaces the buffer's contents with `text` and returns it.
    ///
    /// - Parameter text: The report, or an `error: …` line.
    /// - Returns: The buffer's address, valid until the debugger marks it read.
    static func publish(_ text: String) -> UnsafeMutableRawPointer {
        var writer = makeWriter()
        writer.write(text)
        return publish(writer)
    }

    /// A writer for the next report that writes straight into storage of its
    /// own, after room for the header.
    ///
    /// The storage of a buffer the debugger has read is reused: a megabyte
    /// report written into fresh memory spends a millisecond faulting pages
    /// in. A buffer not yet read is never written into.
    static func makeWriter() -> TextWriter {
        lock.lock()
        let reusable = takeReleased()
        lock.unlock()
        guard let reusable else {
            return TextWriter(adopting: .allocate(capacity: smallestCapacity), capacity: smallestCapacity,
                              reserved: headerSize)
        }
        return TextWriter(adopting: reusable.storage, capacity: reusable.capacity, reserved: headerSize)
    }

    /// Finishes a report written with `makeWriter()`: writes the header, the
    /// NUL and a cleared released byte, and hands the buffer out.
    ///
    /// - Returns: The buffer's address, valid until the debugger marks it read.
    static func publish(_ writer: consuming TextWriter) -> UnsafeMutableRawPointer {
        writer.reserveCapacity(2)  // the NUL and the released byte
        let length = writer.count
        let (storage, size, end) = writer.releaseStorage()
        UnsafeMutableRawPointer(storage).storeBytes(of: UInt64(length).littleEndian, as: UInt64.self)
        storage[end] = 0
        storage[end + 1] = 0
        lock.lock()
        published.append(Published(storage: storage, capacity: size, releasedAt: end + 1))
        if published.count > keptUnread {
            published.removeFirst().storage.deallocate()
        }
        lock.unlock()
        return UnsafeMutableRawPointer(storage)
    }

    /// The newest buffer the debugger has read, taken out of the list to be
    /// written again; every other read one is freed. Called with `lock` held.
    private static func takeReleased() -> Published? {
        var newest: Published?
        published.removeAll { buffer in
            guard buffer.isReleased else { return false }
            newest?.storage.deallocate()
            newest = buffer
            return true
        }
        return newest
    }

    /// Reads a buffer back (tests, and the in-process benchmark).
    static func read(_ buffer: UnsafeRawPointer) -> String {
        let count = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
        let bytes = UnsafeRawBufferPointer(start: buffer + 8, count: count)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Marks a buffer read, as the debugger does after reading it (tests, and
    /// the in-process benchmark, which would otherwise never reuse storage).
    static func release(_ buffer: UnsafeMutableRawPointer) {
        let count = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
        buffer.storeBytes(of: releasedMark, toByteOffset: headerSize + count + 1, as: UInt8.self)
    }
}
