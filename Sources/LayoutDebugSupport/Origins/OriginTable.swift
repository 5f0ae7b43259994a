// MARK: - OriginTable

/// Where each live constraint was made: its creation backtrace, keyed by its address, with a
/// bound on how many it holds.
///
/// A record is removed when its constraint is freed, so the table holds only live
/// constraints. Past the bound, a newly made constraint is not recorded (its report says so)
/// rather than evicting an older one: the constraints of a conflict were usually made early,
/// at launch, and a flood of later ones (a table view's cells) must not push them out.
struct OriginTable {
    /// How many return addresses a record keeps.
    static let framesPerRecord = 16

    /// How many records the table holds at most (16 addresses each: about 20 MB when full).
    let capacity: Int
    private var records: [UInt: [UInt64]] = [:]
    /// Constraints made while the table was full, never recorded.
    private(set) var refusedCount = 0

    /// An empty table that holds up to `capacity` records.
    init(capacity: Int = 100_000) {
        self.capacity = capacity
    }

    /// How many live constraints have a record.
    var count: Int { records.count }

    /// Records `frames` for the constraint at `address`, replacing an older record there (a
    /// freed constraint whose address was reused). Returns false when the table is full.
    @discardableResult
    mutating func record(_ frames: [UInt64], for address: UInt) -> Bool {
        if records[address] == nil, records.count >= capacity {
            refusedCount += 1
            return false
        }
        records[address] = frames
        return true
    }

    /// Whether the constraint at `address` has a record.
    func contains(_ address: UInt) -> Bool { records[address] != nil }

    /// The record for the constraint at `address`.
    func frames(for address: UInt) -> [UInt64]? { records[address] }

    /// Forgets the constraint at `address`, which is being freed.
    mutating func remove(_ address: UInt) {
        records[address] = nil
    }

    /// Forgets every record.
    mutating func removeAll() {
        records.removeAll()
        refusedCount = 0
    }
}
