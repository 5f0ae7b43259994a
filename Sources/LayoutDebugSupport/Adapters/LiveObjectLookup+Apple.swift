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
        guard knownClasses().contains(isa: isa) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The constraints in the `NSArray` the conflict breakpoint passes as `$arg2`.
    static func constraintList(at address: UInt) -> [AnyObject]? {
        guard let array = object(at: address) as? NSArray else { return nil }
        return array.map { $0 as AnyObject }
    }

    // MARK: - Classes

    /// objc4's `ISA_MASK` values for this architecture (see `ClassPointerTable.isaMasks`).
    private static var isaMasks: [UInt] {
        #if arch(arm64)
        return [0x0000_000f_ffff_fff8, 0x0000_7fff_ffff_fff8, 0x007f_ffff_ffff_fff8]
        #else
        return [0x0000_7fff_ffff_fff8]
        #endif
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var table = ClassPointerTable()
    nonisolated(unsafe) private static var classCount: UInt32 = 0

    /// Every class pointer the runtime has registered, refreshed when classes were added (a
    /// bundle loaded) since the last look.
    private static func knownClasses() -> ClassPointerTable {
        lock.lock()
        defer { lock.unlock() }
        var count: UInt32 = 0
        guard let list = objc_copyClassList(&count) else { return table }
        defer { free(UnsafeMutableRawPointer(list)) }
        if count != classCount {
            // The buffer holds `Class` pointers: read them as words, never as `AnyClass`.
            table = ClassPointerTable(words: UnsafeRawPointer(list), count: Int(count), isaMasks: isaMasks)
            classCount = count
        }
        return table
    }

    /// The class pointer of `object` as the runtime stores it in an `isa`: `object_getClass`
    /// bridged back to an object, which unwraps Swift's metatype wrapper for Objective-C
    /// classes. Used to check the table against the runtime's own answer.
    static func classPointer(of object: AnyObject) -> UInt? {
        guard let cls = object_getClass(object) else { return nil }
        return UInt(bitPattern: Unmanaged.passUnretained(cls as AnyObject).toOpaque())
    }

    /// Why lookups would fail whatever the address, or `nil`: the class table must know the
    /// class of a fresh `NSObject`, else it was read wrongly and every object would be refused.
    /// `lds_version` (what `lload` prints) reports it.
    static var selfCheckProblem: String? {
        guard let pointer = classPointer(of: NSObject()), knownClasses().contains(classPointer: pointer) else {
            return "the runtime's class list does not hold NSObject's class pointer, so every address will be refused"
        }
        return nil
    }
}
#endif
