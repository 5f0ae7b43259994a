#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - ConflictHook

/// The one hook on the engine-host view's "will break constraint" method
/// (`engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`), which every part
/// that hears of conflicts in the process subscribes to: the storm recorder, the in-app
/// monitor and `lfix`'s conflict watch.
///
/// It is installed once, the first time anyone subscribes, and stays installed (idle when no
/// one listens): taking it out would also take out whatever another library installed in front
/// of it since. Each conflict is snapshotted once, recording its broken constraint first
/// (`LiveSnapshots.conflict(broken:list:ordinal:detail:)`), and only when a subscriber wants
/// it, in the most detail any subscriber wants (a quiet storm's tally needs only the
/// constraints, a report the views too); each subscriber then gets that one snapshot. One re-entry guard covers the hook: a conflict the
/// subscribers' own work provokes on the same thread is not reported again. Before this hook,
/// each part re-installed its own swizzle in front of the others, and after a storm restart
/// and a second `lfix` one conflict was counted twice (issue 41, fault 5).
///
/// The installation itself (a swizzle on Apple platforms, ReferenceKit's implementation
/// replacement on Linux) is in `ConflictHook+Install.swift`.
enum ConflictHook {
    /// Who listens; each has at most one subscription.
    enum Subscriber: Int, Sendable {
        case watch
        case storm
        case monitor
    }

    /// One subscription: how much of the next conflict the subscriber wants now, `nil` for
    /// none (asked before any snapshot is made), and what it does with the snapshot, given
    /// the detail it was made in (at least the one wanted).
    struct Subscription {
        let wants: () -> ConflictDetail?
        let receive: (ConflictSnapshot, ConflictDetail) -> Void
    }

    private static let lock = NSLock()
    // Guarded by `lock`.
    nonisolated(unsafe) private static var subscriptions: [Subscriber: Subscription] = [:]
    nonisolated(unsafe) private static var isInstalled = false
    /// Keeps the hook from reporting a conflict again from within its own call.
    static let reentry = ThreadReentryFlag()

    // MARK: - Subscribing

    /// Subscribes `subscriber` (replacing its earlier subscription) and installs the hook if
    /// no one did yet.
    ///
    /// - Returns: `false` when this platform has no such method to hook (nothing will come).
    @discardableResult
    static func subscribe(_ subscriber: Subscriber, wants: @escaping () -> ConflictDetail?,
                          receive: @escaping (ConflictSnapshot, ConflictDetail) -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if !isInstalled { isInstalled = StoppedProcessAccess.run { install() } }
        guard isInstalled else { return false }
        subscriptions[subscriber] = Subscription(wants: wants, receive: receive)
        return true
    }

    /// Ends `subscriber`'s subscription; the hook stays, forwarding only.
    static func unsubscribe(_ subscriber: Subscriber) {
        lock.lock()
        subscriptions[subscriber] = nil
        lock.unlock()
    }

    // MARK: - Delivering

    /// Called by the installed hook for each conflict, before the implementation it replaced
    /// runs: snapshots the conflict once, if anyone wants it now, in the most detail wanted,
    /// and hands it to each.
    ///
    /// - Parameter makeSnapshot: Records the broken constraint and snapshots the conflict in
    ///   the detail given.
    static func deliver(_ makeSnapshot: (ConflictDetail) -> ConflictSnapshot?) {
        reentry.run {
            lock.lock()
            let current = subscriptions.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
            lock.unlock()
            let wanting = current.compactMap { subscription in subscription.wants().map { (subscription, $0) } }
            guard let detail = wanting.map(\.1).max(), let conflict = makeSnapshot(detail) else { return }
            for (subscription, _) in wanting { subscription.receive(conflict, detail) }
        }
    }
}
#endif
