import Foundation

// MARK: - ConflictRunPieces

/// Reads a big log file on every core: cut into pieces where a parser stands between conflicts
/// (`ConsoleLogPieces`, as `--summary` cuts), each piece read by a reader of its own, each core
/// taking the next piece and keeping its caches, the pieces' runs then added up in order.
///
/// A piece does not know the test case running at its start: its conflicts before its first
/// test line are counted apart (`PieceEnd.inherited`) and given, when the pieces are added up, to
/// the test the pieces before it ended in; conflicts waiting for an xcbeautify result line wait
/// across pieces for the next one. So the run is the one a single reader makes, cut or not.
enum ConflictRunPieces {
    /// Pieces per thread: threads that take the next piece as they finish one end close together.
    static let piecesPerThread = 8

    /// Reads the regular file open at `descriptor`, `size` bytes long, into `run` on `threads`
    /// threads. Only for a caller that handles `SIGBUS` (the pieces are mapped).
    ///
    /// - Parameters:
    ///   - minimumBytes: the smallest file worth cutting, and `smallestPiece` the smallest
    ///     piece (tests cut small files).
    /// - Returns: the bytes read, or `nil` when the file is not worth cutting or a piece ended
    ///   inside a conflict: then the caller reads it whole.
    /// - Throws: `ConflictRunInput.ReadError.binary` for a binary file.
    static func read(descriptor: Int32, size: Int, threads: Int, into run: inout ConflictRun, appModules: Set<String>,
                     minimumBytes: Int = ConsoleLogPieces.minimumFileBytes,
                     smallestPiece: Int = ConsoleLogPieces.minimumPieceBytes) throws(ConflictRunInput.ReadError) -> Int? {
        guard threads > 1, size >= minimumBytes else { return nil }
        let pieces = ConsoleLogPieces.ranges(descriptor: descriptor, size: size, count: threads * piecesPerThread,
                                             smallest: smallestPiece)
        guard pieces.count > 1 else { return nil }
        let results = readPieces(descriptor, pieces, threads: threads, template: run, appModules: appModules)
        if results.contains(where: { $0.error == .binary }) { throw .binary }
        guard results.allSatisfy({ $0.error == nil && $0.run != nil }),
              results.dropLast().allSatisfy({ $0.end?.endsBetweenConflicts == true }) else { return nil }
        var carry = PieceCarry()
        for result in results {
            guard let piece = result.run, let end = result.end else { return nil }
            run.append(piece: piece, end: end, carry: &carry)
        }
        run.endPieces(carry)
        return size
    }

    /// What one piece gave.
    private struct PieceResult {
        var run: ConflictRun?
        var end: ConflictRunReader.PieceEnd?
        var error: ConflictRunInput.ReadError?
    }

    /// Reads each piece on `threads` threads, each taking the next piece and keeping its caches.
    private static func readPieces(_ descriptor: Int32, _ pieces: [Range<Int>], threads: Int, template: ConflictRun,
                                   appModules: Set<String>) -> [PieceResult] {
        let results = UnsafeMutableBufferPointer<PieceResult>.allocate(capacity: pieces.count)
        results.initialize(repeating: PieceResult())
        defer { results.deinitialize().deallocate() }
        let next = PieceCounter(count: pieces.count)
        let shared = SharedConflictBlocks()
        let firsts = FirstOccurrences()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let caches = SummarizingCaches(sharing: shared)
            while let index = next.take() {
                let reader = ConflictRunReader(run: template.emptyPiece(),
                                               appModules: appModules, caches: caches, inherits: index > 0,
                                               piece: (index, firsts))
                var result = PieceResult()
                do throws(ConsoleReadError) {
                    let read = try LineChunks.read(descriptor: descriptor, range: pieces[index], checksBinary: index == 0) {
                        reader.consume($0)
                    }
                    if read == nil { result.error = .io(EIO) }
                } catch {
                    result.error = ConflictRunInput.ReadError(error)
                }
                if result.error == nil {
                    result.end = reader.finishPiece()
                    result.run = reader.run
                }
                results[index] = result
            }
        }
        return Array(results)
    }
}

// MARK: - PieceCounter

/// Hands out piece indices, the next one to whichever thread asks first.
private final class PieceCounter: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0

    init(count: Int) { self.count = count }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

