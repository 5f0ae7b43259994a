#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ConsoleReadError

/// Why a console log could not be read at all.
public enum ConsoleReadError: Error, CustomStringConvertible, Sendable {
    /// The input holds NUL bytes: it is not console text.
    case binary
    /// `read(2)` failed with this `errno`.
    case io(Int32)

    /// A one-line message.
    public var description: String {
        switch self {
        case .binary: return "not a text console log (it holds NUL bytes)"
        case .io(let code): return String(cString: strerror(code))
        }
    }
}

// MARK: - ConsoleLogReader

/// Reads a file descriptor in large chunks and feeds whole lines to a
/// `ConsoleLogParser`.
///
/// One buffer is reused for the whole input: lines that straddle two reads are
/// moved to its front, so memory is the chunk size whatever the input size.
public enum ConsoleLogReader {
    /// The size of one read.
    static let chunkSize = 4 << 20

    /// Parses everything readable from `descriptor`.
    ///
    /// - Parameters:
    ///   - descriptor: an open file descriptor (0 for standard input).
    ///   - piece: only these bytes of the file, a range from
    ///     `ConsoleLogPieces.ranges`, read with `pread(2)`; `nil` reads
    ///     `descriptor` from where it stands to its end.
    ///   - mapping: map `piece` of a regular file into memory rather than
    ///     copy it into a buffer (`MappedFileRange`); what lies past the file's
    ///     size when mapped (a log still being written) is read as usual. Only
    ///     for a caller that handles `SIGBUS`, which a file truncated while it
    ///     is mapped raises. Ignored without a piece or for other files.
    ///   - summarizing: see `ConsoleLogParser.init(summarizing:appModules:caches:)`.
    ///   - appModules: the app's own modules, dropped from class names (same).
    ///   - caches: what earlier summarizing reads of this input learned (same).
    ///   - progress: called after each read with the total bytes read so far
    ///     (of the piece, when reading one).
    ///   - lines: called with each run of whole lines just before the parser
    ///     reads it (`readPlacing` gives them to `ViewDescriptions`).
    ///   - emit: called with each conflict as soon as it is complete.
    /// - Returns: whether the input ended between conflicts, so that a
    ///   piece read after this one by a parser of its own finds what this
    ///   parser would have found reading on (`ConsoleLogPieces`).
    /// - Throws: `ConsoleReadError` for binary input or a failed read.
    /// - Complexity: O(input size) time, O(chunk size) memory (a mapping is
    ///   the page cache's memory, not the process's).
    @discardableResult
    public static func read(descriptor: Int32, piece: Range<Int>? = nil, mapping: Bool = false,
                            summarizing: Bool = false, appModules: Set<String> = [],
                            caches: SummarizingCaches? = nil, progress: ((Int) -> Void)? = nil,
                            lines: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil,
                            emit: (ParsedConflict) -> Void) throws(ConsoleReadError) -> Bool {
        var parser = ConsoleLogParser(summarizing: summarizing, appModules: appModules, caches: caches)
        var rest = piece
        var mappedBytes = 0
        if mapping, let piece, let mapped = MappedFileRange(descriptor: descriptor, range: piece) {
            defer { mapped.unmap() }
            if piece.lowerBound == 0, holdsNUL(mapped.base, count: mapped.count) { throw .binary }
            mappedBytes = consumeLines(of: mapped, into: &parser, progress: progress, lines: lines, emit: emit)
            rest = piece.lowerBound + mappedBytes..<piece.upperBound
        }
        try readBuffered(descriptor, piece: rest, alreadyRead: mappedBytes, into: &parser, progress: progress,
                         lines: lines, emit: emit)
        let endsBetweenConflicts = parser.isBetweenConflicts
        parser.finish(emit: emit)
        return endsBetweenConflicts
    }

