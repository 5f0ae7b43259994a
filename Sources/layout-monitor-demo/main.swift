// layout-monitor-demo: runs a layout-demo scenario with the in-app conflict
// monitor started and a backlog file, as a debug build would. Used by the
// tests that kill a process in the middle of writing its backlog.
import DemoScenarios
import Foundation
import LayoutDebugSupport
import ReferenceKit

private let usage = """
usage: layout-monitor-demo --backlog FILE [--loops N] [--origins] <scenario> [count]

Builds the scenario N times (0: until killed) with ConflictMonitor started (a "run loop"
scenario runs once, as an app, in UIApplicationMain's run loop),
counting conflicts into FILE (JSON lines), then prints how many it saw.
--origins records where each constraint is made, as `lorigins on` does, and
prints how many live constraints hold a record at the end.

"""

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n\(usage)".utf8))
    exit(2)
}

@MainActor
private func run() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var backlogPath: String?
    var loops = 1
    var origins = false
    while let first = arguments.first, first.hasPrefix("--") {
        arguments.removeFirst()
        switch first {
        case "--backlog": backlogPath = arguments.isEmpty ? nil : arguments.removeFirst()
        case "--loops":
            guard let value = arguments.isEmpty ? nil : Int(arguments.removeFirst()), value >= 0 else { fail("--loops takes a count") }
            loops = value
        case "--origins": origins = true
        case "--help": print(usage, terminator: ""); return 0
        default: fail("unknown option \(first)")
        }
    }
    guard let backlogPath else { fail("--backlog FILE is required") }
    guard let name = arguments.first, let scenario = DemoCatalog.scenario(named: name) else { fail("unknown or missing scenario") }
    let count = arguments.count > 1 ? Int(arguments[1]) : nil

    if origins, !ConstraintOrigins.start() { fail("origin capture has no hook on this platform") }
    let backlog = ConflictBacklog(url: URL(fileURLWithPath: backlogPath))
    ConflictMonitor.start(backlog: backlog, explains: false) { _ in }
    if scenario.runsInRunLoop {
        // As an app: the scenario's turns in UIApplicationMain's run loop, once.
        DemoApplication.run(scenario, count: count) { _ in exit(finish(backlog, path: backlogPath, origins: origins)) }
    }
    var iteration = 0
    while loops == 0 || iteration < loops {
        _ = scenario.makeWindow(count: count)
        iteration += 1
        // The monitor calls its handler on the main queue; an app's run loop drains it
        // between events, and so does this loop between builds.
        RunLoop.main.run(until: Date())
    }
    return finish(backlog, path: backlogPath, origins: origins)
}

/// Writes the backlog and prints what the monitor saw; the exit status.
private func finish(_ backlog: ConflictBacklog, path: String, origins: Bool) -> Int32 {
    do {
        try backlog.flush()
    } catch {
        FileHandle.standardError.write(Data("error: cannot write \(path): \(error)\n".utf8))
        return 1
    }
    print("delivered=\(ConflictMonitor.deliveredCount) signatures=\(backlog.records.count)")
    if origins { print(ConstraintOrigins.status) }
    fflush(stdout)
    return 0
}

exit(MainActor.assumeIsolated { run() })
