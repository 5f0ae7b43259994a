#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LayoutDebugSupport

// MARK: - ContinuousIntegration

/// `layout-explain --ci`: reads a test run's output, compares its conflicts with a baseline,
/// writes what CI shows, and exits with a status that says which of the three it was.
enum ContinuousIntegration {
    /// The exit statuses of `--ci` (2, a bad option, is `main`'s).
    enum Status: Int32 {
        /// Every conflict is in the baseline (and, with `--fail-on-gone`, every entry was seen).
        case clean = 0
        /// A conflict the baseline lacks (or, with `--fail-on-gone`, an entry no longer seen).
        case newConflicts = 1
        /// An input or the baseline could not be read whole: cut, binary, empty, missing, newer.
        case badInput = 3
    }

    /// Runs `--ci` with `options`; returns the exit status.
    static func run(_ options: Options) -> Int32 {
        var baseline: ConflictBaseline?
        if let path = options.baseline {
            switch readBaseline(path) {
            case .success(let read): baseline = read
            case .failure(let problem):
                Output.error(problem.message)
                return Status.badInput.rawValue
            }
        }
        // Writing a first baseline compares with nothing: every conflict goes in it, none fails.
        let writesFirst = baseline == nil && options.writeBaseline != nil
        var run = ConflictRun(known: baseline?.signatures ?? [], reportLimit: writesFirst ? 0 : options.maxReports)
        var readWhole = true
        for path in options.paths where !read(path, into: &run, appModules: options.appModules) {
            readWhole = false
        }
        let outcome = ConflictRunOutcome(run: run, baseline: baseline, failsOnGone: options.failOnGone)
        if !writesFirst { Output.write(outcome.text(baselineName: options.baseline)) }
        if options.github {
            let root = options.sources ?? ProcessInfo.processInfo.environment["GITHUB_WORKSPACE"] ?? "."
            Output.write(outcome.githubAnnotations(paths: SourcePaths(root: root)))
        }
        var wrote = true
        if let path = options.junit { wrote = write(outcome.junit, to: path) && wrote }
        if let path = options.markdown { wrote = write(outcome.markdown(baselineName: options.baseline), to: path, appending: true) && wrote }
        if let path = options.writeBaseline {
            if readWhole {
                let written = ConflictBaseline(run: run)
                wrote = write(written.text, to: path) && wrote
                if writesFirst { Output.write(outcome.baselineWritten(to: path, entries: written.entries.count)) }
            } else {
                Output.error("\(path): not written: an input was not read whole, and its baseline would lack conflicts")
            }
        }
        fflush(stdout)
        if !readWhole || !wrote { return Status.badInput.rawValue }
        return outcome.fails && !writesFirst ? Status.newConflicts.rawValue : Status.clean.rawValue
    }

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
    private static func read(_ path: String, into run: inout ConflictRun, appModules: Set<String>) -> Bool {
        guard let descriptor = InputFile.open(path) else { return false }
        defer { if descriptor != 0 { close(descriptor) } }
        let name = InputFile.name(path)
        let isFile = path != "-" && InputFile.regularFileSize(descriptor) != nil
        let before = (run.total, run.lines)
        do {
            let bytes = try ConflictRunInput.read(descriptor: descriptor, mapping: isFile, into: &run, appModules: appModules,
                                                  threads: InputFile.workers)
            if bytes == 0 {
                Output.error("\(name): empty: no test output to read (did the test step run, and was its output piped here?)")
                return false
            }
        } catch {
            Output.error("\(name): \(error.description)")
            return false
        }
        if run.endsInsideConflict {
            Output.error("\(name): the log ends inside a conflict (line \(run.lines - before.1)): was it cut? "
                + "What came before it was read (\(ConflictRunOutcome.plural(run.total - before.0, "conflict")))")
            return false
        }
        return true
    }

    /// Writes `text` to `path` (`-`: standard output); `false` after a one-line error.
    private static func write(_ text: String, to path: String, appending: Bool = false) -> Bool {
        if path == "-" {
            Output.write(text)
            return true
        }
        guard let file = fopen(path, appending ? "a" : "w") else {
            Output.error("\(path): cannot be written: \(String(cString: strerror(errno)))")
            return false
        }
        let ok = fputs(text, file) >= 0
        return fclose(file) == 0 && ok
    }
}
