// MARK: - SignatureKey

/// A signature as a table key, hashed with `StreamHasher` rather than the
/// standard library's `Hasher`, which costs several times more on texts of
/// hundreds of bytes (a summary looks up thousands). Two keys are equal
/// only when their signatures are.
public struct SignatureKey: Hashable {
    /// The signature.
    public let signature: String
    /// Its hash (`StreamHasher`, or the standard hash for non-ASCII text).
    public let digest: UInt64

    /// The key of `signature`.
    public init(_ signature: String) {
        self.signature = signature
        var text = signature
        digest = text.withUTF8 { bytes in
            // `==` on strings is canonical equivalence, so two spellings of
            // one accented letter are one signature: only an ASCII text's
            // bytes are its equality, and the rest keep the standard hash.
            guard let base = bytes.baseAddress, ASCIIBytes.isASCII(bytes) else {
                return UInt64(bitPattern: Int64(signature.hashValue))
            }
            var hasher = StreamHasher()
            hasher.add(base, count: bytes.count)
            return hasher.digest
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// What a table places a key by: the digest, already a well-mixed hash,
    /// with the table's seed, rather than SipHash run over it again
    /// (`Hashable`'s hidden requirement; see `ConflictShapeCache.Key`).
    public func _rawHashValue(seed: Int) -> Int { Int(truncatingIfNeeded: digest) ^ seed }

    public static func == (a: SignatureKey, b: SignatureKey) -> Bool { a.digest == b.digest && a.signature == b.signature }
}

/// A parser's shape id as a table key. Ids are numbered from 1 up, so each
/// is its own hash: with the table's seed they fill its buckets one by one,
/// and no SipHash runs per conflict.
public struct ShapeID: Hashable {
    /// The parser's id (`ParsedConflict.shape`).
    public let value: Int

    /// The key of the parser's shape id `value`.
    public init(value: Int) { self.value = value }

    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    public func _rawHashValue(seed: Int) -> Int { value ^ seed }
}
