import CoreFoundation
import Foundation
import ReferenceKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - RunLoopScript

/// The turns of a scenario that runs in the main run loop: each turn runs one step, and
/// the deferred pass at the end of the turn lays out what the step changed, as in an app.
struct RunLoopScript: Sendable {
    /// How many turns the scenario takes for its N.
    let turns: @Sendable (_ count: Int) -> Int
    /// Turn `turn`'s step, run in that turn before its commit.
    let step: @MainActor @Sendable (_ window: UIWindow, _ turn: Int, _ count: Int) -> Void
    /// What the scenario sets before the app launches, as launch arguments would
    /// (`LoopScenarios` arms UIKit's feedback loop debugger, read at the first layout).
    var beforeLaunch: (@MainActor @Sendable () -> Void)? = nil

    /// Runs every turn in the calling process's main run loop, one run-loop turn each, as
    /// `layout-demo` does under `UIApplicationMain` (for a test, which has its own `main`).
    @MainActor
    func runTurns(in window: UIWindow, count: Int) {
        beforeLaunch?()
        for turn in 0..<turns(count) {
            step(window, turn, count)
            // The run loop's observers, Core Animation's commit among them, run before it
            // waits and as it returns.
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
    }
}

// MARK: - The scenarios

/// Conflicts raised by the deferred layout pass: the commit at the end of a run-loop turn
/// (main thread), or at a background thread's exit.
@MainActor
enum RunLoopScenarios {
    nonisolated static let scenarios: [DemoScenario] = [
        DemoScenario(name: "runloop-conflict",
                     summary: "run loop: N screens in turn, each with the cell width conflict, raised by the deferred layout pass at the end of its turn",
                     takesCount: true, defaultCount: 2,
                     runLoop: RunLoopScript(turns: { max($0, 0) }, step: { window, turn, _ in presentCellScreen(in: window, turn: turn) })),
        DemoScenario(name: "runloop-update-constraints",
                     summary: "run loop: a badge whose updateConstraints() adds a width of 400 against its 375-point row, in the deferred update pass",
                     takesCount: false, defaultCount: 0,
                     runLoop: RunLoopScript(turns: { _ in 1 }, step: { window, _, _ in presentBadgeScreen(in: window) })),
        DemoScenario(name: "runloop-background-conflict",
                     summary: "run loop: a width conflict (100 against 120) laid out by the commit as a background thread without a run loop exits",
                     takesCount: false, defaultCount: 0,
                     runLoop: RunLoopScript(turns: { _ in 2 }, step: { _, turn, _ in backgroundTurn(turn) })),
    ]

    /// A new screen whose content is `cell-width-conflict`'s: built before it is in the
    /// window, so nothing is laid out until the turn's commit makes its engine, and the
    /// conflict comes from there, with no frame of the scenario's on the stack.
    static func presentCellScreen(in window: UIWindow, turn: Int) {
        let controller = UIViewController()
        controller.title = "Screen \(turn + 1)"
        ConflictScenarios.cellWidth(root: controller.view, count: 0)
        window.rootViewController = controller
    }

    /// A screen with a `BadgeView` pinned to the root's edges (0 and 0), 40 high at y 100,
    /// whose `updateConstraints()` adds width 400: the width breaks, the badge is (0 100; 375 40).
    static func presentBadgeScreen(in window: UIWindow) {
        let controller = UIViewController()
        let root = controller.view!
        let badge = BadgeView()
        badge.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(badge)
        NSLayoutConstraint.activate([
            badge.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            badge.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            badge.heightAnchor.constraint(equalToConstant: 40),
        ])
        window.rootViewController = controller
    }

    // MARK: - The background thread

    /// The background hierarchy, kept for the rest of the run.
    nonisolated(unsafe) private static var kept: UIView?
    nonisolated(unsafe) private static var thread: BackgroundThread?

    /// Turn 0 starts the thread; turn 1 waits for it to have exited (and committed).
    static func backgroundTurn(_ turn: Int) {
        if turn == 0 {
            thread = BackgroundThread {
                uncheckedOnMain {
                    let host = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
                    ConflictStorm.duplicateWidth(in: host)
                    RunLoopScenarios.kept = host
                }
            }
        } else {
            thread?.join()
            thread = nil
        }
    }

    /// Runs main-actor code on the calling background thread, as UIKit lets a thread build
    /// a hierarchy the main thread never touched (see `ThreadScenarios`).
    nonisolated private static func uncheckedOnMain(_ body: @MainActor () -> Void) {
        withoutActuallyEscaping(body) { escapable in
            unsafeBitCast(escapable, to: (() -> Void).self)()
        }
    }
}

/// A view that sets up its width in `updateConstraints()`, as views whose constraints
/// depend on their content do (MBProgressHUD builds its constraints there,
/// jdg/MBProgressHUD#522): here a width of 400 its row cannot give.
final class BadgeView: UIView {
    private var widthAdded = false

