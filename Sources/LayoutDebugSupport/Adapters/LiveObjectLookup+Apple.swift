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
/// 2. the block's first word, masked, is a class the runtime knows, asking about that class
///    alone (`IsaClassCheck`: listing every class would realize them all, which crashes apps
///    with `@available`-gated Swift classes), and only once the words leading to its name
///    have been read without the runtime;
/// 3. only then is the pointer treated as an object (callers then `isKind`).
enum LiveObjectLookup {
    /// The object at `address`, or `nil` when it is not a heap Objective-C object.
    static func object(at address: UInt) -> AnyObject? {
        // Objects are 16-byte aligned heap blocks; tagged pointers are never views.
        guard address != 0, address % 16 == 0, let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        guard malloc_zone_from_ptr(pointer) != nil, malloc_size(pointer) >= MemoryLayout<UInt>.size * 2 else {
            return nil
        }
        guard isaCheck.classPointer(ofIsa: pointer.load(as: UInt.self)) != nil else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The constraints in the `NSArray` the conflict breakpoint passes as `$arg2`.
    static func constraintList(at address: UInt) -> [AnyObject]? {
        guard let array = object(at: address) as? NSArray else { return nil }
        return array.map { $0 as AnyObject }
    }

    // MARK: - Classes

    /// objc4's `ISA_MASK` values for this architecture (see `IsaClassCheck.isaMasks`).
    private static var isaMasks: [UInt] {
        #if arch(arm64)
        return [0x0000_000f_ffff_fff8, 0x0000_7fff_ffff_fff8, 0x007f_ffff_ffff_fff8]
        #else
        return [0x0000_7fff_ffff_fff8]
        #endif
    }

    /// The check, with the process's own memory and runtime behind its two questions.
    private static let isaCheck = IsaClassCheck(isaMasks: isaMasks, readWord: readWord(at:),
                                                  isRegisteredClass: isRegisteredClass)

    /// The word at `address`, read by the kernel: unmapped memory gives an error, not a crash.
    private static func readWord(at address: UInt) -> UInt? {
        var word: UInt = 0
        var copied: vm_size_t = 0
        let size = vm_size_t(MemoryLayout<UInt>.size)
        let status = withUnsafeMutablePointer(to: &word) { destination in
            vm_read_overwrite(mach_task_self_, vm_address_t(address), size,
                              vm_address_t(UInt(bitPattern: destination)), &copied)
        }
        return status == KERN_SUCCESS && copied == size ? word : nil
    }

    // The two runtime calls, taken as C function pointers over raw addresses: a `Class` passed
    // through Swift's `AnyClass` is converted to and from a metatype, which for a pure
    // Objective-C class is a wrapper, not the pointer an `isa` holds.
    private typealias ClassName = @convention(c) (UnsafeRawPointer) -> UnsafePointer<CChar>?
    private typealias LookUpClass = @convention(c) (UnsafePointer<CChar>) -> UnsafeRawPointer?

    /// Whether the runtime, asked by the class's own name, answers with this very class.
    /// Called only on a pointer with a class's shape whose name words were read
    /// (`IsaClassCheck.hasReadableName`), so `class_getName` reads only what was read before.
    private static func isRegisteredClass(_ candidate: UInt) -> Bool {
        let getName: @convention(c) (AnyClass?) -> UnsafePointer<CChar> = class_getName
        let lookUp: @convention(c) (UnsafePointer<CChar>) -> AnyClass? = objc_lookUpClass
        guard let pointer = UnsafeRawPointer(bitPattern: candidate),
              let name = unsafeBitCast(getName, to: ClassName.self)(pointer),
              let found = unsafeBitCast(lookUp, to: LookUpClass.self)(name) else { return false }
        return UInt(bitPattern: found) == candidate
    }

    /// The class pointer of `object` as the runtime stores it in an `isa`: `object_getClass`
    /// bridged back to an object, which unwraps Swift's metatype wrapper for Objective-C
    /// classes. Used to check `isaCheck` against the runtime's own answer.
    static func classPointer(of object: AnyObject) -> UInt? {
        guard let cls = object_getClass(object) else { return nil }
        return UInt(bitPattern: Unmanaged.passUnretained(cls as AnyObject).toOpaque())
    }

    /// Why lookups would fail whatever the address, or `nil`: the check must find the class of
    /// a fresh `NSObject` from its `isa`, else the masks or the reads are wrong for this
    /// platform and every object would be refused. `lds_version` (what `lload` prints) reports it.
    static var selfCheckProblem: String? {
        let object = NSObject()
        let isa = Unmanaged.passUnretained(object).toOpaque().load(as: UInt.self)
        guard let expected = classPointer(of: object), isaCheck.classPointer(ofIsa: isa) == expected else {
            return "NSObject's isa does not check as its class, so every address will be refused"
        }
        return nil
    }
}
#endif
