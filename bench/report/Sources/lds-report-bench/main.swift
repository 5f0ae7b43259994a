#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DemoScenarios
import LayoutDebugSupport
import ReferenceKit

// MARK: - lds-report-bench

// Times the in-process descent report (`lds_report(root, 0)`, exactly what
// `lreport` asks the injected library for) over `layout-demo many-views N`.
// Usage: lds-report-bench [N …]   (default 250 500 1000 2000)
// Prints one line per N, then `ratio=X`: milliseconds at 1000 views over the
// 20 ms budget (below 1 is within budget).
//
// Each size is timed twice: wall clock, and the CPU time of this thread, over
// `runs` runs. The ratio uses the fastest run's CPU time: the machines this
// runs on are shared (load 5 on 2 cores is common), wall time then measures
// the neighbours, and even CPU time swings ±30% with cache and SMT contention;
// the fastest run is the one least disturbed. Medians are printed beside it.
// On an idle machine all of them agree.

/// The budget for 1000 views, in milliseconds.
let budgetMilliseconds = 20.0
/// Runs per size; the median is reported, so one preempted run (the machine
/// is shared) does not decide the figure.
let runs = 21

/// Milliseconds on the monotonic clock. `ContinuousClock` would need macOS 13 and
/// iOS 16, above the package's deployment targets.
func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// CPU time consumed by the calling thread, in milliseconds.
func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// One size's figures: median wall and CPU milliseconds, the fastest run's
/// CPU milliseconds, and the report's size.
struct Measurement {
    var wall: Double
    var cpu: Double
    var fastestCPU: Double
    var bytes: Int
}

/// Median times of `lds_report(root, flags)` over `runs` runs, after one warm-up.
@MainActor
func measure(views count: Int, flags: UInt32, scenario name: String = "many-views") -> Measurement {
    guard let scenario = DemoCatalog.scenario(named: name) else { fatalError("no \(name) scenario") }
    let window = scenario.makeWindow(count: count)
    guard let root = window.rootViewController?.view else { fatalError("no root view") }
    let pointer = Unmanaged.passUnretained(root).toOpaque()
    var bytes = 0
    _ = lds_report(pointer, flags)  // warm caches and lazy statics once
    var walls: [Double] = [], cpus: [Double] = []
    for _ in 0..<runs {
        var buffer: UnsafeMutableRawPointer?
        let cpuStart = threadCPUMilliseconds()
        let wallStart = monotonicMilliseconds()
        buffer = lds_report(pointer, flags)
        walls.append(monotonicMilliseconds() - wallStart)
        cpus.append(threadCPUMilliseconds() - cpuStart)
        if let buffer {
            bytes = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
            // Marked read, as the debugger marks it (ReportBuffer): the next run
            // writes into the same storage, as in an lldb session.
            buffer.storeBytes(of: UInt8(1), toByteOffset: 8 + bytes + 1, as: UInt8.self)
        }
    }
    withExtendedLifetime(window) {}
    return Measurement(wall: walls.sorted()[runs / 2], cpu: cpus.sorted()[runs / 2],
                       fastestCPU: cpus.min() ?? 0, bytes: bytes)
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return String(rounded)
}

/// Writes a C entry point's buffer to `path`, without its length header, and marks it read.
func write(_ buffer: UnsafeMutableRawPointer, to path: String) {
    let length = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
    guard let file = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    fwrite(buffer + 8, 1, length, file)
    fclose(file)
    buffer.storeBytes(of: UInt8(1), toByteOffset: 8 + length + 1, as: UInt8.self)
}

/// Writes every report a scenario gives at `count` views to `stem` plus a suffix: the descent
/// report (`.txt`, `.json`), the lint (`-lint.txt`, `-lint.json`, `-lint-stress.txt`), the
/// tree's picture (`-picture.svg`) and, for each conflict the engine reported while the
/// window was built, its report and picture (`-conflict-K.txt`, `.json`, `.svg`), so that
/// a change meant to keep every report the same can be checked on all of them.
@MainActor
func dump(_ scenario: DemoScenario, count: Int, to stem: String) {
    var conflicts: [(broken: NSLayoutConstraint, list: UIConstraintList)] = []
    // In front of the engine host's "will break constraint" implementation, as a debugger
    // library's hook is: it sees the conflict, then the replaced one logs it.
    var replaced: WillBreakConstraintImplementation?
    let hook = WillBreakConstraintImplementation { view, engine, constraint, list in
        conflicts.append((constraint, UIConstraintList(constraints: list)))
        replaced?.body(view, engine, constraint, list)
    }
    replaced = ReferenceKitDebugHooks.setWillBreakConstraintImplementation(hook)
    let window = scenario.makeWindow(count: count)
    if let replaced { ReferenceKitDebugHooks.setWillBreakConstraintImplementation(replaced) }
    guard let root = window.rootViewController?.view else { fatalError("no root view") }
    let pointer = Unmanaged.passUnretained(root).toOpaque()
    write(lds_report(pointer, 0), to: stem + ".txt")
    write(lds_report(pointer, 1), to: stem + ".json")
    write(lds_lint(pointer, 0), to: stem + "-lint.txt")
    write(lds_lint(pointer, 1), to: stem + "-lint.json")
    write(lds_lint(pointer, 16), to: stem + "-lint-stress.txt")
    write(lds_picture(pointer, nil, 0, 0), to: stem + "-picture.svg")
    for (index, conflict) in conflicts.enumerated() {
        let broken = Unmanaged.passUnretained(conflict.broken).toOpaque()
        let list = Unmanaged.passUnretained(conflict.list).toOpaque()
        write(lds_conflict_report(broken, list, 0), to: stem + "-conflict-\(index + 1).txt")
        write(lds_conflict_report(broken, list, 1), to: stem + "-conflict-\(index + 1).json")
        write(lds_picture(broken, list, UInt32(index + 1), 0), to: stem + "-conflict-\(index + 1).svg")
    }
    withExtendedLifetime((window, conflicts)) {}
}

