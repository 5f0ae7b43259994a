import Foundation

// MARK: - ConflictRunInput

/// Reads one input of a test run into a `ConflictRun`: a test log (`xcodebuild test` output,
/// raw or through xcbeautify; `swift test`'s; the console text exported from an `.xcresult`),
/// or the in-app monitor's backlog (JSON lines, one per signature with its count and report:
/// docs/MONITOR.md), told apart by the first byte that is not blank.
enum ConflictRunInput {
    /// Why an input cannot be read.
    enum ReadError: Error, Equatable, CustomStringConvertible {
        /// NUL bytes in its first 64 KB: not text.
        case binary
        /// A read failed with this `errno`.
        case io(Int32)
        /// A backlog line that is not a record: its number.
        case badBacklogLine(Int)

        /// A console read's error as this one.
        init(_ error: ConsoleReadError) {
            switch error {
            case .binary: self = .binary
            case .io(let code): self = .io(code)
            }
        }

        /// One line.
        var description: String {
            switch self {
            case .binary: return ConsoleReadError.binary.description
            case .io(let code): return ConsoleReadError.io(code).description
            case .badBacklogLine(let line):
                return "line \(line) is not a ConflictMonitor backlog record (the input began with '{', as a backlog does)"
            }
        }
    }

    /// Reads `descriptor` from where it stands to its end into `run`.
    ///
    /// - Parameters:
    ///   - mapping: map a regular file rather than copy it (only for a caller that handles
    ///     `SIGBUS`, see `MappedFileRange`).
    ///   - appModules: the app's own modules, dropped from class names.
    ///   - threads: how many threads read a big regular file (in pieces, `ConflictRunPieces`;
    ///     only when `mapping`).
    /// - Returns: the number of bytes read.
    /// - Throws: `ReadError`.
    static func read(descriptor: Int32, mapping: Bool, into run: inout ConflictRun,
                            appModules: Set<String> = [], threads: Int = 1) throws(ReadError) -> Int {
        var kind: Kind?
        run.endsInsideConflict = false
        if mapping, threads > 1, let size = fileSize(descriptor), firstKind(descriptor) == .log,
           let read = try ConflictRunPieces.read(descriptor: descriptor, size: size, threads: threads, into: &run,
                                                 appModules: appModules) {
            return read
        }
        var backlog = BacklogLines()
        var failure: ReadError?
        var prefixBytes = 0
        if !mapping, threads > 1 {
            // A stream on several threads, in pieces cut as it comes (`ConflictRunStream`).
            switch try ConflictRunStream.read(descriptor: descriptor, threads: threads, into: &run, appModules: appModules) {
            case .log(let bytes, _, _):
                return bytes
            case .backlog(let prefix):
                kind = .backlog
                prefixBytes = prefix.count
                if let line = prefix.withUnsafeBufferPointer({ backlog.consume($0, into: &run) }) { throw .badBacklogLine(line) }
            }
        }
        let reader = ConflictRunReader(run: run, appModules: appModules)
        let bytes: Int
        do throws(ConsoleReadError) {
            bytes = try LineChunks.read(descriptor: descriptor, mapping: mapping) { chunk in
                guard failure == nil else { return }
                if kind == nil { kind = Self.kind(of: chunk) }
                switch kind {
                case .backlog?:
                    if let line = backlog.consume(chunk, into: &run) { failure = .badBacklogLine(line) }
                case .log?:
                    reader.consume(chunk)
                case nil:
                    break
                }
            }
        } catch {
            throw ReadError(error)
        }
        if let failure { throw failure }
        switch kind {
        case .backlog?:
            if let line = backlog.finish(into: &run) { throw .badBacklogLine(line) }
        case .log?, nil:
            reader.finish()
            run = reader.run
        }
        return prefixBytes + bytes
    }

    /// What an input is.
    enum Kind { case log, backlog }

    /// The size of the regular file open at `descriptor`; `nil` for anything else.
    private static func fileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What the file open at `descriptor` is, from its first 4 KB (read with `pread`, which
    /// leaves the descriptor where it stands).
    private static func firstKind(_ descriptor: Int32) -> Kind? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return bytes.withUnsafeBufferPointer { kind(of: UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// A backlog when its first byte that is not blank is `{`; a log when it is anything
    /// else; `nil` while only blanks were read.
    static func kind(of chunk: UnsafeBufferPointer<UInt8>) -> Kind? {
        for byte in chunk where !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
            return byte == UInt8(ascii: "{") ? .backlog : .log
        }
        return nil
    }
}

// MARK: - BacklogLines

/// A monitor backlog's lines, each a `ConflictRecord`, added to a run as groups.
private struct BacklogLines {
    private var partial: [UInt8] = []
    private var lineNumber = 0
    private let decoder = JSONDecoder()

    /// Adds the records of `chunk`'s whole lines; the number of a line that is not one.
    mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, into run: inout ConflictRun) -> Int? {
        partial.append(contentsOf: chunk)
        guard let last = partial.lastIndex(of: 0x0A) else { return nil }
        let lines = partial[...last].split(separator: 0x0A, omittingEmptySubsequences: false)
        defer { partial.removeFirst(last + 1) }
        for line in lines.dropLast() {
            if let bad = add(line, into: &run) { return bad }
        }
        return nil
    }

    /// Adds the last line, when it has no newline.
    mutating func finish(into run: inout ConflictRun) -> Int? {
        defer { partial = [] }
        return partial.isEmpty ? nil : add(partial[...], into: &run)
    }

    private mutating func add(_ line: ArraySlice<UInt8>, into run: inout ConflictRun) -> Int? {
        lineNumber += 1
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        guard let record = try? decoder.decode(ConflictRecord.self, from: Data(line)) else { return lineNumber }
        // The monitor's note of the new conflicts it had no room for counts them, unsigned.
        let isOverflow = record.signature == ConflictBacklog.overflowSignature
        run.add(signature: isOverflow ? "(more conflicts than the backlog kept)" : record.signature,
                owner: record.owner ?? .yours, count: record.count, report: isOverflow ? nil : record.report)
        return nil
    }
}
