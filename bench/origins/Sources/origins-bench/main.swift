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

MainActor.assumeIsolated {
    let count = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 1000
    let without = timeBuilding(views: count)
    guard ConstraintOrigins.start() else { fatalError("no origin hook on this platform") }
    let with = timeBuilding(views: count)
    print("views=\(count) build_ms_without=\(fixed(without.fastest)) build_ms_with=\(fixed(with.fastest)) "
        + "median_without=\(fixed(without.median)) median_with=\(fixed(with.median))")
    print(ConstraintOrigins.status)
    print("build_ratio=\(fixed(with.fastest / without.fastest))")
}
