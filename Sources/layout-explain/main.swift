#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutDebugSupport

// layout-explain: parses Auto Layout console output and explains each conflict.
// See `Options.usage`.

let options: Options
do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
} catch .help {
    Output.write(Options.usage + "\n")
    exit(0)
} catch .unknown(let argument) {
    Output.error("unknown option '\(argument)' (see --help)")
    exit(2)
} catch .invalid(let message) {
    Output.error(message + " (see --help)")
    exit(2)
}

if let directory = options.symbolicate {
    exit(Symbolicate.run(directory: directory, path: options.paths[0]))
}

if let page = options.html, let problem = Pictures.unwritable(page) {
    Output.error(problem)
    exit(1)
}

TruncationGuard.install()
if options.ci {
    let run = ContinuousIntegration(paths: options.paths, baseline: options.baseline, writeBaseline: options.writeBaseline,
                                    junit: options.junit, github: options.github, markdown: options.markdown,
                                    failOnGone: options.failOnGone, sources: options.sources, maxReports: options.maxReports,
                                    appModules: options.appModules, threads: InputFile.idleWorkers, mapping: true)
    let status = run.run(write: Output.write, error: Output.error, reading: TruncationGuard.reading)
    fflush(stdout)
    exit(status)
}
var summary = Summary()
var reports = options.summary ? nil : Reports(json: options.json, drawing: options.html != nil)
var loops = Loops()
var loopsWritten = 0
var failed = false
for path in options.paths {
    let conflictsBefore = reports?.written ?? 0
    let ok = options.summary
        ? InputFile.summarize(path, appModules: options.appModules, into: &summary) { loops.add($0, path: path) }
        : InputFile.read(path, summarizing: false, appModules: options.appModules,
                         loops: { loops.add($0, path: path) }) { parsed in
            reports?.write(parsed, path: path == "-" ? "<stdin>" : path)
        }
    summary.finishInput()
    // A file's loops follow its conflicts.
    if !options.summary, !options.json {
        loops.writeText(from: &loopsWritten, separated: (reports?.written ?? 0) > conflictsBefore || loopsWritten > 0)
    }
    if !ok { failed = true }
}
if loops.incomplete { failed = true }
let onlyLoops = !loops.reports.isEmpty && summary.total == 0 && (reports?.written ?? 0) == 0
if options.summary {
    if !onlyLoops {
        if options.json { Output.write(summary.json) } else { for part in summary.textParts { Output.write(bytes: part) } }
    }
    if !loops.reports.isEmpty { Output.write(options.json ? loops.json(summary: true) : loops.summary.text) }
} else {
    reports?.finish(omittingEmpty: onlyLoops)
    if options.json, !loops.reports.isEmpty { Output.write(loops.json(summary: false)) }
    if let page = options.html, let pictures = reports?.pictures {
        if let problem = Pictures.write(pictures, to: page) {
            Output.error(problem)
            failed = true
        }
    }
}
fflush(stdout)
exit(failed ? 1 : 0)
