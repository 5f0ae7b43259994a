#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ConsoleLogPieces

/// Cuts a console log file into pieces that parsers can read apart, each on
/// its own core, and still find exactly the conflicts one parser finds reading
/// the whole file.
///
/// A piece starts at a header line ("Unable to simultaneously satisfy
/// constraints"): `ConsoleLogParser.readLine` ends whatever conflict it was
/// reading at a header and starts afresh, so a parser that starts there
/// (`ConsoleLogParser.startAtHeader()`) is in the state one reading from the
/// top would be. The piece before it ends as one reading on would at that
/// line: `finish` emits the conflict being read, as the header would. And no
/// header or advice may lie in the `headerReach` lines before the cut: a
/// parser between conflicts looks that far ahead and back for one
/// (`ConsoleLogParser.consumeLines`), which must see the same lines in a
/// piece as in the whole file.
public enum ConsoleLogPieces {
    /// The smallest piece worth a core of its own: below this, starting a
    /// thread and warming a second line cache cost more than they save.
    public static let minimumPieceBytes = 8 << 20
    /// How far past each even share of the file a cut is looked for.
    static let searchBytes = 4 << 20

    /// The byte ranges of at most `count` pieces of the file open at
    /// `descriptor`, `size` bytes long, in order and covering it; one range
    /// (the whole file) when no cut is found or the file is too small.
    ///
    /// - Parameter smallest: the smallest piece to make (tests make small ones).
    /// - Complexity: reads at most `searchBytes` per cut.
    public static func ranges(descriptor: Int32, size: Int, count: Int,
                              smallest: Int = minimumPieceBytes) -> [Range<Int>] {
        let pieces = max(1, min(count, size / max(smallest, 1)))
        var cuts: [Int] = []
        for share in 1..<max(pieces, 1) {
            let target = size / pieces * share
            guard target > (cuts.last ?? 0), let cut = cut(descriptor: descriptor, from: target, size: size) else {
                continue
            }
            if cut > (cuts.last ?? 0) && cut < size { cuts.append(cut) }
        }
        let bounds = [0] + cuts + [size]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The offset of the first header line at or after `from` where a piece
    /// may start, within `searchBytes`; `nil` when there is none.
    static func cut(descriptor: Int32, from: Int, size: Int) -> Int? {
        // A console has a header every few hundred lines: a small window
        // nearly always holds one, and a larger one is read only when not.
        var window = 256 << 10
        while true {
            let length = min(window, searchBytes, size - from)
            guard length > 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: length)
            let read = bytes.withUnsafeMutableBytes { buffer in readAll(descriptor, buffer, at: from) }
            guard read > 0 else { return nil }
            let found = bytes.withUnsafeBufferPointer { buffer in
                cut(in: ByteText(base: buffer.baseAddress!, count: read))
            }
            if let found { return from + found }
            guard read == length, length < min(searchBytes, size - from) else { return nil }
            window *= 4
        }
    }

    /// The start of the first line of `text` where a piece may start: a
    /// header line, after at least `headerReach` whole lines of `text` none
    /// of which holds a header or the advice. The text's first line may be
    /// part of a line, so it is not counted.
    static func cut(in text: ByteText) -> Int? {
        guard var lineStart = text.firstIndex(of: 0x0A, from: 0, to: text.count).map({ $0 + 1 }) else { return nil }
        var quietLines = 0
        while let newline = text.firstIndex(of: 0x0A, from: lineStart, to: text.count) {
            let found = ConsoleLogParser.envelope(text, lineStart, newline).keywords.found
            if found.contains(.header), quietLines >= ConsoleLogParser.headerReach { return lineStart }
            quietLines = found.contains(.header) || found.contains(.advice) ? 0 : quietLines + 1
            lineStart = newline + 1
        }
        return nil
    }

    /// `pread(2)` until `buffer` is full or the file ends; the bytes read
    /// (short at the end of the file, 0 on an error).
    static func readAll(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return done
    }
}
