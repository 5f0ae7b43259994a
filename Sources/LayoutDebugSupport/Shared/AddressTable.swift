// MARK: - AddressTable

/// A hash table from object addresses to values, for the caches one report
/// fills (references, frames, directions, classes by object or class).
///
/// `Dictionary` hashes every key with SipHash, which is built to resist
/// chosen keys; a descent over a thousand views looks keys up tens of
/// thousands of times, and the hashing was a tenth of the report's time.
/// Addresses are not chosen by an adversary and differ mostly in their
/// middle bits (objects are 16-byte aligned), so one multiplication by
/// 2^64/φ (Fibonacci hashing) spreads them well enough, and open addressing
/// with linear probing keeps a lookup to one or two adjacent slots.
///
/// A value type: the slots live in arrays, which copy on write. Entries are
/// never removed (a report's caches only grow). The key `0` marks an empty
/// slot, so its value (no live object has that address, but a snapshot
/// made from a log may) is kept beside the slots.
struct AddressTable<Value> {
    /// The key in each slot; `0` when the slot is empty.
    private var keys: [UInt64]
    /// The value in each slot, `nil` exactly where the key is `0`.
    private var values: [Value?]
    /// How far right a key's product is shifted to index `keys`: its top
    /// log2(slot count) bits are the slot.
    private var shift: UInt64
    /// The value for the key `0`, which cannot go in a slot.
    private var zeroKeyValue: Value?
    /// The number of entries.
    private(set) var count = 0

    /// An empty table with room for `minimumCapacity` entries before it grows.
    init(minimumCapacity: Int = 16) {
        // At most half full, so a probe meets an empty slot soon.
        var slots = 16
        while slots < minimumCapacity * 2 { slots *= 2 }
        keys = Array(repeating: 0, count: slots)
        values = Array(repeating: nil, count: slots)
        shift = UInt64(UInt64.bitWidth - slots.trailingZeroBitCount)
    }

    /// Whether the table is empty.
    var isEmpty: Bool { count == 0 }

    /// The value stored for `key`, or `nil`.
    func value(for key: UInt64) -> Value? {
        if key == 0 { return zeroKeyValue }
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            // Unwrapped in place and wrapped again: copying the stored
            // optional as a whole goes through the runtime's generic
            // witness for some payloads (`ObjectReference?`), the payload
            // alone does not.
            if found == key { return values[slot].unsafelyUnwrapped }
            if found == 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// Stores `value` for `key`, replacing any value stored before.
    mutating func set(_ value: Value, for key: UInt64) {
        if key == 0 {
            if zeroKeyValue == nil { count += 1 }
            zeroKeyValue = value
            return
        }
        // Grown before probing, so the slot found is the one written.
        if (count + 1) * 2 > keys.count { grow() }
        var slot = home(of: key)
        while true {
            let found = keys[slot]
            if found == key {
                values[slot] = value
                return
            }
            if found == 0 {
                keys[slot] = key
                values[slot] = value
                count += 1
                return
            }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// The slot where the probe for `key` starts.
    private func home(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Doubles the slots and files every entry again.
    private mutating func grow() {
        var grown = AddressTable(minimumCapacity: keys.count)
        grown.zeroKeyValue = zeroKeyValue
        grown.count = zeroKeyValue == nil ? 0 : 1
        for slot in keys.indices where keys[slot] != 0 {
            // Moved out rather than copied: a copy of a reference's strings
            // would be retained here and released with the old slots.
            grown.set(values[slot].take().unsafelyUnwrapped, for: keys[slot])
        }
        self = grown
    }
}
