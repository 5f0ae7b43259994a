#if canImport(ObjectiveC) && canImport(Darwin) && (canImport(UIKit) || canImport(AppKit))
import Darwin
import Foundation
import ObjectiveC

// MARK: - Validating addresses on Apple platforms

/// Turns a raw address from the debugger into an object, but only after the
/// checks object explorers make, so a wrong address reports an error instead
/// of crashing the app being debugged:
///
/// 1. the address is the start of a live malloc block (`malloc_zone_from_ptr`)
///    big enough for an object header;
/// 2. the block's first word, masked, is a class the runtime knows;
/// 3. only then is the pointer treated as an object (callers then `isKind`).
enum LiveObjectLookup {
    /// The object at `address`, or `nil` when it is not a heap Objective-C object.
    static func object(at address: UInt) -> AnyObject? {
        // Objects are 16-byte aligned heap blocks; tagged pointers are never views.
        guard address != 0, address % 16 == 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        guard malloc_zone_from_ptr(pointer) != nil, malloc_size(pointer) >= MemoryLayout<UInt>.size * 2 else {
            return nil
        }
        let isa = pointer.load(as: UInt.self)
        let classes = knownClasses()
        guard isaMasks.contains(where: { classes.contains(isa & $0) }) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The constraints in the `NSArray` the conflict breakpoint passes as `$arg2`.
    static func constraintList(at address: UInt) -> [AnyObject]? {
        guard let array = object(at: address) as? NSArray else { return nil }
        return array.map { $0 as AnyObject }
    }

    // MARK: - Classes

    /// The bits of an `isa` that may hold the class pointer (objc4's
    /// `ISA_MASK`, which differs between devices, simulators, Macs and
    /// pointer-authenticated arm64e). A mask that is wrong for this platform
    /// only makes a valid address be refused, never a bad one accepted,
    /// because the masked value must still be a class the runtime knows.
    private static var isaMasks: [UInt] {
        #if arch(arm64)
        return [0x0000_000f_ffff_fff8, 0x0000_7fff_ffff_fff8, 0x007f_ffff_ffff_fff8]
        #else
        return [0x0000_7fff_ffff_fff8]
        #endif
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var classes: Set<UInt> = []
    nonisolated(unsafe) private static var classCount: UInt32 = 0

    /// Every class pointer the runtime has registered, refreshed when classes
    /// were added (a bundle loaded) since the last look.
    private static func knownClasses() -> Set<UInt> {
        lock.lock()
        defer { lock.unlock() }
        var count: UInt32 = 0
        guard let list = objc_copyClassList(&count) else { return classes }
        defer { free(UnsafeMutableRawPointer(list)) }
        if count != classCount {
            classes = Set((0..<Int(count)).map { UInt(bitPattern: ObjectIdentifier(list[$0])) })
            classCount = count
        }
        return classes
    }
}
#endif
