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
    /// Drop conflicts of these owners (`ConflictTriage`): a beta build drops
    /// `[.system, .transient]` and keeps only the app's own. The monitor still
    /// counts what it drops, by owner (`ConflictMonitor.ignoredCount(of:)`).
    public var ignoredOwners: Set<ConflictOwner>

    /// Creates rules; the default drops nothing.
    public init(classPrefixes: [String] = [], signatures: Set<String> = [], ignoresSystemViewControllers: Bool = false,
                ignoredOwners: Set<ConflictOwner> = []) {
        self.classPrefixes = classPrefixes
        self.signatures = signatures
        self.ignoresSystemViewControllers = ignoresSystemViewControllers
        self.ignoredOwners = ignoredOwners
    }

    /// Rules for a beta build: only the app's own conflicts reach the handler.
    public static let onlyYours = ConflictIgnoreRules(ignoredOwners: [.system, .transient])

    private enum CodingKeys: String, CodingKey {
        case classPrefixes, signatures, ignoresSystemViewControllers, ignoredOwners
    }

    /// Decodes rules; rules saved before owners existed drop no owner.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        classPrefixes = try container.decode([String].self, forKey: .classPrefixes)
        signatures = try container.decode(Set<String>.self, forKey: .signatures)
        ignoresSystemViewControllers = try container.decode(Bool.self, forKey: .ignoresSystemViewControllers)
        ignoredOwners = try container.decodeIfPresent(Set<ConflictOwner>.self, forKey: .ignoredOwners) ?? []
    }

    /// Whether the monitor should drop `conflict`.
    /// - Parameter conflict: The conflict to judge.
    /// - Returns: `true` when any rule matches.
    public func shouldIgnore(_ conflict: ConflictSnapshot) -> Bool {
        shouldIgnore(conflict, owner: ignoredOwners.isEmpty ? .yours : ConflictTriage.owner(of: conflict))
    }

    /// Whether the monitor should drop `conflict`, whose owner is already known.
    func shouldIgnore(_ conflict: ConflictSnapshot, owner: ConflictOwner) -> Bool {
        if ignoredOwners.contains(owner) { return true }
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