    /// Feeds `parser` the whole lines of `mapped`, a chunk at a time so that
    /// progress is reported as it goes; returns how many bytes it fed. The
    /// mapping's last line is left to the buffered read: it may lack its
    /// newline (the rest comes if the file grew), and every buffer the
    /// parser is given then has a mapped byte after it, as a read buffer has.
    private static func consumeLines(of mapped: MappedFileRange, into parser: inout ConsoleLogParser,
                                     progress: ((Int) -> Void)?, lines: ((UnsafeBufferPointer<UInt8>) -> Void)?,
                                     emit: (ParsedConflict) -> Void) -> Int {
        let text = ByteText(base: mapped.base, count: mapped.count - 1)
        var done = 0
        while done < text.count {
            let end = min(done + chunkSize, text.count)
            // A line longer than a chunk is fed whole, up to its newline.
            guard let lastNewline = text.lastIndex(of: 0x0A, from: done, to: end)
                    ?? text.firstIndex(of: 0x0A, from: end, to: text.count) else { break }
            let run = UnsafeBufferPointer(start: mapped.base + done, count: lastNewline + 1 - done)
            lines?(run)
            parser.consume(run, emit: emit)
            done = lastNewline + 1
            progress?(done)
        }
        return done
    }

    /// Reads `piece` (or the rest of `descriptor` when `nil`) into a buffer
    /// a chunk at a time and feeds `parser` its whole lines; `alreadyRead`
    /// bytes of the piece were fed before, from a mapping.
    private static func readBuffered(_ descriptor: Int32, piece: Range<Int>?, alreadyRead: Int,
                                     into parser: inout ConsoleLogParser, progress: ((Int) -> Void)?,
                                     lines: ((UnsafeBufferPointer<UInt8>) -> Void)?,
                                     emit: (ParsedConflict) -> Void) throws(ConsoleReadError) {
        let capacity = chunkSize * 2
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        // Only the first piece is checked for binary input, as a whole file is.
        var filled = 0, total = 0
        var checkedForBinary = piece.map { $0.lowerBound > 0 } ?? false
        while true {
            let wanted = min(chunkSize, capacity - filled)
            let count = piece.map { piece in
                pread(descriptor, buffer + filled, min(wanted, piece.upperBound - piece.lowerBound - total),
                      off_t(piece.lowerBound + total))
            } ?? readBytes(descriptor, buffer + filled, wanted)
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(errno)
            }
            if count == 0 { break }
            if !checkedForBinary {
                checkedForBinary = true
                if holdsNUL(buffer + filled, count: count) { throw .binary }
            }
            filled += count
            total += count
            progress?(alreadyRead + total)
            if let lastNewline = ByteText(base: buffer, count: filled).lastIndex(of: 0x0A, from: 0, to: filled) {
                let complete = lastNewline + 1
                lines?(UnsafeBufferPointer(start: buffer, count: complete))
                parser.consume(UnsafeBufferPointer(start: buffer, count: complete), emit: emit)
                memmove(buffer, buffer + complete, filled - complete)
                filled -= complete
            } else if filled >= capacity - chunkSize {
                // A line longer than the buffer: read it in pieces rather than grow.
                lines?(UnsafeBufferPointer(start: buffer, count: filled))
                parser.consume(UnsafeBufferPointer(start: buffer, count: filled), emit: emit)
                filled = 0
            }
        }
        if filled > 0 {
            lines?(UnsafeBufferPointer(start: buffer, count: filled))
            parser.consume(UnsafeBufferPointer(start: buffer, count: filled), emit: emit)
        }
    }

    /// Whether an input's first bytes hold a NUL, which console text never
    /// does: the first 64 KB are enough to tell a binary file, mapped or read.
    private static func holdsNUL(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        memchr(bytes, 0, min(count, 65536)) != nil
    }
}

/// `read(2)`. Inside `ConsoleLogReader` the name `read` means the type's own method, and a
/// module-qualified call would name a different C library on each platform (`Glibc`, `Darwin`);
/// at file scope the plain name reaches whichever one was imported above. The CI readers'
/// (`LineChunks`, `ConflictRunStream`) call it too.
func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
