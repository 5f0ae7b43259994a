#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - StringInterner

/// Turns repeated byte runs (class names, identifiers, titles) into one shared
/// `String` each.
///
/// A console flooded with conflicts repeats the same few dozen names hundreds
/// of thousands of times; building a fresh heap string for each costs more
/// than parsing the line. The table is bounded (it is emptied when full), so
/// memory stays constant whatever the input size.
final class StringInterner {
    private struct Slot {
        var hash: UInt64
        var bytes: [UInt8]
        var string: String
    }

    private static let capacity = 4096
    private var slots = [Slot?](repeating: nil, count: StringInterner.capacity)
    private var used = 0

    /// The shared string for `text[from..<to]`.
    func string(_ text: ByteText, _ from: Int, _ to: Int) -> String {
        let length = to - from
        guard length > 0 else { return "" }
        // Short strings are stored inline by Swift and cost no allocation.
        if length <= 15 { return text.string(from, to) }
        var hash: UInt64 = 0xcbf29ce484222325
        for index in from..<to { hash = (hash ^ UInt64(text[index])) &* 0x100000001b3 }
        let mask = Self.capacity - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let existing = slots[slot] {
            if existing.hash == hash, existing.bytes.count == length, matches(existing.bytes, text, from) {
                return existing.string
            }
            slot = (slot + 1) & mask
        }
        let string = text.string(from, to)
        if used >= Self.capacity / 2 {
            slots = [Slot?](repeating: nil, count: Self.capacity)
            used = 0
            slot = Int(truncatingIfNeeded: hash) & mask
        }
        slots[slot] = Slot(hash: hash, bytes: Array(UnsafeBufferPointer(start: text.base + from, count: length)),
                           string: string)
        used += 1
        return string
    }

    private func matches(_ bytes: [UInt8], _ text: ByteText, _ from: Int) -> Bool {
        bytes.withUnsafeBufferPointer { stored in
            memcmp(stored.baseAddress!, text.base + from, stored.count) == 0
        }
    }
}
