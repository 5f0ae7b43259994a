// MARK: - IsaClassCheck

/// Whether an object's first word names a class, asked of that one class only.
///
/// Listing every class instead (`objc_copyClassList`) makes the runtime realize every class of
/// every loaded image, and realizing a Swift class gated by `@available` whose stored
/// properties hold types of a newer OS crashes the app (RevenueCat/purchases-ios#3139,
/// swiftlang/swift#61215). So only the candidate is checked, in two steps that touch nothing
/// else:
///
/// 1. The shape every class has: its `isa` is its metaclass, whose `isa` is the root
///    metaclass, whose `isa` is itself (objc4's `objc_class`; LLDB's Objective-C runtime
///    plug-in checks a class descriptor the same way). Each word is read with `readWord`,
///    which answers `nil` for memory nothing is mapped at, so a wild pointer is refused, never
///    followed.
/// 2. Its name is there to read: the words `class_getName` follows, from the class to its
///    name's text, are read with `readWord` first (`hasReadableName`, objc4's layout). The shape
///    alone lets through a block whose first word points at an *instance* of a root class (the
///    instance's `isa` is the root class, whose `isa` is the root metaclass), and
///    `class_getName` on that instance would read 32 bytes into a 16-byte object and follow
///    whatever lies there.
/// 3. The runtime knows it by its own name: `objc_lookUpClass(class_getName(candidate))` is
///    the candidate (`isRegisteredClass`). A freed class, or a block that only looks like one,
///    is refused.
///
/// Plain logic over the three questions, so it is tested on Linux with hand-made memory.
struct IsaClassCheck: Sendable {
    /// The bits of an `isa` that may hold the class pointer (objc4's `ISA_MASK`, which differs
    /// between devices, simulators, Macs and pointer-authenticated arm64e). A mask that is wrong
    /// for this platform only makes a valid address be refused, never a bad one accepted,
    /// because the masked value must still pass both steps.
    let isaMasks: [UInt]
    /// The pointer-sized word at an address, or `nil` when it cannot be read.
    let readWord: @Sendable (UInt) -> UInt?
    /// Whether the runtime, asked by the class's own name, answers with this class pointer.
    let isRegisteredClass: @Sendable (UInt) -> Bool

    /// The class an object's first word names, or `nil` when it names none.
    func classPointer(ofIsa isa: UInt) -> UInt? {
        for mask in isaMasks {
            let candidate = isa & mask
            if hasClassShape(candidate, mask: mask), hasReadableName(candidate),
               isRegisteredClass(candidate) { return candidate }
        }
        return nil
    }

    /// Step 1: class → metaclass → root metaclass → the root metaclass again.
    func hasClassShape(_ candidate: UInt, mask: UInt) -> Bool {
        guard let metaclass = isaTarget(of: candidate, mask: mask),
              let rootMetaclass = isaTarget(of: metaclass, mask: mask) else { return false }
        return isaTarget(of: rootMetaclass, mask: mask) == rootMetaclass
    }

    /// Where the `isa` of the (aligned, non-null) structure at `pointer` points, masked.
    private func isaTarget(of pointer: UInt, mask: UInt) -> UInt? {
        guard pointer != 0, pointer % UInt(MemoryLayout<UInt>.alignment) == 0,
              let word = readWord(pointer) else { return nil }
        let target = word & mask
        return target == 0 ? nil : target
    }
}
