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
// first layout pass) in one process three ways: without origin capture, with no hook installed,
// as in an app the library was never loaded into; with a constraint observer that does nothing
// (the floor: what any hook costs, ReferenceKit calling it on every constraint made, activated
// and freed); and with capture on, from an empty table, as at an app's launch: what
// `lorigins on` costs. The three take turns, one build each per round, so that a burst of load
// on a shared machine falls on all three alike (capture stops between its turns, which removes
// its hook).
// Usage: origins-bench [N]   (default 1000)
// Prints the figures, then `build_ratio=X` (with / without, fastest runs' CPU time).

let runs = 15

/// CPU time consumed by the calling thread, in milliseconds.
func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
}

/// One way of building: what to do before a build, and what undoes it after.
struct Setting {
    let begin: () -> Void
    let end: () -> Void
}

/// For each setting, the fastest and the median CPU milliseconds of building the scenario
/// `runs` times (after one warm-up each), in rounds of one build per setting, each round
/// starting with the next setting; each window is freed before its setting ends, so the hook
/// sees it go as in an app.
@MainActor
func timeBuilding(views count: Int, _ settings: [Setting]) -> [(fastest: Double, median: Double)] {
    guard let scenario = DemoCatalog.scenario(named: "many-views") else { fatalError("no many-views scenario") }
    for setting in settings {
        setting.begin()
        _ = scenario.makeWindow(count: count)
        setting.end()
    }
    var times = Array(repeating: [Double](), count: settings.count)
    for round in 0..<runs {
        for turn in 0..<settings.count {
            let index = (round + turn) % settings.count
            let setting = settings[index]
            setting.begin()
            let start = threadCPUMilliseconds()
            let window = scenario.makeWindow(count: count)
            times[index].append(threadCPUMilliseconds() - start)
            withExtendedLifetime(window) {}
            setting.end()
        }
    }
    return times.map { list in
        let sorted = list.sorted()
        return (sorted[0], sorted[runs / 2])
    }
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
    let reportWithout = timeReport(views: count)
    var noop: ReferenceKitDebugHooks.Token?
    let timed = timeBuilding(views: count, [
        Setting(begin: {}, end: {}),
        Setting(begin: { noop = ReferenceKitDebugHooks.addConstraintObserver { _, _ in } },
                end: { ReferenceKitDebugHooks.removeObserver(noop!) }),
        Setting(begin: { guard ConstraintOrigins.start() else { fatalError("no origin hook on this platform") } },
                end: { ConstraintOrigins.stop() }),
    ])
    let (without, floor, with) = (timed[0], timed[1], timed[2])
    ConstraintOrigins.start()
    let reportWith = timeReport(views: count)
    print("views=\(count) report_ms_without=\(fixed(reportWithout.fastest)) report_ms_with=\(fixed(reportWith.fastest)) "
        + "report_bytes_without=\(reportWithout.bytes) report_bytes_with=\(reportWith.bytes) (in process; lldb adds file:line)")
    print("views=\(count) build_ms_without=\(fixed(without.fastest)) build_ms_noop_hook=\(fixed(floor.fastest)) "
        + "build_ms_with=\(fixed(with.fastest)) median_without=\(fixed(without.median)) "
        + "median_noop_hook=\(fixed(floor.median)) median_with=\(fixed(with.median))")
    print("floor_ratio=\(fixed(floor.fastest / without.fastest)) (no-op hook / without) "
        + "over_floor=\(fixed(with.fastest / floor.fastest)) (with / no-op hook)")
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