    override func updateConstraints() {
        if !widthAdded {
            widthAdded = true
            widthAnchor.constraint(equalToConstant: 400).isActive = true
        }
        super.updateConstraints()
    }
}

// MARK: - A joinable thread

/// A POSIX thread, which a later turn joins: only a join says the thread has exited, its
/// thread-specific data (Core Animation's transaction) destroyed and committed.
/// (`Thread` cannot be joined.)
final class BackgroundThread: @unchecked Sendable {
    #if canImport(Glibc)
    private var handle = pthread_t()
    #else
    private var handle: pthread_t?
    #endif
    private var started = false

    /// Starts a thread that runs `body` and returns, without a run loop.
    init(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(BodyBox(body)).toOpaque()
        // The start routine's argument is optional on Linux, not on Darwin: both pass it on.
        started = pthread_create(&handle, nil, { context in
            BackgroundThread.run(context)
            return nil
        }, context) == 0
    }

    /// The thread's body, from `init`'s context pointer.
    private static func run(_ context: UnsafeMutableRawPointer?) {
        guard let context else { return }
        Unmanaged<BodyBox>.fromOpaque(context).takeRetainedValue().body()
    }

    /// Waits until the thread has exited.
    func join() {
        guard started else { return }
        started = false
        #if canImport(Glibc)
        pthread_join(handle, nil)
        #else
        if let handle { pthread_join(handle, nil) }
        #endif
    }

    private final class BodyBox {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

// MARK: - The application

/// `layout-demo`'s application delegate for a run-loop scenario: it makes the window and runs
/// one step per turn of the main run loop, each on the main queue; after the last turn's commit
/// it hands the window to `finish`, which ends the process.
///
/// The next step is queued by an observer that runs after Core Animation's commit (as UIKit's
/// `_afterCACommitHandler` does, mastodon/mastodon-ios#1042), so each step is laid out by its
/// own turn's commit, and a block queued during that commit (by a debugger at a conflict stop)
/// runs before the next step.
final class DemoAppDelegate: UIApplicationDelegate {
    /// What `DemoApplication.run` asked for.
    nonisolated(unsafe) static var plan: (scenario: DemoScenario, count: Int, finish: @MainActor (UIWindow) -> Never)?

    private var turns: TurnRunner?

    init() {}

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: Any]?) -> Bool {
        guard let plan = Self.plan, let script = plan.scenario.runLoop else { fatalError("DemoAppDelegate without a plan") }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        let runner = TurnRunner(window: window, script: script, count: plan.count, finish: plan.finish)
        turns = runner
        let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        let afterCommit = CFRunLoopObserverCreateWithHandler(nil, activities, true, 2_001_000) { _, _ in runner.afterCommit() }
        CFRunLoopAddObserver(CFRunLoopGetMain(), afterCommit, Self.commonModes)
        DispatchQueue.main.async { runner.next() }
        return true
    }

    private static var commonModes: CFRunLoopMode {
        #if canImport(Darwin)
        return CFRunLoopMode.commonModes
        #else
        return kCFRunLoopCommonModes
        #endif
    }
}

/// The scenario's turns: one step per turn, the next queued after the turn's commit.
private final class TurnRunner: @unchecked Sendable {
    private let window: UIWindow
    private let script: RunLoopScript
    private let count: Int
    private let finish: @MainActor (UIWindow) -> Never
    private var turn = 0
    private var stepWaitsForCommit = false

    init(window: UIWindow, script: RunLoopScript, count: Int, finish: @escaping @MainActor (UIWindow) -> Never) {
        self.window = window
        self.script = script
        self.count = count
        self.finish = finish
    }

    /// The next step, or, once the last step's turn has committed, the end.
    func next() {
        MainActor.assumeIsolated {
            guard turn < script.turns(count) else { finish(window) }
            script.step(window, turn, count)
            turn += 1
            stepWaitsForCommit = true
        }
    }

    /// After the commit of a turn that ran a step: queues the next.
    func afterCommit() {
        guard stepWaitsForCommit else { return }
        stepWaitsForCommit = false
        DispatchQueue.main.async { self.next() }
    }
}

/// Runs a run-loop scenario as an app.
public enum DemoApplication {
    /// Runs `scenario` under `UIApplicationMain`: its turns, one per turn of the main run
    /// loop, then `finish` with the key window (laid out by the last turn's commit), which
    /// must end the process. Never returns.
    @MainActor
    public static func run(_ scenario: DemoScenario, count: Int?, finish: @escaping @MainActor (UIWindow) -> Never) -> Never {
        DemoAppDelegate.plan = (scenario, count ?? scenario.defaultCount, finish)
        scenario.runLoop?.beforeLaunch?()
        UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, String(reflecting: DemoAppDelegate.self))
    }
}
