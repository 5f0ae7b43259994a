#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - ConflictRunStream

/// Reads a log that arrives as a stream (standard input, a pipe) on several threads, as
/// `ConflictRunPieces` reads a file: the bytes are cut into pieces as they come, where a parser
/// stands between conflicts (`ConsoleLogPieces.cut`), each piece is read by a reader of its own
/// on the next free thread (each thread keeping its caches), and the pieces' runs are added up
/// in order as they finish. So the run is the one a single reader makes.
///
/// A piece is held until it is added up, and at most `inFlight` of them are held, so memory is
/// bounded however long the stream. A cut is known to be good only once the piece before it is
/// read (it must end between conflicts: a list left open for longer than a cut looks back is
/// not). When one is not, or when no cut comes within `ConsoleLogPieces.searchBytes`, one reader
/// reads everything from that piece on: the piece before it ended between conflicts, so a
/// reader made there goes on as one that read the stream from the top.
final class ConflictRunStream {
    /// Bytes in a piece, about: the cut is the first place after this where one may be made.
    static let pieceBytes = 4 << 20

    /// What the stream turned out to be.
    enum Outcome {
        /// A log, read: this many bytes, of which the pieces before `oneReaderFrom` were read
        /// each on its own (`nil`: every piece was).
        case log(bytes: Int, pieces: Int, oneReaderFrom: Int?)
        /// A monitor backlog (its first byte that is not blank is `{`): the bytes read so far,
        /// for the caller to read on from.
        case backlog(prefix: [UInt8])
    }

    private let descriptor: Int32
    private let threads: Int
    private let appModules: Set<String>
    private let template: ConflictRun
    private let pieceBytes: Int
    private let workers = PieceWork()
    private let firsts = FirstOccurrences()
    private let finished = DispatchGroup()

    /// Pieces cut so far: the next one's index.
    private var cutCount = 0
    /// Pieces added up so far: the next one to add.
    private var addedCount = 0
    /// The pieces cut and not yet added up, by index: a worker reads each, and the one reader
    /// reads them again should pieces be given up.
    private var held: [Int: PieceBuffer] = [:]
    /// Buffers of pieces added up, to read into again: fresh pages cost a fault each.
    private var spare: [PieceBuffer] = []
    private var carry = PieceCarry()
    /// Once pieces are given up: the reader that reads on, and the piece it started at.
    private var oneReader: (reader: ConflictRunReader, from: Int)?
    private var total = 0

    /// Pieces held at once: each thread reading one, with one waiting for it.
    private var inFlight: Int { threads * 2 }

    private init(descriptor: Int32, threads: Int, template: ConflictRun, appModules: Set<String>, pieceBytes: Int) {
        self.descriptor = descriptor
        self.threads = threads
        self.template = template
        self.appModules = appModules
        self.pieceBytes = pieceBytes
    }

    /// Reads `descriptor` from where it stands to its end into `run` on `threads` threads.
    ///
    /// - Parameter pieceBytes: the size of a piece (tests cut small streams).
    /// - Throws: `.binary` when the first 64 KB hold a NUL byte, `.io` when a read fails.
    static func read(descriptor: Int32, threads: Int, into run: inout ConflictRun, appModules: Set<String>,
                     pieceBytes: Int = pieceBytes) throws(ConflictRunInput.ReadError) -> Outcome {
        let stream = ConflictRunStream(descriptor: descriptor, threads: max(threads, 1), template: run,
                                       appModules: appModules, pieceBytes: pieceBytes)
        defer { stream.stopWorkers() }
        do throws(ConsoleReadError) {
            return try stream.read(into: &run)
        } catch {
            throw ConflictRunInput.ReadError(error)
        }
    }

    // MARK: - Reading

    private func read(into run: inout ConflictRun) throws(ConsoleReadError) -> Outcome {
        var buffer = newBuffer()
        var window = 64 << 10
        var isLog = false
        while try readSome(into: buffer) > 0 {
            // A stream that is nothing but blanks is no log: none of it is read, as without threads.
            if !isLog {
                switch ConflictRunInput.kind(of: UnsafeBufferPointer(start: buffer.base, count: buffer.count)) {
                case .backlog?: return .backlog(prefix: buffer.bytes)
                case .log?: isLog = true
                case nil: continue
                }
            }
            if oneReader != nil {
                handOverLines(buffer)
                continue
            }
            guard buffer.count >= pieceBytes + min(window, ConsoleLogPieces.searchBytes) else { continue }
            if let cut = cut(buffer) {
                buffer = dispatch(buffer, upTo: cut, into: &run)
                window = 64 << 10
            } else if buffer.count >= pieceBytes + ConsoleLogPieces.searchBytes {
                // No cut in reach: one reader reads on from this piece.
                giveUpPieces(from: cutCount, into: &run)
                handOverLines(buffer)
            } else {
                window *= 4
            }
        }
        if !isLog { buffer.count = 0 }
        finish(buffer, into: &run)
        return .log(bytes: total, pieces: cutCount, oneReaderFrom: oneReader?.from)
    }

