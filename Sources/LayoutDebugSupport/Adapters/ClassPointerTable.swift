// MARK: - ClassPointerTable

/// The class pointers the Objective-C runtime registered, read as raw words, and the question
/// object checks ask of them: is this `isa` one of those classes?
///
/// The words are read straight from `objc_copyClassList`'s buffer. Reading each entry as
/// `AnyClass` instead and taking `ObjectIdentifier` of it goes through Swift's metatype
/// conversion, which for a pure Objective-C class (`UIView`, `NSLayoutConstraint`,
/// `__NSArrayI`) yields a Swift wrapper's address, not the class pointer an `isa` holds: then
/// every object would be refused.
struct ClassPointerTable {
    private var pointers: Set<UInt> = []

    /// The bits of an `isa` that may hold the class pointer (objc4's `ISA_MASK`, which differs
    /// between devices, simulators, Macs and pointer-authenticated arm64e). A mask that is wrong
    /// for this platform only makes a valid address be refused, never a bad one accepted,
    /// because the masked value must still be a registered class.
    let isaMasks: [UInt]

    /// An empty table: every `isa` is refused.
    init() { isaMasks = [] }

    /// A table of the `count` pointer-sized words at `words`.
    init(words: UnsafeRawPointer, count: Int, isaMasks: [UInt]) {
        self.isaMasks = isaMasks
        pointers.reserveCapacity(count)
        for index in 0..<count {
            pointers.insert(words.load(fromByteOffset: index * MemoryLayout<UInt>.stride, as: UInt.self))
        }
    }

    /// How many classes the table holds.
    var count: Int { pointers.count }

    /// Whether `pointer` is a registered class, as `object_getClass` returns it.
    func contains(classPointer pointer: UInt) -> Bool { pointers.contains(pointer) }

    /// Whether an object's first word, under one of the masks, is a registered class.
    func contains(isa: UInt) -> Bool {
        isaMasks.contains { pointers.contains(isa & $0) }
    }
}
