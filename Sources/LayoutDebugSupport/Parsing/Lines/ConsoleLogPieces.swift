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
/// A piece starts after ten ordinary lines (`ConsoleLogParser.ListRole`):
/// no keyword, no constraint, no bracket. After them a parser is between
/// conflicts unless a list was left open before them, and a parser between
/// conflicts looks no further back than that for a header
/// (`ConsoleLogParser.headerReach`), so a parser made afresh at the cut goes
/// on as one that read the log from the top. Whether the piece before ended
/// between conflicts is known only once it is read
/// (`ConsoleLogReader.read`'s result): when one did not, the caller reads the
/// whole file again in one piece, so a cut never changes what is found.
public enum ConsoleLogPieces {
    /// The smallest file worth more than one core: below this, starting
    /// threads and warming a second set of caches cost more than they save.
    public static let minimumFileBytes = 16 << 20
    /// The smallest piece: threads take pieces one after another, keeping
    /// their caches, so pieces can be small enough that threads end close
    /// together; below this, finding the cuts starts to cost.
    public static let minimumPieceBytes = 2 << 20
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
        for share in 1..<pieces {
            let target = size / pieces * share
            guard target > (cuts.last ?? 0), let cut = cut(descriptor: descriptor, from: target, size: size) else {
                continue
            }
            if cut > (cuts.last ?? 0) && cut < size { cuts.append(cut) }
        }
        let bounds = [0] + cuts + [size]
        return zip(bounds, bounds.dropFirst()).map { $0..<$1 }
    }

    /// The offset of the first line at or after `from` where a piece may
    /// start, within `searchBytes`; `nil` when there is none.
    static func cut(descriptor: Int32, from: Int, size: Int) -> Int? {
        // Ordinary lines come in runs between conflicts: a small window
        // nearly always holds a cut, and a larger one is read only when not.
        // The window starts `lookBehind` bytes early, to see whether a list
        // opened there is still open at a cut.
        let before = min(from, lookBehind)
        var window = 64 << 10
        while true {
            let length = min(window, searchBytes, size - from)
            guard length > 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: before + length)
            let read = bytes.withUnsafeMutableBytes { buffer in readAll(descriptor, buffer, at: from - before) }
            guard read > before else { return nil }
            let found = bytes.withUnsafeBufferPointer { buffer in
                cut(in: ByteText(base: buffer.baseAddress!, count: read), notBefore: before)
            }
            if let found { return from - before + found }
            guard read == before + length, length < min(searchBytes, size - from) else { return nil }
            window *= 4
        }
    }

    /// How far before a cut's search a list opening is looked for.
    static let lookBehind = 16 << 10

    /// The start of the first line of `text` at or after `notBefore` where a
    /// piece may start: after `headerReach` ordinary lines of `text` in a row
    /// (blank lines between them are passed over), unless the last line
    /// before them that opens or ends a list opened one
    /// (`ConsoleLogParser.ListRole`): a list left open, as a log trimmed
    /// mid-list leaves it, reads ordinary lines as its own until the next
    /// header, and a cut there would make `ConsoleLogReader` report the piece
    /// inexact, so that the whole file is read again. The text's first line
    /// may be part of a line, so it is not counted.
    static func cut(in text: ByteText, notBefore: Int = 0) -> Int? {
        guard var lineStart = text.firstIndex(of: 0x0A, from: 0, to: text.count).map({ $0 + 1 }) else { return nil }
        var ordinaryLines = 0
        var listOpen = false
        while let newline = text.firstIndex(of: 0x0A, from: lineStart, to: text.count) {
            if ordinaryLines >= ConsoleLogParser.headerReach, lineStart >= notBefore, !listOpen { return lineStart }
            switch ConsoleLogParser.listRole(text, lineStart, newline) {
            case .blank: break
            case .ordinary: ordinaryLines += 1
            case .opensList: (ordinaryLines, listOpen) = (0, true)
            case .endsList: (ordinaryLines, listOpen) = (0, false)
            case .other: ordinaryLines = 0
            }
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
