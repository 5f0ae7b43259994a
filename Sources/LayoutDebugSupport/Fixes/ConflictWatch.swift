#if canImport(UIKit) || canImport(AppKit) || os(Linux)

// MARK: - ConflictWatch

/// The conflicts the engine reports while `lfix` changes a layout, as
/// snapshots, each broken constraint recorded in `BrokenConstraints`.
///
/// The platform hook (`ConflictWatch+ReferenceKit`, `ConflictWatch+Swizzle`)
/// is installed on first use and stays: it forwards every call and only
/// collects while a watch is open.
@MainActor
enum ConflictWatch {
    /// The conflicts seen by the open watch; `nil` when none is open.
    nonisolated(unsafe) private static var seen: [ConflictSnapshot]?

    /// Runs `body` and returns the conflicts reported while it ran, in order.
    /// Without a hook on this platform it runs `body` and returns none.
    static func conflicts(during body: () -> Void) -> [ConflictSnapshot] {
        guard installPlatformHook() else {
            body()
            return []
        }
        seen = []
        body()
        defer { seen = nil }
        return seen ?? []
    }

    /// Called by the platform hook for each conflict; `makeSnapshot` reads the
    /// live objects only while a watch is open.
    static func deliver(_ makeSnapshot: () -> ConflictSnapshot?) {
        guard seen != nil, let conflict = makeSnapshot() else { return }
        seen?.append(conflict)
    }
}
#endif
