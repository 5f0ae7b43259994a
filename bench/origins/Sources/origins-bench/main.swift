#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DemoScenarios
import LayoutDebugSupport
import ReferenceKit

// MARK: - origins-bench

// Times building `layout-demo many-views N` (the window, its views and constraints, and the
// first layout pass) without origin capture, then with it, in one process: what
// `lorigins on` costs an app at launch. Without capture no hook is installed, as in an app
// the library was never loaded into; every run without capture comes first for that reason.
// Usage: origins-bench [N]   (default 1000)
// Prints the figures, then `build_ratio=X` (with / without, fastest runs' CPU time).

let runs = 15

/// CPU time consumed by the calling thread, in milliseconds.
func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// The fastest and the median CPU milliseconds of building the scenario `runs` times
/// (after one warm-up), each window freed before the next.
@MainActor
func timeBuilding(views count: Int) -> (fastest: Double, median: Double) {
    guard let scenario = DemoCatalog.scenario(named: "many-views") else { fatalError("no many-views scenario") }
    _ = scenario.makeWindow(count: count)
    var times: [Double] = []
    for _ in 0..<runs {
        let start = threadCPUMilliseconds()
        let window = scenario.makeWindow(count: count)
        times.append(threadCPUMilliseconds() - start)
        withExtendedLifetime(window) {}
    }
    times.sort()
    return (times[0], times[runs / 2])
}

func fixed(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }

/// The fastest CPU milliseconds of `lds_report(root, 0)` over `runs` runs on a fresh tree.
@MainActor
func timeReport(views count: Int) -> (fastest: Double, bytes: Int) {
    let window = DemoCatalog.scenario(named: "many-views")!.makeWindow(count: count)
    let root = Unmanaged.passUnretained(window.rootViewController!.view!).toOpaque()
    _ = lds_report(root, 0)
    var fastest = Double.infinity
    var bytes = 0
    for _ in 0..<runs {
        let start = threadCPUMilliseconds()
        let buffer = lds_report(root, 0)
        fastest = min(fastest, threadCPUMilliseconds() - start)
        bytes = Int(UInt64(littleEndian: buffer.loadUnaligned(as: UInt64.self)))
    }
    withExtendedLifetime(window) {}
    return (fastest, bytes)
}

MainActor.assumeIsolated {
    let count = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 1000
    let without = timeBuilding(views: count)
    let reportWithout = timeReport(views: count)
    guard ConstraintOrigins.start() else { fatalError("no origin hook on this platform") }
    let with = timeBuilding(views: count)
    let reportWith = timeReport(views: count)
    print("views=\(count) report_ms_without=\(fixed(reportWithout.fastest)) report_ms_with=\(fixed(reportWith.fastest)) "
        + "report_bytes_without=\(reportWithout.bytes) report_bytes_with=\(reportWith.bytes) (in process; lldb adds file:line)")
    print("views=\(count) build_ms_without=\(fixed(without.fastest)) build_ms_with=\(fixed(with.fastest)) "
        + "median_without=\(fixed(without.median)) median_with=\(fixed(with.median))")
    // The report the library hands lldb for that tree: its size, and how many of its
    // made-at markers are distinct (the debugger resolves each distinct one once).
    let scenario = DemoCatalog.scenario(named: "many-views")!
    let window = scenario.makeWindow(count: count)
    let root = window.rootViewController!.view!
    let report = LiveReports.report(at: UInt(bitPattern: Unmanaged.passUnretained(root).toOpaque()), options: [])
    let markers = report.split(separator: "\n").filter { $0.contains("made at <frames") }
    print("report_bytes=\(report.utf8.count) markers=\(markers.count) distinct_markers=\(Set(markers.map { $0.drop { $0 == " " } }).count)")
    withExtendedLifetime(window) {}
    print(ConstraintOrigins.status)
    print("build_ratio=\(fixed(with.fastest / without.fastest))")
}
