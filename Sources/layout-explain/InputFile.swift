#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import LayoutDebugSupport

// MARK: - InputFile

/// Opens one input, streams its conflicts, and reports on standard error
/// when it cannot be read or holds no readable conflict.
enum InputFile {
    /// Reads `path` (`-` is standard input) and calls `handle` per conflict,
    /// then `loops` with the layout loops it holds (`LoopText`).
    ///
    /// - Returns: `false` after printing a one-line error: a missing or
    ///   unreadable file, binary input, no conflict and no loop at all, or only
    ///   conflicts none of whose constraints could be read.
    static func read(_ path: String, summarizing: Bool, appModules: Set<String> = [],
                     loops: (LoopReading) -> Void = { _ in }, handle: (ParsedConflict) -> Void) -> Bool {
        guard let descriptor = open(path) else { return false }
        defer { if descriptor != 0 { close(descriptor) } }
        return read(descriptor, path: path, summarizing: summarizing, appModules: appModules, loops: loops,
                    handle: handle)
    }

    /// `read` on `path` already open at `descriptor`, from where it stands.
    private static func read(_ descriptor: Int32, path: String, summarizing: Bool, appModules: Set<String>,
                             loops: (LoopReading) -> Void, handle: (ParsedConflict) -> Void) -> Bool {
        var progress = Progress(path: path, descriptor: descriptor)
        var tally = InputTally()
        // A regular file is mapped rather than copied (`main` installs `TruncationGuard` for that), from
        // its start: it was just opened, or read only with `pread`. Standard input is read from where it
        // stands, even when it is a file.
        let isFile = path != "-" && regularFileSize(descriptor) != nil
        // Input that can be read only once is kept for the loop reader as it goes by.
        let capture = isFile ? nil : StandardInputCapture()
        let keep = capture.map { capture in { (run: UnsafeBufferPointer<UInt8>) in capture.keep(run) } }
        do {
            if summarizing {
                try ConsoleLogReader.read(descriptor: descriptor, piece: isFile ? 0..<Int.max : nil, mapping: isFile,
                                          summarizing: true, appModules: appModules,
                                          progress: { progress?.update($0) }, lines: keep) { parsed in
                    tally.count(parsed)
                    handle(parsed)
                }
            } else {
                // Explained conflicts are placed from the view descriptions the log holds, so their fixes rank.
                try ConsoleLogReader.readPlacing(descriptor: descriptor, isFile: isFile, appModules: appModules,
                                                 progress: { progress?.update($0) }, lines: keep) { parsed in
                    tally.count(parsed)
                    handle(parsed)
                }
            }
        } catch {
            progress?.finish()
            Output.error("\(name(path)): \(error.description)")
            return false
        }
        progress?.finish()
        let reading = readLoops(descriptor, capture: capture, conflicts: tally.conflicts)
        if let reading { loops(reading) }
        return tally.isReadable(name(path), loops: reading)
    }

    /// The loops of the input open at `descriptor` (a file, through its mapping) or of what
    /// `capture` kept. With no conflict found the input is read for what it is whatever it holds;
    /// else only when it holds the words a loop prints.
    private static func readLoops(_ descriptor: Int32, capture: StandardInputCapture?, conflicts: Int) -> LoopReading? {
        if let capture { return capture.loops(always: conflicts == 0) }
        return LoopText.read(descriptor: descriptor, always: conflicts == 0)
    }

    /// Summarizes `path` into `summary`: a large file in pieces read on
    /// every core, each core taking the next piece as it finishes one and
    /// keeping what it learns from piece to piece (`SummarizingCaches`), its
    /// summaries merged at the end (`ConsoleLogPieces` cuts where the
    /// pieces' conflicts are the whole file's, and when a piece shows it was
    /// not, the file is read whole); standard input, a pipe or a small file
    /// as `read` does.
    ///
    /// - Returns: as `read`.
    static func summarize(_ path: String, appModules: Set<String>, into summary: inout Summary,
                          loops: (LoopReading) -> Void) -> Bool {
        guard let descriptor = open(path) else { return false }
        defer { if descriptor != 0 { close(descriptor) } }
        let threads = workers
        let size = path == "-" ? 0 : regularFileSize(descriptor) ?? 0
        var pieces = threads > 1 && size >= ConsoleLogPieces.minimumFileBytes
            ? ConsoleLogPieces.ranges(descriptor: descriptor, size: size, count: threads * piecesPerThread) : []
        // The last piece reads on to the end of the file, as one read of it
        // does: a log still being written may have grown since.
        if let last = pieces.last { pieces[pieces.count - 1] = last.lowerBound..<Int.max }
        guard pieces.count > 1 else {
            return read(descriptor, path: path, summarizing: true, appModules: appModules, loops: loops) { summary.add($0) }
        }
        let queue = PieceQueue(count: pieces.count, progress: Progress(path: path, descriptor: descriptor))
        let (results, summaries) = readPieces(descriptor, pieces, threads: threads, size: size,
                                              appModules: appModules, queue: queue)
        queue.finish()
        // A piece that ended inside a conflict (a list left open before the
        // cut) may have found other conflicts than one parser reading on:
        // then the file is read whole (from its start: the pieces were read
        // with `pread`, which leaves the descriptor's offset where it was).
        guard results.dropLast().allSatisfy(\.endsBetweenConflicts) else {
            return read(descriptor, path: path, summarizing: true, appModules: appModules, loops: loops) { summary.add($0) }
        }
        var tally = InputTally()
        for piece in results {
            if let error = piece.error {
                Output.error("\(name(path)): \(error.description)")
                return false
            }
            tally.append(piece.tally)
        }
        for threadSummary in summaries { summary.merge(threadSummary) }
        let reading = readLoops(descriptor, capture: nil, conflicts: tally.conflicts)
        if let reading { loops(reading) }
        return tally.isReadable(name(path), loops: reading)
    }

