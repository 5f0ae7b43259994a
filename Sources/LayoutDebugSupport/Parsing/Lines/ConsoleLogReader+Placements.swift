// MARK: - Reading for an explanation

extension ConsoleLogReader {
    /// The most bytes of a pipe whose conflicts `readPlacing` holds back,
    /// waiting for view descriptions further on: far more than any pasted
    /// log, little enough that a long stream still reports as it goes.
    static let heldBytes = 16 << 20

    /// `read` for explaining each conflict: its views are placed in their
    /// window from the view descriptions the input holds, before or after it
    /// (`ViewDescriptions.place`), so the explainer can rank its fixes.
    ///
    /// A regular file is searched for `frame = (` first, one pass over its
    /// mapping; only when it holds one are its descriptions read, and then its
    /// conflicts as `read` reads them, each handed on as soon as it is
    /// complete. Any other input (a pipe, a terminal) can be read once only:
    /// its descriptions are read with its conflicts, and the conflicts are
    /// held until it ends, or until it has given `heldBytes`; from there on
    /// each is handed on when complete, placed from what came before it.
    ///
    /// - Parameters:
    ///   - isFile: whether `descriptor` is a regular file to read from its
    ///     start, mapped (as `read` with a piece `0..<Int.max` and `mapping`:
    ///     the caller handles `SIGBUS`).
    ///   - lines: as `read` (`layout-explain` keeps standard input's lines for the loop reader).
    ///   - others: as `read`.
    /// - Throws: as `read`; conflicts held back are handed on first.
    public static func readPlacing(descriptor: Int32, isFile: Bool, appModules: Set<String> = [],
                                   progress: ((Int) -> Void)? = nil,
                                   lines: ((UnsafeBufferPointer<UInt8>) -> Void)? = nil,
                                   emit: (ParsedConflict) -> Void) throws(ConsoleReadError) {
        if isFile {
            let descriptions = fileDescriptions(descriptor)
            try read(descriptor: descriptor, piece: 0..<Int.max, mapping: true, appModules: appModules,
                     progress: progress, lines: lines) { parsed in
                emit(placed(parsed, descriptions))
            }
            return
        }
        var descriptions = ViewDescriptions()
        var held: [ParsedConflict] = []
        var bytesRead = 0
        var holding = true
        func release() {
            for parsed in held { emit(placed(parsed, descriptions)) }
            held = []
        }
        do {
            try read(descriptor: descriptor, appModules: appModules, progress: progress,
                     lines: { run in
                         lines?(run)
                         descriptions.consume(run)
                         bytesRead += run.count
                     }) { parsed in
                if holding, bytesRead > heldBytes {
                    holding = false
                    release()
                }
                if holding { held.append(parsed) } else { emit(placed(parsed, descriptions)) }
            }
        } catch {
            release()
            throw error
        }
        descriptions.finish()
        release()
    }

    /// The view descriptions of the regular file open at `descriptor`, read
    /// through a mapping; none when it holds no `frame = (` or cannot be mapped.
    private static func fileDescriptions(_ descriptor: Int32) -> ViewDescriptions {
        var descriptions = ViewDescriptions()
        guard let mapped = MappedFileRange(descriptor: descriptor, range: 0..<Int.max) else { return descriptions }
        defer { mapped.unmap() }
        let text = ByteText(base: mapped.base, count: mapped.count)
        guard text.firstIndex(of: "frame = (", anchor: 6, from: 0, to: text.count) != nil else { return descriptions }
        descriptions.consume(UnsafeBufferPointer(start: mapped.base, count: mapped.count))
        descriptions.finish()
        return descriptions
    }

    /// `parsed` with its conflict's views placed; a notice as it is.
    private static func placed(_ parsed: ParsedConflict, _ descriptions: ViewDescriptions) -> ParsedConflict {
        guard parsed.notice == nil, descriptions.holdsFrames else { return parsed }
        var placed = parsed
        descriptions.place(&placed.snapshot)
        return placed
    }
}
