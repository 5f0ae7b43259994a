#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ByteText

/// A read-only window on UTF-8 bytes with the few scanning primitives the
/// console parser needs.
///
/// The parser works on bytes rather than `String` because a console log can be
/// hundreds of megabytes and most of its lines are never turned into text:
/// comparing bytes in place is what keeps `--summary` faster than `grep`.
/// Every primitive moves forward only, so no scan can go quadratic.
struct ByteText {
    /// The first byte of the window.
    let base: UnsafePointer<UInt8>
    /// The number of bytes in the window.
    let count: Int

    /// Calls `body` with `bytes` as text and their count, with the `0` after
    /// them that readers expect (they look one byte past a line's end);
    /// `bytes` is as it was afterwards.
    static func withTerminated<Value>(_ bytes: inout [UInt8], _ body: (ByteText, Int) -> Value) -> Value {
        let count = bytes.count
        bytes.append(0)
        defer { bytes.removeLast() }
        return bytes.withUnsafeBufferPointer { body(ByteText(base: $0.baseAddress!, count: count), count) }
    }

    /// The byte at `index`; callers check bounds first.
    @inline(__always) subscript(index: Int) -> UInt8 { base[index] }

    /// Whether the bytes at `index` spell `literal`.
    @inline(__always) func has(_ literal: StaticString, at index: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index >= 0, index + length <= count else { return false }
        let bytes = literal.utf8Start
        for offset in 0..<length where base[index + offset] != bytes[offset] { return false }
        return true
    }

    /// The first index in `from..<to` holding `byte`, or `nil`.
    @inline(__always) func firstIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
        guard from < to else { return nil }
        guard let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
    }

    /// The first index in `from..<to` where `literal` starts, or `nil`.
    ///
    /// - Complexity: O((`to - from`) × literal length) at worst; `memchr`
    ///   skips to candidate first bytes, and keywords are short.
    func firstIndex(of literal: StaticString, from: Int, to: Int) -> Int? {
        firstIndex(of: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount), from: from, to: to)
    }

    /// The first index in `from..<to` where `literal` starts, skipping with
    /// `memchr` to its byte at `anchor`: choosing a byte that is rare in logs
    /// (the `y` of "simultaneously") makes a search over a whole buffer cost
    /// little more than reading it.
    func firstIndex(of literal: StaticString, anchor: Int, from: Int, to: Int) -> Int? {
        firstIndex(of: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount),
                   anchor: anchor, from: from, to: to)
    }

    /// The first index in `from..<to` where `needle` starts, or `nil`.
    func firstIndex(of needle: UnsafeBufferPointer<UInt8>, anchor: Int = 0, from: Int, to: Int) -> Int? {
        let length = needle.count
        guard length > 0, from >= 0, to - from >= length, let bytes = needle.baseAddress else { return nil }
        let last = to - length
        var search = from + anchor
        while search <= last + anchor, let candidate = firstIndex(of: bytes[anchor], from: search, to: last + anchor + 1) {
            // The first byte, compared in place, turns most candidates away without a call.
            if base[candidate - anchor] == bytes[0], memcmp(base + candidate - anchor, bytes, length) == 0 {
                return candidate - anchor
            }
            search = candidate + 1
        }
        return nil
    }

    /// The last index in `from..<to` holding `byte`, or `nil`.
    func lastIndex(of byte: UInt8, from: Int, to: Int) -> Int? {
        var index = to - 1
        while index >= from {
            if base[index] == byte { return index }
            index -= 1
        }
        return nil
    }

    /// The bytes `from..<to` as a string (invalid UTF-8 becomes U+FFFD).
    func string(_ from: Int, _ to: Int) -> String {
        guard from < to else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base + from, count: to - from), as: UTF8.self)
    }

    /// `from..<to` without leading and trailing spaces and tabs.
    func trimmed(_ from: Int, _ to: Int) -> (Int, Int) {
        var start = from, end = to
        while start < end, ByteClass.isBlank(base[start]) { start += 1 }
        while end > start, ByteClass.isBlank(base[end - 1]) { end -= 1 }
        return (start, end)
    }
}