    /// Reads `pieces` on `threads` threads, each taking the next piece from
    /// `queue` until none is left, with caches and a summary of its own
    /// (a summary numbers rows by its parser's shape ids, which its caches
    /// hand out); returns what each piece gave, in order, and each thread's
    /// summary.
    private static func readPieces(_ descriptor: Int32, _ pieces: [Range<Int>], threads: Int, size: Int,
                                   appModules: Set<String>, queue: PieceQueue)
        -> (pieces: [PieceResult], summaries: [Summary]) {
        let results = UnsafeMutableBufferPointer<PieceResult>.allocate(capacity: pieces.count)
        results.initialize(repeating: PieceResult())
        let summaries = UnsafeMutableBufferPointer<Summary>.allocate(capacity: threads)
        summaries.initialize(repeating: Summary())
        defer {
            results.deinitialize().deallocate()
            summaries.deinitialize().deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let caches = SummarizingCaches()
            var summary = Summary()
            while let index = queue.take() {
                let piece = pieces[index]
                var result = PieceResult()
                do throws(ConsoleReadError) {
                    result.endsBetweenConflicts = try ConsoleLogReader.read(
                        descriptor: descriptor, piece: piece, mapping: true, summarizing: true,
                        appModules: appModules, caches: caches) { parsed in
                        result.tally.count(parsed)
                        summary.add(parsed)
                    }
                } catch {
                    result.error = error
                }
                results[index] = result
                queue.finished(bytes: min(piece.upperBound, size) - piece.lowerBound)
            }
            summaries[thread] = summary
        }
        return (Array(results), Array(summaries))
    }

    /// What one piece of a file gave.
    private struct PieceResult {
        var tally = InputTally()
        var error: ConsoleReadError?
        var endsBetweenConflicts = false
    }

    /// Pieces per thread: enough that threads taking the next piece as
    /// they finish one end within a small piece of each other, whatever else
    /// the machine is doing; few enough that finding the cuts costs little.
    private static let piecesPerThread = 8

    /// How many threads read a large file: one per core, or
    /// `LAYOUT_EXPLAIN_THREADS` (1 reads every file whole).
    static var workers: Int {
        if let value = getenv("LAYOUT_EXPLAIN_THREADS").map({ String(cString: $0) }), let count = Int(value),
           count >= 1 {
            return min(count, 64)
        }
        return max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 16))
    }

    /// `workers` less one for each core other work keeps busy (`busyCores`), at least one;
    /// `LAYOUT_EXPLAIN_THREADS` still decides when set. A second thread pays only on an idle
    /// core: its pieces cost work of their own (finding the cuts, a second set of caches,
    /// adding the pieces up), and on a busy machine it waits for a core while that is paid
    /// (`bench/ci` at load 10 on 2 cores: 1.3 s on two threads, 1.05 s on one).
    static var idleWorkers: Int {
        guard getenv("LAYOUT_EXPLAIN_THREADS") == nil, let busy = busyCores else { return workers }
        return max(1, workers - busy)
    }

    /// How many cores other work keeps busy: the fewer of what the last minute's load average
    /// says and, on Linux, the threads runnable at this moment besides this one (the kernel's
    /// count, `/proc/loadavg`'s fourth field, "running/total"). Either alone misleads: the
    /// average lags, so for a minute after a build it still counts the compiler's cores
    /// (`bench/ci/run.sh` builds, then reads), and the moment's count may catch the shell that
    /// started this process still runnable; on a machine busy for a minute and now, both agree.
    private static var busyCores: Int? {
        var load = [0.0]
        guard getloadavg(&load, 1) == 1, load[0].isFinite else { return nil }
        let average = Int(max(0, min(load[0], 64)))
        #if os(Linux)
        if let running = runnableThreads() { return min(average, max(0, running - 1)) }
        #endif
        return average
    }

    /// The open descriptor of `path` (0 for `-`), or `nil` after printing why not.
    private static func open(_ path: String) -> Int32? {
        TruncationGuard.reading(name(path))
        let descriptor = path == "-" ? 0 : openForReading(path)
        guard descriptor >= 0 else {
            Output.error("\(path): \(String(cString: strerror(errno)))")
            return nil
        }
        return descriptor
    }

    private static func name(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The size of the regular file open at `descriptor`, which can be mapped and read in pieces; `nil`
    /// for a pipe or a terminal.
    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}