// MARK: - Adding pieces up

/// What the pieces added so far leave for the next: where a conflict belonged at their end,
/// the conflicts waiting for a result line, and the suite.
struct PieceCarry {
    enum Target { case test(Int), awaitingResult }
    var target = Target.awaitingResult
    var awaiting: [Int: Int] = [:]
    var suite: String?
}

extension ConflictRun {
    /// Adds `piece`, read after everything this run holds, with what its reader left (`end`).
    mutating func append(piece: ConflictRun, end: ConflictRunReader.PieceEnd, carry: inout PieceCarry) {
        var testMap: [Int] = []
        for (id, var test) in piece.testCases.enumerated() {
            if end.testsWithoutSuite.contains(id) { test.suite = carry.suite }
            testMap.append(testID(test))
        }
        let groupMap = piece.groups.map { group(signature: $0.signature, owner: $0.owner) }
        // The piece's first conflicts belong where the log before it ended.
        for (group, count) in end.inherited.sorted(by: { $0.key < $1.key }) {
            switch carry.target {
            case .test(let test): note(test: test, in: groupMap[group], count: count)
            case .awaitingResult: carry.awaiting[groupMap[group], default: 0] += count
            }
        }
        if let first = end.firstCompleted {
            for (group, count) in carry.awaiting.sorted(by: { $0.key < $1.key }) {
                note(test: testMap[first], in: group, count: count)
            }
            carry.awaiting = [:]
        }
        for (index, pieceGroup) in piece.groups.enumerated() {
            addCounts(of: pieceGroup, into: groupMap[index], testMap: testMap)
        }
        for (group, count) in end.awaiting { carry.awaiting[groupMap[group], default: 0] += count }
        switch end.target {
        case .test(let id)?: carry.target = .test(testMap[id])
        case .awaitingResult?: carry.target = .awaitingResult
        case .inherited?, nil: break
        }
        if let suite = end.suite { carry.suite = suite }
        for (test, location) in piece.testLocations { noteFailure(of: test, at: location) }
        total += piece.total
        lines += piece.lines
        endsInsideConflict = piece.endsInsideConflict
    }

    /// Adds a piece's group to this run's group `group`, its first occurrence moved to the
    /// run's lines and numbers.
    private mutating func addCounts(of pieceGroup: Group, into group: Int, testMap: [Int]) {
        groups[group].count += pieceGroup.count
        groups[group].outsideTests += pieceGroup.outsideTests
        for test in pieceGroup.testIDs { note(test: testMap[test], in: group) }
        if pieceGroup.hasMoreTests { groups[group].hasMoreTests = true }
        if groups[group].first == nil, var first = pieceGroup.first {
            first.firstLine += lines
            first.lastLine += lines
            first.snapshot.ordinal = (first.snapshot.ordinal ?? 0) + total
            groups[group].first = first
        }
    }

    /// Ends the pieces: conflicts still waiting for a result line belong to no test, and only
    /// the first `reportLimit` new conflicts keep their first occurrence.
    mutating func endPieces(_ carry: PieceCarry) {
        for (group, count) in carry.awaiting { note(test: nil, in: group, count: count) }
        var kept = 0
        for index in groups.indices where groups[index].first != nil {
            if kept < reportLimit { kept += 1 } else { groups[index].first = nil }
        }
        reportsKept = kept
    }
}

// MARK: - FirstOccurrences

/// Which piece keeps the first occurrence of each new conflict, shared by the readers of one
/// input's pieces: a piece reads a conflict again in full for its report only when no piece
/// before it has (its report would be dropped when the pieces are added up, the earlier one
/// kept). Each piece read such reports for all its new conflicts before, and on the bench that
/// was 6% of a thread's work.
///
/// A piece ahead of it that has not yet been read cannot claim a conflict, so a piece may
/// still keep one that an earlier piece keeps too; adding the pieces up keeps the earliest.
final class FirstOccurrences: @unchecked Sendable {
    private let lock = NSLock()
    private var pieceBySignature: [String: Int] = [:]

    /// Whether `piece` is to keep the first occurrence of `signature`: no piece before it has
    /// said it keeps one. Records it when it is.
    func claim(_ signature: String, piece: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let earlier = pieceBySignature[signature], earlier < piece { return false }
        pieceBySignature[signature] = piece
        return true
    }
}