    /// Reads what the stream has into the end of `buffer`; 0 at its end.
    private func readSome(into buffer: PieceBuffer) throws(ConsoleReadError) -> Int {
        while true {
            let count = readBytes(descriptor, buffer.base + buffer.count, min(LineChunks.readSize, buffer.capacity - buffer.count))
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(errno)
            }
            if total < 65536, memchr(buffer.base + buffer.count, 0, min(count, 65536 - total)) != nil {
                throw .binary
            }
            buffer.count += count
            total += count
            return count
        }
    }

    /// The first place at or after `pieceBytes` where a piece may end, looking back
    /// `ConsoleLogPieces.lookBehind` for a list left open.
    private func cut(_ buffer: PieceBuffer) -> Int? {
        let before = min(pieceBytes, ConsoleLogPieces.lookBehind)
        let from = pieceBytes - before
        let text = ByteText(base: buffer.base + from, count: buffer.count - from)
        return ConsoleLogPieces.cut(in: text, notBefore: before).map { from + $0 }
    }

    private func newBuffer() -> PieceBuffer {
        if let buffer = spare.popLast() {
            buffer.count = 0
            return buffer
        }
        return PieceBuffer(capacity: pieceBytes + ConsoleLogPieces.searchBytes + LineChunks.readSize)
    }

    // MARK: - Pieces

    /// Hands `buffer`'s bytes before `cut` to the workers as the next piece, and returns a
    /// buffer holding the rest.
    private func dispatch(_ buffer: PieceBuffer, upTo cut: Int, into run: inout ConflictRun) -> PieceBuffer {
        let rest = newBuffer()
        buffer.move(from: cut, to: rest)
        if cutCount == 0 { startWorkers() }
        held[cutCount] = buffer
        workers.put(cutCount, buffer)
        cutCount += 1
        // Adds up what is read, waiting while as many pieces as may be are held.
        while oneReader == nil, addedCount < cutCount {
            let full = cutCount - addedCount >= inFlight
            guard let result = full ? workers.waitForResult(addedCount) : workers.result(addedCount) else { break }
            if !add(result, isLast: false, into: &run) { giveUpPieces(from: addedCount, into: &run) }
        }
        return rest
    }

    /// Adds one piece's run; `false` when it ended inside a conflict, though not the last.
    private func add(_ result: PieceResult, isLast: Bool, into run: inout ConflictRun) -> Bool {
        guard isLast || result.end.endsBetweenConflicts else { return false }
        run.append(piece: result.run, end: result.end, carry: &carry)
        if let buffer = held.removeValue(forKey: addedCount) { spare.append(buffer) }
        addedCount += 1
        return true
    }

    // MARK: - One reader

    /// Gives pieces up from piece `from` (or an earlier one that ends inside a conflict): the
    /// pieces before it are added up, and one reader, made where the last of them ended,
    /// reads the held pieces from there and everything after them.
    private func giveUpPieces(from: Int, into run: inout ConflictRun) {
        var start = from
        while addedCount < start, let result = workers.waitForResult(addedCount) {
            if !add(result, isLast: false, into: &run) { start = addedCount }
        }
        stopWorkers()
        // Where no piece was added the reader is the whole stream's, as without threads.
        let reader = start == 0 ? ConflictRunReader(run: run, appModules: appModules)
            : ConflictRunReader(run: template.emptyPiece(),
                                appModules: appModules, inherits: true, piece: (start, firsts))
        for index in start..<cutCount {
            if let piece = held[index] { reader.consume(piece.lines(upTo: piece.count)) }
        }
        held = [:]
        oneReader = (reader, start)
    }

    /// Gives the one reader `buffer`'s whole lines, keeping the rest (part of a line) at its front.
    private func handOverLines(_ buffer: PieceBuffer) {
        guard let reader = oneReader?.reader else { return }
        let text = ByteText(base: buffer.base, count: buffer.count)
        // A line longer than the buffer is handed over in pieces, as `LineChunks` does.
        let whole = text.lastIndex(of: 0x0A, from: 0, to: buffer.count).map { $0 + 1 }
            ?? (buffer.count == buffer.capacity ? buffer.count : 0)
        guard whole > 0 else { return }
        reader.consume(UnsafeBufferPointer(start: buffer.base, count: whole))
        buffer.dropFirst(whole)
    }

    // MARK: - The end

    /// Ends the stream: its last bytes are the last piece, or the one reader's last lines.
    private func finish(_ buffer: PieceBuffer, into run: inout ConflictRun) {
        if oneReader == nil, cutCount == 0 {
            // One piece: one reader, as without threads.
            giveUpPieces(from: 0, into: &run)
        }
        if oneReader == nil {
            if buffer.count > 0 {
                held[cutCount] = buffer
                workers.put(cutCount, buffer)
                cutCount += 1
            }
            workers.close()
            while oneReader == nil, addedCount < cutCount, let result = workers.waitForResult(addedCount) {
                if !add(result, isLast: addedCount == cutCount - 1, into: &run) { giveUpPieces(from: addedCount, into: &run) }
            }
            guard let (reader, from) = oneReader else {
                run.endPieces(carry)
                return
            }
            finish(reader, from: from, into: &run)
            return
        }
        guard let (reader, from) = oneReader else { return }
        if buffer.count > 0 { reader.consume(buffer.lines(upTo: buffer.count)) }
        finish(reader, from: from, into: &run)
    }

    /// Ends the one reader: its run is the whole stream's, or the last piece's.
    private func finish(_ reader: ConflictRunReader, from: Int, into run: inout ConflictRun) {
        guard from > 0 else {
            reader.finish()
            run = reader.run
            return
        }
        let end = reader.finishPiece()
        run.append(piece: reader.run, end: end, carry: &carry)
        run.endPieces(carry)
    }

    // MARK: - Workers

    private func startWorkers() {
        let work = workers
        let template = template
        let appModules = appModules
        let shared = SharedConflictBlocks()
        let firsts = self.firsts
        for _ in 0..<threads {
            DispatchQueue.global().async(group: finished) {
                let caches = SummarizingCaches(sharing: shared)
                while let (index, piece) = work.take() {
                    let reader = ConflictRunReader(run: template.emptyPiece(),
                                                   appModules: appModules, caches: caches, inherits: index > 0,
                                                   piece: (index, firsts))
                    reader.consume(piece.lines(upTo: piece.count))
                    let end = reader.finishPiece()
                    work.finish(index, PieceResult(run: reader.run, end: end))
                }
            }
        }
    }

    /// Stops handing out pieces and waits for the workers to end.
    private func stopWorkers() {
        workers.close(dropping: true)
        finished.wait()
    }
}

