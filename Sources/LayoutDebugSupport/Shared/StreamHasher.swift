// MARK: - StreamHasher

/// Two multiply-rotate hashes fed with words and byte runs of any length:
/// several times faster than the standard library's `Hasher` on long texts,
/// which is what the parser's line keys and a summary's signatures are.
///
/// Each run is mixed eight bytes at a time and its tail as one zero-padded
/// word followed by its length, so the same bytes split into different runs
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
    public mutating func add(_ word: UInt64) {
        first = (first ^ word) &* 0xFF51_AFD7_ED55_8CCD
        first = first << 31 | first >> 33
        second = (second ^ word) &* 0xC4CE_B9FE_1A85_EC53
        second = second << 27 | second >> 37
        second = second &* 5 &+ 0x52DC_E729
    }

    /// Feeds `count` bytes from `bytes`.
    public mutating func add(_ bytes: UnsafePointer<UInt8>, count: Int) {
        let raw = UnsafeRawPointer(bytes)
        var offset = 0
        while offset + 8 <= count {
            add(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        add(tail)
        add(UInt64(count))
    }
}