// MARK: - PieceQueue

/// Hands the pieces of a file to the threads reading them, the next one to
/// whichever thread asks first, and shows their progress.
private final class PieceQueue {
    private let lock = DispatchQueue(label: "layout-explain.pieces")
    private let count: Int
    private var next = 0
    private var doneBytes = 0
    private var progress: Progress?

    init(count: Int, progress: Progress?) {
        self.count = count
        self.progress = progress
    }

    /// The index of the next piece to read, or `nil` when all are taken.
    func take() -> Int? {
        lock.sync {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Notes a piece of `bytes` read.
    func finished(bytes: Int) {
        lock.sync {
            doneBytes += bytes
            progress?.update(doneBytes)
        }
    }

    /// Ends the progress line.
    func finish() { lock.sync { progress?.finish() } }
}

// MARK: - InputTally

/// How many conflicts one input held and how many were readable, for the
/// errors `InputFile` reports.
struct InputTally {
    private(set) var conflicts = 0
    private(set) var readable = 0
    /// The first conflict none of whose constraints could be read.
    private(set) var firstUnreadable: ParsedConflict?

    /// Counts one conflict.
    mutating func count(_ parsed: ParsedConflict) {
        conflicts += 1
        // A notice (a message that is not a conflict) is explained as what it is.
        if parsed.notice != nil {
            readable += 1
        } else if !parsed.hasReadableConstraint, !parsed.snapshot.isRedacted {
            if firstUnreadable == nil { firstUnreadable = parsed }
        } else {
            readable += 1
        }
    }

    /// Counts the conflicts of the piece read after this one: its
    /// conflicts' ordinals start again at 1, so they move up by this count.
    mutating func append(_ later: InputTally) {
        if firstUnreadable == nil, var unreadable = later.firstUnreadable {
            unreadable.snapshot.ordinal = (unreadable.snapshot.ordinal ?? 1) + conflicts
            firstUnreadable = unreadable
        }
        conflicts += later.conflicts
        readable += later.readable
    }

    /// Whether the input held a readable conflict or a layout loop; `false`
    /// after printing a one-line error naming the input `name`. This is where
    /// an input is a loop's and not a conflict's: one with a loop and no
    /// conflict is never "no Auto Layout conflict found".
    func isReadable(_ name: String, loops: LoopReading? = nil) -> Bool {
        if conflicts == 0 {
            if let loops, !loops.isEmpty { return true }
            if let notALoop = loops?.notALoopSentence {
                Output.error("\(name): \(notALoop)")
                return false
            }
            Output.error("\(name): no Auto Layout conflict found "
                + "(no \"Unable to simultaneously satisfy constraints\", no constraint list and no layout loop)")
            return false
        }
        if readable == 0, let unreadable = firstUnreadable {
            let line = unreadable.snapshot.unparsedLines.first ?? ""
            let place = unreadable.firstLine > 0 ? ":\(unreadable.firstLine)" : ": conflict #\(unreadable.snapshot.ordinal ?? 1)"
            Output.error("\(name)\(place): no readable constraint"
                + (line.isEmpty ? "" : " (\(Reports.reason(line))): \(line)"))
            return false
        }
        return true
    }
}

/// `open(2)` for reading. Inside `InputFile` the name `open` means the type's own method, and a
/// module-qualified call would name a different C library on each platform (`Glibc`, `Darwin`).
private func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY)
}

#if os(Linux)
/// The threads runnable on the machine right now, this one included: the `R` of `/proc/loadavg`'s
/// `R/T` field (proc(5)); `nil` when it cannot be read. Outside `InputFile`, whose own `open`
/// would hide the C library's.
private func runnableThreads() -> Int? {
    let descriptor = open("/proc/loadavg", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 128)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    let fields = String(decoding: bytes[..<count], as: UTF8.self).split(separator: " ")
    guard fields.count >= 4, let slash = fields[3].firstIndex(of: "/") else { return nil }
    return Int(fields[3][..<slash])
}
#endif
