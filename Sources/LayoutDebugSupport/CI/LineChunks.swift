#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LineChunks

/// Hands an input over in chunks of whole lines, whatever its size: a regular file mapped
/// (when the caller handles `SIGBUS`, see `MappedFileRange`), anything else read into one
/// reused buffer, so memory is a chunk or two however long the log.
enum LineChunks {
    /// The size of one chunk.
    static let chunkSize = 4 << 20

    /// Calls `body` with each chunk of `descriptor`'s bytes, from where it stands to its end;
    /// each chunk ends at a line end, but the input's last.
    ///
    /// - Parameter mapping: map a regular file rather than copy it.
    /// - Returns: the number of bytes read.
    /// - Throws: `ConsoleReadError.binary` when the first 64 KB hold a NUL byte, `.io` when a
    ///   read fails.
    static func read(descriptor: Int32, mapping: Bool,
                     _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(ConsoleReadError) -> Int {
        if mapping, let read = try readMapped(descriptor, body) { return read }
        return try readBuffered(descriptor, body)
    }

    /// The most bytes mapped at once: a file is read through windows of it, each unmapped before
    /// the next, so the pages held stay bounded whatever the file's size. A mapped page read
    /// counts in the peak resident memory until its window goes: 8 MB keeps a file's peak near
    /// standard input's (32 MB windows added 25 MB), for a mapping call every 8 MB.
    static let windowBytes = 8 << 20

    /// Reads a regular file through mapped windows; `nil` when it cannot be mapped.
    private static func readMapped(_ descriptor: Int32,
                                   _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(ConsoleReadError) -> Int? {
        var offset = 0
        while true {
            guard let window = MappedFileRange(descriptor: descriptor, range: offset..<offset + windowBytes) else {
                return offset == 0 ? nil : offset
            }
            defer { window.unmap() }
            if offset == 0, memchr(window.base, 0, min(window.count, 65536)) != nil { throw .binary }
            guard window.count == windowBytes else {
                // The file's last window: read to its end.
                handOver(window, body)
                return offset + window.count
            }
            guard let lastNewline = ByteText(base: window.base, count: window.count).lastIndex(of: 0x0A, from: 0, to: window.count - 1) else {
                // One line longer than a window, handed over in pieces as a read buffer would.
                handOver(window, body)
                offset += window.count
                continue
            }
            handOver(UnsafeBufferPointer(start: window.base, count: lastNewline + 1), body)
            offset += lastNewline + 1
        }
    }

    /// Calls `body` with each chunk of the bytes `range` of the regular file open at
    /// `descriptor`, mapped (a piece of it, `ConsoleLogPieces`); each chunk ends at a line end,
    /// but the range's last.
    ///
    /// - Parameter checksBinary: throw `.binary` when the range's first 64 KB hold a NUL byte
    ///   (the file's first piece).
    /// - Returns: the number of bytes read, or `nil` when the range cannot be mapped.
    static func read(descriptor: Int32, range: Range<Int>, checksBinary: Bool,
                     _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(ConsoleReadError) -> Int? {
        guard let mapped = MappedFileRange(descriptor: descriptor, range: range) else { return nil }
        defer { mapped.unmap() }
        if checksBinary, memchr(mapped.base, 0, min(mapped.count, 65536)) != nil { throw .binary }
        handOver(mapped, body)
        return mapped.count
    }

    /// Hands over a mapping's lines: in place up to its last line end before its last byte (the
    /// parser looks one byte past a line's end), the rest (one line at most) from a copy.
    private static func handOver(_ mapped: MappedFileRange, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let text = ByteText(base: mapped.base, count: mapped.count)
        let inPlace = text.lastIndex(of: 0x0A, from: 0, to: mapped.count - 1).map { $0 + 1 } ?? 0
        handOver(UnsafeBufferPointer(start: mapped.base, count: inPlace), body)
        var rest = Array(UnsafeBufferPointer(start: mapped.base + inPlace, count: mapped.count - inPlace))
        rest.append(0)
        rest.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0.dropLast())) }
    }

    /// Hands over `lines`, whole lines with a mapped byte after them, a chunk at a time.
    private static func handOver(_ lines: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var done = 0
        while done < lines.count {
            done += chunk(from: UnsafeBufferPointer(start: lines.baseAddress! + done, count: lines.count - done), body)
        }
    }

    /// Hands over the whole lines of the first `chunkSize` bytes of `bytes` (all of it when
    /// it is shorter, or when a line is longer); returns how many bytes that was.
    private static func chunk(from bytes: UnsafeBufferPointer<UInt8>,
                              _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int {
        let text = ByteText(base: bytes.baseAddress!, count: bytes.count)
        var end = bytes.count
        if bytes.count > chunkSize {
            end = (text.lastIndex(of: 0x0A, from: 0, to: chunkSize)
                ?? text.firstIndex(of: 0x0A, from: chunkSize, to: bytes.count)).map { $0 + 1 } ?? bytes.count
        }
        body(UnsafeBufferPointer(start: bytes.baseAddress, count: end))
        return end
    }

    /// The most bytes one `read(2)` asks for. Its lines are handed over at once, and the rest
    /// (part of a line) moved to the front, so the same few hundred kilobytes of the buffer are
    /// used again and again and stay in the core's cache for the kernel's copy and every scan
    /// after it; a redirected file's 4 MB reads went to memory and back each time. A pipe gives
    /// less at a time anyway.
    static let readSize = 256 << 10

    /// Reads `descriptor` into one buffer, handing over its whole lines and moving the rest
    /// to the front.
    private static func readBuffered(_ descriptor: Int32,
                                     _ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(ConsoleReadError) -> Int {
        let capacity = chunkSize * 2
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = 0, total = 0
        while true {
            let count = readBytes(descriptor, buffer + filled, min(readSize, capacity - filled))
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(errno)
            }
            if count == 0 { break }
            if total < 65536, memchr(buffer + filled, 0, min(count, 65536 - total)) != nil { throw .binary }
            filled += count
            total += count
            let text = ByteText(base: buffer, count: filled)
            // A line longer than the buffer is handed over in pieces rather than grow it.
            let complete = text.lastIndex(of: 0x0A, from: 0, to: filled).map { $0 + 1 }
                ?? (filled >= capacity - chunkSize ? filled : 0)
            guard complete > 0 else { continue }
            body(UnsafeBufferPointer(start: buffer, count: complete))
            memmove(buffer, buffer + complete, filled - complete)
            filled -= complete
        }
        if filled > 0 { body(UnsafeBufferPointer(start: buffer, count: filled)) }
        return total
    }
}
