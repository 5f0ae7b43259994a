import Foundation

// MARK: - ConflictMonitor

/// Catches broken constraints in a running app without a debugger, for debug
/// and beta builds.
///
/// It hooks the engine method UIKit calls before it breaks a constraint
/// (`-[UIView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]`,
/// private API: never ship it in an App Store build), always lets the original
/// run, and hands each conflict to a handler as the same report `lbreak`
/// prints. Under ReferenceKit the same method is hooked through its stand-in for
/// `method_setImplementation`.
///
/// ```swift
/// #if DEBUG
/// let backlog = ConflictBacklog(url: cachesURL.appendingPathComponent("layout-conflicts.jsonl"))
/// ConflictMonitor.start(backlog: backlog) { report in print(report.text) }
/// #endif
/// ```
public enum ConflictMonitor {
    /// One conflict, as `lbreak` would print it.
    public struct Report: Sendable {
        /// The conflict.
        public let conflict: ConflictSnapshot
        /// The readable report, with the explainer's arithmetic.
        public let text: String
        /// The report as JSON (`ConflictReportDocument`).
        public let json: String
        /// The conflict's signature, for counting repeats.
        public var signature: String { conflict.signature }
    }

    /// Receives each conflict on the main queue, after the engine's callback has returned.
    ///
    /// The conflict is read the moment the engine reports it, inside the engine's callback;
    /// the handler runs later, so app code in it may change views and constraints without
    /// re-entering the engine in the middle of its own update.
    public typealias Handler = @Sendable (Report) -> Void

    private struct Configuration {
        var handler: Handler
        var rules: ConflictIgnoreRules
        var backlog: ConflictBacklog?
        var explains: Bool
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var configuration: Configuration?
    nonisolated(unsafe) private static var delivered = 0
    nonisolated(unsafe) private static var ignored = 0
    nonisolated(unsafe) private static var ignoredByOwner: [ConflictOwner: Int] = [:]

    // MARK: - Starting and stopping

    /// Starts monitoring, or replaces the handler and rules when already started.
    ///
    /// The monitor subscribes to the process's one conflict hook (`ConflictHook`), which is
    /// installed once however often this is called.
    /// - Parameters:
    ///   - rules: Conflicts to drop before the handler and the backlog see them.
    ///   - backlog: Where to count distinct conflicts, or `nil`.
    ///   - explains: Whether reports include the explainer's arithmetic (default `true`).
    ///   - handler: Called once per conflict that the rules keep, on the main queue (see `Handler`).
    public static func start(rules: ConflictIgnoreRules = ConflictIgnoreRules(), backlog: ConflictBacklog? = nil,
                             explains: Bool = true, _ handler: @escaping Handler) {
        lock.lock()
        configuration = Configuration(handler: handler, rules: rules, backlog: backlog, explains: explains)
        lock.unlock()
        ConflictHook.subscribe(.monitor, wants: { isRunning ? .report : nil }, receive: { conflict, _ in deliver(conflict) })
    }

    /// Stops monitoring: conflicts are no longer read or reported. The hook stays
    /// installed, forwarding each call unchanged (taking it out would also take out any
    /// hook installed in front of it since). Calling it when not started does nothing.
    public static func stop() {
        lock.lock()
        configuration = nil
        lock.unlock()
        ConflictHook.unsubscribe(.monitor)
    }

    /// Whether the monitor is started.
    public static var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return configuration != nil
    }

    /// Conflicts handed to the handler since the process started.
    public static var deliveredCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return delivered
    }

    /// Conflicts dropped by the ignore rules since the process started.
    public static var ignoredCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return ignored
    }

    /// Conflicts of one owner dropped by the ignore rules since the process
    /// started: a beta build that drops system and transient conflicts still
    /// learns how many there were.
    /// - Parameter owner: The owner (`ConflictTriage`).
    /// - Returns: How many of its conflicts were dropped.
    public static func ignoredCount(of owner: ConflictOwner) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return ignoredByOwner[owner, default: 0]
    }

    // MARK: - Delivering

    /// Turns one hooked conflict into a report and delivers it. Called by the hook
    /// (`ConflictHook`) on the thread that lays out.
    static func deliver(_ hooked: ConflictSnapshot) {
        lock.lock()
        guard let current = configuration else {
            lock.unlock()
            return
        }
        let ordinal = delivered + ignored + 1
        lock.unlock()

        var conflict = hooked
        conflict.ordinal = ordinal
        if ConstraintOrigins.reportsOrigins {
            // No debugger will rewrite the addresses: keep them as image and offset.
            conflict = ConstraintOrigins.withImageAddresses(conflict)
        }
        let owner = ConflictTriage.owner(of: conflict)
        guard !current.rules.shouldIgnore(conflict, owner: owner) else {
            lock.lock()
            ignored += 1
            ignoredByOwner[owner, default: 0] += 1
            lock.unlock()
            return
        }
        let made = ConflictReport(conflict, explaining: current.explains)
        let report = Report(conflict: conflict, text: made.text, json: made.json)
        current.backlog?.record(conflict, report: report.text)
        lock.lock()
        delivered += 1
        lock.unlock()
        let handler = current.handler
        DispatchQueue.main.async { handler(report) }
    }
}
