// MARK: - StormReport

/// One conflict as `lbreak` prints and counts it: the fields of
/// `lds_conflict_report`'s JSON that the debugger reads, and when it happened.
struct StormReport: Codable, Hashable, Sendable {
    /// The whole text report, as `lds_conflict_report` gives it.
    var text: String
    /// The address-free signature, to count repeats.
    var signature: String
    /// Whose conflict it is (`ConflictTriage`).
    var owner: ConflictOwner
    /// The owning view controller's class, when known.
    var viewController: String?
    /// Seconds since 1970 when the engine reported it: `lconflicts` shows first and last seen.
    var time: Double

    /// A report of these fields.
    init(text: String, signature: String, owner: ConflictOwner, viewController: String?, time: Double) {
        self.text = text
        self.signature = signature
        self.owner = owner
        self.viewController = viewController
        self.time = time
    }
}

// MARK: - StormTally

/// The conflicts of one signature that did not fit in the ring: counted, not kept.
struct StormTally: Codable, Hashable, Sendable {
    /// The address-free signature.
    var signature: String
    /// Whose conflicts they are.
    var owner: ConflictOwner
    /// The first view controller named, when any.
    var viewController: String?
    /// How many there were.
    var count: Int
    /// When the first of them happened, in seconds since 1970.
    var first: Double
    /// When the last of them happened.
    var last: Double
}

// MARK: - StormDrain

/// What one drain hands the debugger: the kept reports in order, then the
/// tallies of those dropped after the ring filled, in order of first drop.
struct StormDrain: Codable, Hashable, Sendable {
    /// The reports kept, oldest first.
    var reports: [StormReport] = []
    /// The dropped conflicts, by signature, in order of their first drop.
    var dropped: [StormTally] = []

    /// Every conflict this drain accounts for, kept or dropped.
    var total: Int { reports.count + dropped.reduce(0) { $0 + $1.count } }
}

// MARK: - StormRing

/// A bounded store of conflict reports between two drains.
///
/// It keeps the oldest reports and drops the newest once full, rather than
/// overwriting the oldest as a ring would: every dropped conflict then comes
/// after every kept one, so the debugger, which counts the kept reports first
/// and the tallies after, numbers conflicts and orders first sightings as the
/// process saw them. A dropped conflict is never lost: it is tallied by signature.
struct StormRing: Sendable {
    /// At most this many reports are kept.
    let capacity: Int
    /// At most this many bytes of report text are kept (a bound on memory whatever the reports' size).
    let byteCapacity: Int

    private var reports: [StormReport] = []
    private var bytes = 0
    private var tallies: [StormTally] = []
    private var tallyIndex: [String: Int] = [:]

    /// An empty ring.
    ///
    /// - Parameters:
    ///   - capacity: The most reports kept (at least 1).
    ///   - byteCapacity: The most bytes of text kept; one report is always kept whatever its size.
    init(capacity: Int, byteCapacity: Int = 8 << 20) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
    }

    /// Whether the next report will be dropped (tallied only).
    var isFull: Bool {
        reports.count >= capacity || (!reports.isEmpty && bytes >= byteCapacity)
    }

    /// How many conflicts are waiting for a drain, kept or dropped.
    private(set) var pending = 0

    /// Keeps a report, or tallies it when full.
    ///
    /// - Returns: Whether the report was kept.
    @discardableResult
    mutating func append(_ report: StormReport) -> Bool {
        guard !isFull else {
            tally(signature: report.signature, owner: report.owner, viewController: report.viewController,
                  time: report.time)
            return false
        }
        reports.append(report)
        bytes += report.text.utf8.count
        pending += 1
        return true
    }

    /// Counts a conflict whose report was not made because the ring is full.
    ///
    /// - Complexity: O(1) amortized: one dictionary lookup.
    mutating func tally(signature: String, owner: ConflictOwner, viewController: String?, time: Double) {
        pending += 1
        if let index = tallyIndex[signature] {
            tallies[index].count += 1
            tallies[index].last = time
            if tallies[index].viewController == nil { tallies[index].viewController = viewController }
            return
        }
        tallyIndex[signature] = tallies.count
        tallies.append(StormTally(signature: signature, owner: owner, viewController: viewController,
                                  count: 1, first: time, last: time))
    }

    /// Hands over everything waiting and empties the ring.
    mutating func drain() -> StormDrain {
        let drained = StormDrain(reports: reports, dropped: tallies)
        reports = []
        bytes = 0
        tallies = []
        tallyIndex = [:]
        pending = 0
        return drained
    }
}