// MARK: - PieceResult

/// What a worker's reader made of one piece.
private struct PieceResult {
    var run: ConflictRun
    var end: ConflictRunReader.PieceEnd
}

// MARK: - PieceBuffer

/// Bytes read from the stream, with a byte after them the parser may look at (it looks one
/// byte past a line's end, as a read buffer has one).
private final class PieceBuffer: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    /// Room for bytes, the byte after them apart.
    let capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity + 1)
    }

    deinit { base.deallocate() }

    /// Its first `count` bytes (whole lines, or the stream's last), the byte after them set.
    func lines(upTo count: Int) -> UnsafeBufferPointer<UInt8> {
        if count == self.count { base[count] = 0 }
        return UnsafeBufferPointer(start: base, count: count)
    }

    /// Moves the bytes from `index` on into `other` (empty), keeping those before it.
    func move(from index: Int, to other: PieceBuffer) {
        other.count = count - index
        other.base.update(from: base + index, count: other.count)
        count = index
    }

    /// Drops the first `n` bytes, moving the rest to the front.
    func dropFirst(_ n: Int) {
        count -= n
        if count > 0 { base.update(from: base + n, count: count) }
    }

    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

// MARK: - PieceWork

/// The pieces waiting for a worker, and the results of those read, shared by the thread that
/// reads the stream and the workers.
private final class PieceWork: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [(index: Int, piece: PieceBuffer)] = []
    private var results: [Int: PieceResult] = [:]
    private var closed = false
    private var dropped = false

    func put(_ index: Int, _ piece: PieceBuffer) {
        condition.lock()
        waiting.append((index, piece))
        condition.broadcast()
        condition.unlock()
    }

    /// The next piece to read; `nil` once closed with none waiting.
    func take() -> (Int, PieceBuffer)? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty, !closed { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        let next = waiting.removeFirst()
        return (next.index, next.piece)
    }

    func finish(_ index: Int, _ result: PieceResult) {
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
    }

    /// Piece `index`'s result when it is read, without waiting.
    func result(_ index: Int) -> PieceResult? {
        condition.lock()
        defer { condition.unlock() }
        return results.removeValue(forKey: index)
    }

    /// Piece `index`'s result, waiting for it; `nil` once the pieces are dropped.
    func waitForResult(_ index: Int) -> PieceResult? {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil, !dropped { condition.wait() }
        return results.removeValue(forKey: index)
    }

    /// No more pieces: the workers end once those waiting are read (or at once, `dropping` them).
    func close(dropping: Bool = false) {
        condition.lock()
        closed = true
        if dropping {
            waiting.removeAll()
            dropped = true
        }
        condition.broadcast()
        condition.unlock()
    }
}
