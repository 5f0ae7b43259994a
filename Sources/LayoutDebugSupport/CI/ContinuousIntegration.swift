#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

// MARK: - ContinuousIntegration

/// `layout-explain --ci`: reads a test run's output, compares its conflicts with a baseline,
/// writes what CI shows, and says by its status which of three it was (docs/CI.md).
/// `layout-explain` parses its options and forwards here.
public struct ContinuousIntegration {
    /// The exit statuses of `--ci` (2, a bad option, is the command line's).
    enum Status: Int32 {
        /// Every conflict is in the baseline (and, with `--fail-on-gone`, every entry was seen).
        case clean = 0
        /// A conflict the baseline lacks (or, with `--fail-on-gone`, an entry no longer seen).
        case newConflicts = 1
        /// An input or the baseline could not be read whole: cut, binary, empty, missing, newer;
        /// or an output could not be written.
        case badInput = 3
    }

    let paths: [String]
    let baseline: String?
    let writeBaseline: String?
    let junit: String?
    let github: Bool
    let markdown: String?
    let failOnGone: Bool
    let sources: String?
    let maxReports: Int
    let appModules: Set<String>
    let threads: Int
    let mapping: Bool

    /// A run of `--ci` with its options (docs/CI.md).
    ///
    /// - Parameters:
    ///   - paths: the inputs, `-` for standard input.
    ///   - threads: how many threads read a big file.
    ///   - mapping: map regular files rather than copy them (only for a caller that handles
    ///     `SIGBUS`, see `MappedFileRange`).
    public init(paths: [String], baseline: String?, writeBaseline: String?, junit: String?, github: Bool,
                markdown: String?, failOnGone: Bool, sources: String?, maxReports: Int, appModules: Set<String>,
                threads: Int, mapping: Bool) {
        self.paths = paths
        self.baseline = baseline
        self.writeBaseline = writeBaseline
        self.junit = junit
        self.github = github
        self.markdown = markdown
        self.failOnGone = failOnGone
        self.sources = sources
        self.maxReports = maxReports
        self.appModules = appModules
        self.threads = threads
        self.mapping = mapping
    }

    /// Runs it.
    ///
    /// - Parameters:
    ///   - write: prints to standard output.
    ///   - error: prints one line of error, without the program's name.
    ///   - reading: told each input's name before it is read (a `SIGBUS` handler's message).
    /// - Returns: the exit status: 0 clean, 1 new conflicts, 3 bad input.
    public func run(write: (String) -> Void, error: (String) -> Void, reading: (String) -> Void = { _ in }) -> Int32 {
        var known: ConflictBaseline?
        if let path = baseline {
            switch Self.readBaseline(path) {
            case .success(let read): known = read
            case .failure(let problem):
                error(problem.message)
                return Status.badInput.rawValue
            }
        }
        // Writing a first baseline compares with nothing: every conflict goes in it, none fails.
        let writesFirst = known == nil && writeBaseline != nil
        var run = ConflictRun(known: known?.signatures ?? [], reportLimit: writesFirst ? 0 : maxReports)
        var readWhole = true
        for path in paths {
            reading(Self.name(path))
            if !read(path, into: &run, error: error) { readWhole = false }
        }
        let outcome = ConflictRunOutcome(run: run, baseline: known, failsOnGone: failOnGone)
        if !writesFirst { write(outcome.text(baselineName: baseline)) }
        if github {
            let root = sources ?? ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"] ?? "."
            write(outcome.githubAnnotations(paths: SourcePaths(root: root)))
        }
        var wrote = true
        if let path = junit { wrote = Self.write(outcome.junitText, to: path, write, error) && wrote }
        if let path = markdown {
            wrote = Self.write(outcome.markdownText(baselineName: baseline), to: path, write, error, appending: true) && wrote
        }
        if let path = writeBaseline {
            if readWhole {
                let written = ConflictBaseline(run: run)
                wrote = Self.write(written.text, to: path, write, error) && wrote
                if writesFirst { write(outcome.baselineWritten(to: path, entries: written.entries.count)) }
            } else {
                error("\(path): not written: an input was not read whole, and its baseline would lack conflicts")
            }
        }
        if !readWhole || !wrote { return Status.badInput.rawValue }
        return outcome.fails && !writesFirst ? Status.newConflicts.rawValue : Status.clean.rawValue
    }

    // MARK: - Inputs

    /// The baseline at `path`, or the one-line error that says why it cannot be used.
    private static func readBaseline(_ path: String) -> Result<ConflictBaseline, BaselineProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            return .failure(BaselineProblem("\(path): \(reason) (write one with --write-baseline \(path))"))
        }
        do {
            return .success(try ConflictBaseline(reading: data))
        } catch {
            return .failure(BaselineProblem("\(path): \(error.description)"))
        }
    }

    /// A baseline's one-line error.
    private struct BaselineProblem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// Reads one input into `run`; `false` after a one-line error when it could not be read
    /// whole: missing, unreadable, binary, empty, or cut inside a conflict.
    private func read(_ path: String, into run: inout ConflictRun, error: (String) -> Void) -> Bool {
        let name = Self.name(path)
        let descriptor = path == "-" ? 0 : openForReading(path)
        guard descriptor >= 0 else {
            error("\(path): \(String(cString: strerror(errno)))")
            return false
        }
        defer { if descriptor != 0 { close(descriptor) } }
        let isFile = path != "-" && Self.isRegularFile(descriptor)
        let before = (run.total, run.lines)
        do {
            let bytes = try ConflictRunInput.read(descriptor: descriptor, mapping: mapping && isFile, into: &run,
                                                  appModules: appModules, threads: threads)
            if bytes == 0 {
                error("\(name): empty: no test output to read (did the test step run, and was its output piped here?)")
                return false
            }
        } catch let failure {
            error("\(name): \(failure.description)")
            return false
        }
        if run.endsInsideConflict {
            error("\(name): the log ends inside a conflict (line \(run.lines - before.1)): was it cut? "
                + "What came before it was read (\(ConflictRunOutcome.plural(run.total - before.0, "conflict")))")
            return false
        }
        return true
    }

    private static func name(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    // MARK: - Outputs

    /// Writes `text` to `path` (`-`: standard output); `false` after a one-line error. The
    /// results are written as the bytes they were built in: made a `String` first, a big
    /// result's bytes were checked as UTF-8 once more for nothing.
    private static func write(_ text: TextBytes, to path: String, _ write: (String) -> Void, _ error: (String) -> Void,
                              appending: Bool = false) -> Bool {
        if path == "-" {
            write(text.string)
            return true
        }
        guard let file = fopen(path, appending ? "a" : "w") else {
            error("\(path): cannot be written: \(String(cString: strerror(errno)))")
            return false
        }
        // `fputs` stopped at a NUL byte: so does this.
        let ok = text.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return true }
            let count = memchr(base, 0, bytes.count).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
                ?? bytes.count
            return fwrite(base, 1, count, file) == count
        }
        return fclose(file) == 0 && ok
    }

    /// `write(_:to:)` of a `String`.
    private static func write(_ text: String, to path: String, _ write: (String) -> Void, _ error: (String) -> Void,
                              appending: Bool = false) -> Bool {
        var bytes = TextBytes()
        bytes.append(text)
        return Self.write(bytes, to: path, write, error, appending: appending)
    }
}

/// `open(2)` for reading, named apart from anything called `open` in scope.
private func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY)
}
