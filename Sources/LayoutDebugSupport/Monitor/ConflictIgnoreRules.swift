// MARK: - ConflictIgnoreRules

/// Which conflicts the in-app monitor drops before they reach the handler or
/// the backlog.
///
/// ZIKConstraintsGuard's users filter by hand the conflicts UIKit causes in
/// its own alerts and keyboards; these rules make that configuration.
public struct ConflictIgnoreRules: Codable, Hashable, Sendable {
    /// Drop a conflict when the owning view controller's class, or the class
    /// of an item of the broken constraint, starts with one of these.
    public var classPrefixes: [String]
    /// Drop conflicts with exactly these signatures.
    public var signatures: Set<String>
    /// Drop conflicts owned by UIKit-internal view controllers (alerts, keyboards).
    public var ignoresSystemViewControllers: Bool

    /// Creates rules; the default drops nothing.
    public init(classPrefixes: [String] = [], signatures: Set<String> = [], ignoresSystemViewControllers: Bool = false) {
        self.classPrefixes = classPrefixes
        self.signatures = signatures
        self.ignoresSystemViewControllers = ignoresSystemViewControllers
    }

    /// Whether the monitor should drop `conflict`.
    /// - Parameter conflict: The conflict to judge.
    /// - Returns: `true` when any rule matches.
    public func shouldIgnore(_ conflict: ConflictSnapshot) -> Bool {
        if ignoresSystemViewControllers && conflict.isSystemViewController { return true }
        if !signatures.isEmpty && signatures.contains(conflict.signature) { return true }
        guard !classPrefixes.isEmpty else { return false }
        var classes: [String] = []
        if let controller = conflict.viewController { classes.append(controller) }
        if let broken = conflict.brokenConstraint {
            classes += [broken.firstItem?.className, broken.secondItem?.className].compactMap { $0 }
        }
        return classes.contains { name in classPrefixes.contains { name.hasPrefix($0) } }
    }
}
