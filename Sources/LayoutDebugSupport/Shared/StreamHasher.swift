// MARK: - StreamHasher

/// Two multiply-rotate hashes fed with words and byte runs of any length:
/// several times faster than the standard library's `Hasher` on long texts,
/// which is what the parser's line keys and a summary's signatures are.
///
/// Each run is mixed eight bytes at a time and its tail as one more word
/// followed by its length, so the same bytes split into different runs
/// hash differently; that is fine here because runs are cut at the same
/// places (the addresses) in texts that are equal apart from addresses.
public struct StreamHasher {
    private(set) var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private(set) var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// A hasher that has been fed nothing.
    public init() {}

    /// One 64-bit value of everything added, for a table that compares the
    /// inputs themselves on a match (`Hashable` types).
    public var digest: UInt64 { first ^ second }

    /// Feeds one word.
    mutating func add(_ word: UInt64) {
        first = (first ^ word) &* 0xFF51_AFD7_ED55_8CCD
        first = first << 31 | first >> 33
        second = (second ^ word) &* 0xC4CE_B9FE_1A85_EC53
        second = second << 27 | second >> 37
        second = second &* 5 &+ 0x52DC_E729
    }

    /// Feeds `count` bytes from `bytes`.
    @inline(__always)
    public mutating func add(_ bytes: UnsafePointer<UInt8>, count: Int) {
        let raw = UnsafeRawPointer(bytes)
        var offset = 0
        while offset + 8 <= count {
            add(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        // The bytes after the last whole word, read in one to three loads
        // rather than a byte at a time (most runs are short, and this was
        // half the cost of a line's key). Every byte still reaches the
        // hash: a run of eight or more ends with its last eight bytes,
        // overlapping words already fed; a shorter one with loads that
        // together cover it.
        let rest = count - offset
        var tail: UInt64 = 0
        if rest > 0 {
            if count >= 8 {
                tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if rest >= 4 {
                tail = UInt64(raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: rest - 4, as: UInt32.self)) << 32
            } else {
                tail = UInt64(bytes[0]) | UInt64(bytes[rest / 2]) << 8 | UInt64(bytes[rest - 1]) << 16
            }
        }
        add(tail)
        add(UInt64(count))
    }
}
