// MARK: - IsaClassCheck: the class's name, read before the runtime reads it

/// The words `class_getName` reads, in objc4's 64-bit layout (`runtime/objc-runtime-new.h` of
/// objc4-818.2, iOS 14 and macOS 11, unchanged in objc4-951.1):
///
/// - `objc_class`: `isa` at 0, `superclass` at 8, `cache_t` (two words) at 16, and `bits` at 32:
///   the class's data pointer under `FAST_DATA_MASK`, with flags in the bits around it
///   (`FAST_IS_SWIFT_LEGACY`/`STABLE` in bits 0 and 1; `FAST_IS_RW_POINTER`, bit 63, from
///   objc4-866).
/// - The data is a `class_rw_t` once the class is realized or is a future class
///   (`RW_REALIZED`, bit 31, or `RW_FUTURE`, bit 30, of the `uint32_t flags` at 0: the test
///   objc4's `demangledName` makes); before that it is the compiler's `class_ro_t` itself,
///   whose flags never have those bits ("must never be set by compiler").
/// - `class_rw_t.ro_or_rw_ext` at 8: a `class_ro_t`, or with bit 0 set a `class_rw_ext_t`,
///   whose `ro` is at 0.
/// - `class_ro_t.name` at 24 (after four `uint32_t`s and the ivar layout): the class's name, a
///   C string; `NULL` for a Swift class named lazily, which `class_getName` asks the Swift
///   runtime to name (`installMangledNameForLazilyNamedClass`).
extension IsaClassCheck {
    /// objc4's LP64 `FAST_DATA_MASK` (objc4-818.2): the data pointer's bits of `bits`. Later
    /// runtimes keep more bits in their masks (tag bits 56–59); this one strips them with the
    /// flags, which only makes a class refused where a tagged data pointer cannot be read.
    static let dataMask: UInt = 0x0000_7fff_ffff_fff8
    static let bitsOffset: UInt = 32
    static let realizedOrFuture: UInt = 1 << 31 | 1 << 30
    static let swiftClassBits: UInt = 0b11
    static let roOrExtOffset: UInt = 8
    static let nameOffset: UInt = 24
    /// Longer than any class name an app declares; a name with no end within it is refused.
    static let longestName = 4096

    /// Step 2: the words from `candidate` to its name's text can all be read, so
    /// `class_getName` finds a name where it looks, or (a lazily named Swift class) asks the
    /// Swift runtime, as objc4 does only for a class marked Swift.
    func hasReadableName(_ candidate: UInt) -> Bool {
        guard let bits = readWord(candidate + Self.bitsOffset),
              let ro = classReadOnlyData(bits & Self.dataMask),
              let name = alignedWord(at: ro + Self.nameOffset) else { return false }
        if name == 0 { return bits & Self.swiftClassBits != 0 }
        return hasTerminatedText(at: name)
    }

    /// The `class_ro_t` the class data at `data` leads to, or `nil` when a word on the way
    /// cannot be read.
    private func classReadOnlyData(_ data: UInt) -> UInt? {
        guard let flags = alignedWord(at: data) else { return nil }
        guard UInt(UInt32(truncatingIfNeeded: flags)) & Self.realizedOrFuture != 0 else { return data }
        guard let roOrExt = alignedWord(at: data + Self.roOrExtOffset) else { return nil }
        guard roOrExt & 1 == 1 else { return roOrExt }
        return alignedWord(at: roOrExt & ~1)
    }

    /// The word at a non-null, word-aligned `address`, as objc4's structures are.
    private func alignedWord(at address: UInt) -> UInt? {
        let size = UInt(MemoryLayout<UInt>.size)
        guard address != 0, address % size == 0 else { return nil }
        return readWord(address)
    }

    /// Whether C text at `address` ends (a 0 byte) within `longestName` bytes, every word of
    /// it readable. Words are read aligned, so the read never strays onto a page the text
    /// does not reach.
    private func hasTerminatedText(at address: UInt) -> Bool {
        let size = UInt(MemoryLayout<UInt>.size)
        var word = address - address % size
        var skipped = Int(address - word)
        while word < address + UInt(Self.longestName) {
            guard let value = readWord(word) else { return false }
            for byte in skipped..<Int(size) where (value >> UInt(byte * 8)) & 0xFF == 0 { return true }
            skipped = 0
            word += size
        }
        return false
    }
}
