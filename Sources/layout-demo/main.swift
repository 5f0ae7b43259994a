// layout-demo: builds one scenario's window, lays it out, calls
// LayoutDemoDidLayout(rootView) (exported by libReferenceKit) through its C symbol, prints every frame, exits 0.
// A run-loop scenario runs as an app instead: UIApplicationMain, one step per turn of the main run loop,
// each laid out by the deferred pass at the end of its turn, then the same call, frames and exit.
import DemoScenarios
import Foundation
import ReferenceKit

private typealias DidLayoutFunction = @convention(c) (UnsafeMutableRawPointer?) -> Void

private func usage() -> String {
    "usage: layout-demo <scenario> [N]\n       layout-demo --list\n       layout-demo --help\n"
}

/// The arguments without `-Key value` pairs: launch arguments that Foundation puts in
/// the user defaults' argument domain, as Xcode's scheme passes them to an app
/// (`-UIViewLayoutFeedbackLoopDebuggingThreshold 100`).
private func withoutLaunchDefaults(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        if argument.count > 1, argument.hasPrefix("-"), argument.dropFirst().first?.isLetter == true,
           index + 1 < arguments.count, argument != "--list", argument != "--help", argument != "-h" {
            index += 2
            continue
        }
        kept.append(argument)
        index += 1
    }
    return kept
}

/// Runs the command line; returns the exit status.
@MainActor
private func run() -> Int32 {
    let arguments = withoutLaunchDefaults(Array(CommandLine.arguments.dropFirst()))
    if arguments.first == "--list" {
        print(DemoCatalog.listing, terminator: "")
        return 0
    }
    if arguments.first == "--help" || arguments.first == "-h" {
        print(usage() + "\nBuilds the scenario's window, lays it out, calls LayoutDemoDidLayout(rootView)\n"
            + "(a place for a breakpoint), prints every frame and exits 0. N sizes the scenarios\n"
            + "that take it. A \"run loop\" scenario runs in UIApplicationMain's run loop, its\n"
            + "layouts being the deferred passes at the end of each turn. Scenarios:\n\n" + DemoCatalog.listing, terminator: "")
        return 0
    }
    guard let name = arguments.first, let scenario = DemoCatalog.scenario(named: name) else {
        FileHandle.standardError.write(Data(("error: " + (arguments.first.map { "unknown scenario '\($0)'" } ?? "no scenario") + "\n" + usage()).utf8))
        return 2
    }
    var count: Int?
    if arguments.count > 1 {
        guard scenario.takesCount, let value = Int(arguments[1]), value >= 0 else {
            FileHandle.standardError.write(Data("error: '\(arguments[1])' is not a count \(scenario.name) takes\n\(usage())".utf8))
            return 2
        }
        count = value
    }

    // The demo's own views live in its DemoScenarios module, as an app's may live in
    // a framework of its own: reports then print them bare (`ProfileCardView`), as
    // they print an app's. An environment that names other modules wins.
    setenv("LAYOUT_DEBUG_APP_MODULES", "DemoScenarios", 0)
    if scenario.runsInRunLoop {
        DemoApplication.run(scenario, count: count) { window in exit(finish(window)) }
    }
    let window = scenario.makeWindow(count: count)
    // One turn of the main run loop, as an app's comes after it launched: what was queued on
    // the main queue meanwhile runs (the storm's signal, the monitor's handler, a change lfix
    // asked for at a conflict stop), and the turn's commit lays out what is still marked.
    _ = RunLoop.main.run(mode: .default, before: Date())
    return finish(window)
}

/// Calls LayoutDemoDidLayout with the laid-out window's root view and prints every frame;
/// the exit status.
@MainActor
private func finish(_ window: UIWindow) -> Int32 {
    let root = window.rootViewController?.view
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LayoutDemoDidLayout") else {
        FileHandle.standardError.write(Data("error: LayoutDemoDidLayout is not exported by libReferenceKit\n".utf8))
        return 1
    }
    let didLayout = unsafeBitCast(symbol, to: DidLayoutFunction.self)
    didLayout(root.map { Unmanaged.passUnretained($0).toOpaque() })
    print(FrameDump.text(of: window), terminator: "")
    fflush(stdout)
    return 0
}

let status = MainActor.assumeIsolated { run() }

// LAYOUT_DEMO_KILLED_AFTER_MS=N: instead of exiting, run the main run loop for N ms and then end
// by SIGKILL, as iOS ends an app (Xcode's Stop, the system killing it in the background):
// no atexit handler runs, and what runs on the main queue and the main run loop's timers
// meanwhile is what an app would run.
if status == 0, let text = ProcessInfo.processInfo.environment["LAYOUT_DEMO_KILLED_AFTER_MS"] {
    guard let milliseconds = Int(text), milliseconds >= 0 else {
        FileHandle.standardError.write(Data("error: LAYOUT_DEMO_KILLED_AFTER_MS is '\(text)', not a number of milliseconds\n".utf8))
        exit(2)
    }
    fflush(stdout)
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
        kill(getpid(), SIGKILL)
    }
    while true { RunLoop.main.run() }
}
exit(status)