MainActor.assumeIsolated {
    // LDS_BENCH_DUMP=DIR times nothing: it writes every scenario's reports (`dump`) as
    // DIR/<scenario>-<N>.txt, .json, … (N from the arguments for the scenarios that take a
    // count, else 0), so that a change meant to keep the output can be checked byte for byte
    // with `cmp`. Addresses move from run to run: compare after rewriting each address as
    // its order of first appearance.
    if let directory = getenv("LDS_BENCH_DUMP").map({ String(cString: $0) }) {
        // Made when missing: a dump into a folder that is not there stopped on the first write.
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            fputs("error: LDS_BENCH_DUMP: cannot make \(directory): \(String(cString: strerror(errno)))\n", stderr)
            exit(2)
        }
        let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
        for scenario in DemoCatalog.scenarios {
            for count in scenario.takesCount ? (counts.isEmpty ? [scenario.defaultCount] : counts) : [0] {
                dump(scenario, count: count, to: "\(directory)/\(scenario.name)-\(count)")
            }
        }
        return
    }
    // LDS_BENCH_PROFILE=text or json times only that report of many-views, for a profiler
    // (`valgrind --tool=callgrind`): one line per size, nothing else built or timed.
    if let side = getenv("LDS_BENCH_PROFILE").map({ String(cString: $0) }) {
        for count in CommandLine.arguments.dropFirst().compactMap({ Int($0) }) {
            let only = measure(views: count, flags: side == "json" ? 1 : 0)
            print("views=\(count) \(side) median_cpu_ms=\(fixed(only.cpu, 2)) bytes=\(only.bytes)")
        }
        return
    }
    let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
    var at1000: Double?
    for count in counts.isEmpty ? [250, 500, 1000, 2000] : counts {
        let text = measure(views: count, flags: 0)
        // LDS_BENCH_TEXT_ONLY=1 skips the JSON figures (for profiling the text path).
        let textOnly = getenv("LDS_BENCH_TEXT_ONLY").map { String(cString: $0) == "1" } ?? false
        let json = textOnly ? Measurement(wall: 0, cpu: 0, fastestCPU: 0, bytes: 0) : measure(views: count, flags: 1)
        print("views=\(count) ms=\(fixed(text.fastestCPU, 2)) median_cpu_ms=\(fixed(text.cpu, 2)) "
            + "median_wall_ms=\(fixed(text.wall, 2)) us_per_view=\(fixed(text.fastestCPU * 1000 / Double(count), 2)) "
            + "bytes=\(text.bytes) json_median_cpu_ms=\(fixed(json.cpu, 2)) json_bytes=\(json.bytes)"
            // Issue 46's goals for tools that read the JSON: no larger than the text, and no
            // slower to make (1.5 times under issue 19's, twice before).
            + (textOnly ? "" : " json_bytes_to_text=\(fixed(Double(json.bytes) / Double(text.bytes), 3))"
                + " json_to_text=\(fixed(json.cpu / text.cpu, 2))"))
        if count == 1000 { at1000 = text.fastestCPU }
    }
    if at1000 == nil { at1000 = measure(views: 1000, flags: 0).fastestCPU }
    // Issue 17: names found by reflection cost at most half again. Measured where
    // they are found: `profile-feed`, whose 1000 views are held by a controller's
    // array and by each card's properties (many-views holds none, so would flatter).
    let named = measure(views: 1000, flags: 0, scenario: "profile-feed")
    PropertyNames.isEnabled = false
    let unnamed = measure(views: 1000, flags: 0, scenario: "profile-feed")
    PropertyNames.isEnabled = true
    // The ratio uses the fastest runs, as `ratio` does (see the top of this file).
    print("profile-feed views=1000 names_ms=\(fixed(named.fastestCPU, 2)) no_names_ms=\(fixed(unnamed.fastestCPU, 2)) "
        + "names_median_cpu_ms=\(fixed(named.cpu, 2)) no_names_median_cpu_ms=\(fixed(unnamed.cpu, 2)) "
        + "names_bytes=\(named.bytes) no_names_bytes=\(unnamed.bytes) names_ratio=\(fixed(named.fastestCPU / unnamed.fastestCPU, 2))")
    print("ratio=\(fixed((at1000 ?? 0) / budgetMilliseconds, 3))")
}
