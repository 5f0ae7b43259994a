#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ASCIIBytes

/// Checks and order on a text's UTF-8 bytes, for the summary's hot paths.
///
/// `String`'s `==` and `<` work on canonical equivalence, which on ASCII
/// text comes down to its bytes. A summary compares and hashes thousands of
/// signatures and shapes hundreds of bytes long, so it checks for ASCII
/// (eight bytes at a time) and works on the bytes, keeping `String`'s own
/// operations for any other text.
public enum ASCIIBytes {
    /// Whether every byte is below `0x80`.
    public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var offset = 0
        var high: UInt64 = 0
        while offset + 8 <= raw.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < raw.count {
            high |= UInt64(raw[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether every byte of `text`'s UTF-8 is below `0x80`.
    public static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isASCII) ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `a < b` for two ASCII texts, compared as bytes (`memcmp`, then the
    /// shorter first), which is what `<` gives them.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        let order = a.utf8.withContiguousStorageIfAvailable { a in
            b.utf8.withContiguousStorageIfAvailable { b in
                let common = min(a.count, b.count)
                let compared = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return compared != 0 ? compared < 0 : a.count < b.count
            }
        }
        return (order ?? nil) ?? (a < b)
    }

    /// `texts` sorted as `sorted()` sorts them: by bytes when all are ASCII.
    public static func sorted(_ texts: [String]) -> [String] {
        guard texts.allSatisfy(isASCII) else { return texts.sorted() }
        return texts.sorted(by: precedes)
    }
}
