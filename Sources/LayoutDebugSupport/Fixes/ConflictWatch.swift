#if canImport(UIKit) || canImport(AppKit) || os(Linux)

// MARK: - ConflictWatch

/// The conflicts the engine reports while `lfix` changes a layout, as
/// snapshots, each broken constraint recorded in `BrokenConstraints`.
///
/// It subscribes to the conflict hook (`ConflictHook`) on first use and stays subscribed:
/// it only collects while a watch is open.
enum ConflictWatch {
    /// The conflicts seen by the open watch; `nil` when none is open.
    nonisolated(unsafe) private static var seen: [ConflictSnapshot]?

    /// Runs `body` and returns the conflicts reported while it ran, in order.
    /// Without a hook on this platform it runs `body` and returns none.
    static func conflicts(during body: () -> Void) -> [ConflictSnapshot] {
        guard subscribe() else {
            body()
            return []
        }
        seen = []
        body()
        defer { seen = nil }
        return seen ?? []
    }

    /// Subscribes to the hook (again: a later subscription replaces an earlier one).
    private static func subscribe() -> Bool {
        ConflictHook.subscribe(.watch, wants: { seen != nil ? .report : nil }) { conflict, _ in
            // A conflict lfix's own change made: not one of the app's numbered ones.
            var unnumbered = conflict
            unnumbered.ordinal = nil
            seen?.append(unnumbered)
        }
    }
}
#endif
