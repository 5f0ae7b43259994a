// MARK: - ASCIIBytes

/// Whether a text is ASCII, for the summary's hot paths.
///
/// `String`'s `==` works on canonical equivalence, which on ASCII text comes
/// down to its bytes. A summary hashes thousands of signatures hundreds of
/// bytes long, and the triage searches thousands of class names, so they
/// check for ASCII (eight bytes at a time) and work on the bytes, keeping
/// `String`'s own operations for any other text.
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
    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isASCII) ?? text.utf8.allSatisfy { $0 < 0x80 }
    }
}
