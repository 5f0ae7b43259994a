// MARK: - ConflictRecord

/// One line of the backlog: a distinct conflict, how often it happened, and
/// what a developer needs to find it.
public struct ConflictRecord: Codable, Hashable, Sendable {
    /// The conflict's signature (`ConflictSnapshot.signature`): no addresses.
    public var signature: String
    /// How many times this conflict happened.
    public var count: Int
    /// When it first happened, ISO 8601.
    public var firstSeen: String
    /// When it last happened, ISO 8601.
    public var lastSeen: String
    /// The owning view controller at the first occurrence, when known.
    public var viewController: String?
    /// The broken constraint, as a short readable line, when known.
    public var brokenConstraint: String?
    /// The report text of the first occurrence, cut to the backlog's limit.
    public var report: String
    /// Whose conflict it is (`ConflictTriage`); `nil` in backlogs written
    /// before owners existed, and on the overflow note.
    public var owner: ConflictOwner?

    /// Creates a record.
    public init(signature: String, count: Int, firstSeen: String, lastSeen: String,
                viewController: String?, brokenConstraint: String?, report: String, owner: ConflictOwner? = nil) {
        self.signature = signature
        self.count = count
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.viewController = viewController
        self.brokenConstraint = brokenConstraint
        self.report = report
        self.owner = owner
    }
}
