// MARK: - OriginTable

/// Where each live constraint was made: its creation backtrace, keyed by its address, with a
/// bound on how many it holds.
///
/// A record is removed when its constraint is freed, so the table holds only live
/// constraints. Past the bound, a newly made constraint is not recorded (its report says so)
/// rather than evicting an older one: the constraints of a conflict were usually made early,
/// at launch, and a flood of later ones (a table view's cells) must not push them out.
///
/// Records live in fixed slots of one flat array of return addresses, reused when their
/// constraint is freed: recording a constraint allocates nothing (the arrays grow, by
/// doubling, only when more constraints are alive than ever before). A record becomes an array
/// only when a report asks for it.
struct OriginTable {
    /// How many return addresses a record keeps.
    static let framesPerRecord = 16

    /// How many records the table holds at most (16 addresses each: about 13 MB when full).
    let capacity: Int
    /// The slot of each recorded constraint, by address.
    private var slots: [UInt: Int32] = [:]
    /// The return addresses of every slot, ``framesPerRecord`` per slot.
    private var frames: [UInt64] = []
    /// How many of its addresses each slot uses.
    private var counts: [UInt8] = []
    /// Slots whose constraint was freed, reused first.
    private var freeSlots: [Int32] = []
    /// When each slot's record was made, as a count that only goes up: which of two
    /// constraints was made later.
    private var sequences: [UInt64] = []
    /// The next record's place in that count.
    private var nextSequence: UInt64 = 0
    /// Constraints made while the table was full, never recorded.
    private(set) var refusedCount = 0

    /// An empty table that holds up to `capacity` records.
    init(capacity: Int = 100_000) {
        self.capacity = capacity
    }

    /// How many live constraints have a record.
    var count: Int { slots.count }

    /// What ``record(_:for:)`` did.
    enum Recording: Equatable {
        /// A new record.
        case added
        /// The record of a constraint at the same address was replaced (a freed constraint
        /// whose address was reused).
        case replaced
        /// None: the table is full.
        case refused
    }

    /// Records `recorded` for the constraint at `address`, replacing an older record there.
    ///
    /// - Complexity: One hash of the address when the record is new (the common case).
    @discardableResult
    mutating func record(_ recorded: UnsafeBufferPointer<UInt64>, for address: UInt) -> Recording {
        var slot: Int
        var result = Recording.added
        if slots.count < capacity {
            slot = takeSlot()
            if let existing = slots.updateValue(Int32(slot), forKey: address) {
                freeSlots.append(Int32(slot))
                slots[address] = existing
                slot = Int(existing)
                result = .replaced
            }
        } else if let existing = slots[address] {
            slot = Int(existing)
            result = .replaced
        } else {
            refusedCount += 1
            return .refused
        }
        let kept = min(recorded.count, OriginTable.framesPerRecord)
        let start = slot * OriginTable.framesPerRecord
        for index in 0..<kept { frames[start + index] = recorded[index] }
        counts[slot] = UInt8(kept)
        sequences[slot] = nextSequence
        nextSequence += 1
        return result
    }

    /// Records `recorded`, an array, for the constraint at `address` (see the buffer form).
    @discardableResult
    mutating func record(_ recorded: [UInt64], for address: UInt) -> Recording {
        recorded.withUnsafeBufferPointer { record($0, for: address) }
    }

    /// Whether the constraint at `address` has a record.
    func contains(_ address: UInt) -> Bool { slots[address] != nil }

    /// The record for the constraint at `address`.
    func frames(for address: UInt) -> [UInt64]? {
        guard let slot = slots[address].map(Int.init) else { return nil }
        let start = slot * OriginTable.framesPerRecord
        return Array(frames[start..<start + Int(counts[slot])])
    }

    /// When the record of the constraint at `address` was made, against every other
    /// record's: a larger number was made later.
    func sequence(for address: UInt) -> UInt64? {
        slots[address].map { sequences[Int($0)] }
    }

    /// Forgets the constraint at `address`, which is being freed.
    mutating func remove(_ address: UInt) {
        if let slot = slots.removeValue(forKey: address) { freeSlots.append(slot) }
    }

    /// Forgets every record and gives back their memory.
    mutating func removeAll() {
        slots = [:]
        frames = []
        counts = []
        freeSlots = []
        sequences = []
        refusedCount = 0
    }

    /// A free slot: a reused one, or a new one at the end.
    private mutating func takeSlot() -> Int {
        if let free = freeSlots.popLast() { return Int(free) }
        counts.append(0)
        sequences.append(0)
        frames.append(contentsOf: repeatElement(0, count: OriginTable.framesPerRecord))
        return counts.count - 1
    }
}
