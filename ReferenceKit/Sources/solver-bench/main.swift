import Cassowary
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// solver-bench: times our solver on the kiwi workloads and prints one JSON object per
// workload and size (the same fields as kiwi_workloads.py --json, in seconds, plus
// ambiguity_s, which kiwi has no counterpart for).
//
//   solver-bench [--sizes 100,1000] [--reps 3] [--workloads chain_req,chain,grid]

// MARK: - Clock

/// Seconds from a monotonic clock.
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
}

// MARK: - One run

/// The timings of one fresh build of a workload.
struct Timings {
    var build = 0.0, update = 0.0, resize = 0.0, readd = 0.0, conflict = 0.0, ambiguity = 0.0
    var sanity = (0.0, 0.0)
}

/// Builds, resizes, removes and re-adds the probe, and adds the conflict, timing each step as
/// kiwi_workloads.py does. Reading every variable's value stands in for updateVariables().
/// After the build, also times asking every variable whether it is ambiguous.
func runOnce(_ workload: Workload) throws -> Timings {
    var t = Timings()
    let solver = Solver()
    solver.checksInvariants = false
    let sv = workload.superview
    var sink = 0.0
    var t0 = now()
    try solver.addEditVariable(sv.width, strength: .edit)
    try solver.addEditVariable(sv.height, strength: .edit)
    try solver.suggestValue(workload.nominal.width, for: sv.width)
    try solver.suggestValue(workload.nominal.height, for: sv.height)
    for constraint in workload.constraints { try solver.addConstraint(constraint) }
    t.build = now() - t0

    t0 = now()
    for variable in workload.variables { sink += solver.value(of: variable) }
    t.update = now() - t0
    t.sanity = (solver.value(of: sv.width), solver.value(of: sv.height))

    // A debugger asks every variable once, right after a layout: the first query pays for
    // what the solver learns about the new basis.
    t0 = now()
    var ambiguous = 0
    for variable in workload.variables where solver.isAmbiguous(variable) { ambiguous += 1 }
    t.ambiguity = now() - t0

    let sizes = (1...20).map { (workload.nominal.width + Double(13 * $0), workload.nominal.height + Double(7 * ($0 % 5))) }
    t0 = now()
    for (w, h) in sizes {
        try solver.suggestValue(w, for: sv.width)
        try solver.suggestValue(h, for: sv.height)
        for variable in workload.variables { sink += solver.value(of: variable) }
    }
    t.resize = (now() - t0) / Double(sizes.count)

    t0 = now()
    try solver.removeConstraint(workload.probe)
    try solver.addConstraint(workload.probe)
    t.readd = now() - t0

    t0 = now()
    var raised = false
    do {
        try solver.addConstraint(workload.conflict)
    } catch SolverError.unsatisfiable {
        raised = true
    }
    t.conflict = now() - t0
    precondition(raised, "conflict not detected")
    if sink.isNaN || ambiguous < 0 { print("nan") }
    return t
}

// MARK: - Main

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

func option(_ name: String, _ fallback: String) -> String {
    let args = CommandLine.arguments
    guard let at = args.firstIndex(of: name), at + 1 < args.count else { return fallback }
    return args[at + 1]
}

let sizes = option("--sizes", "100,1000").split(separator: ",").compactMap { Int($0) }
let reps = Int(option("--reps", "3")) ?? 3
let names = option("--workloads", "chain_req,chain,grid").split(separator: ",").map(String.init)

do {
    for name in names {
        guard let builder = builders[name] else { fatalError("unknown workload \(name)") }
        for n in sizes {
            var runs: [Timings] = []
            var ncons = 0
            for _ in 0..<reps {
                let workload = builder(n)
                ncons = workload.constraints.count + 2
                runs.append(try runOnce(workload))
            }
            let fields: [(String, Double)] = [
                ("build_s", median(runs.map(\.build))), ("update_s", median(runs.map(\.update))),
                ("resize_s", median(runs.map(\.resize))), ("readd_s", median(runs.map(\.readd))),
                ("conflict_s", median(runs.map(\.conflict))), ("ambiguity_s", median(runs.map(\.ambiguity))),
                ("sanity_w", runs[0].sanity.0), ("sanity_h", runs[0].sanity.1),
                ("nominal_w", builder(n).nominal.width), ("nominal_h", builder(n).nominal.height),
            ]
            let body = fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
            print("{\"workload\": \"\(name)\", \"N\": \(n), \"ncons\": \(ncons), \"reps\": \(reps), \(body)}")
        }
    }
} catch {
    print("error: \(error)")
    exit(1)
}
