import Foundation

// MARK: - LiveObjects

/// A thread-safe registry of every live ReferenceKit object: views, layout
/// guides, constraints, view controllers, windows and conflict lists.
///
/// Each object registers itself when it is made and leaves when it is freed.
/// The injected debugging library uses it to check that a raw address from a
/// debugger names a live object before touching it. The registry never keeps
/// an object alive.
public enum LiveObjects {
    // The registry holds addresses, not weak references: a Swift weak
    // reference gives its object a side table for good, and every retain and
    // release of that object then takes the runtime's slow path. UIKit's
    // objects pay nothing like it, and a report touches thousands of them.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var addresses: Set<UInt> = []

    /// The live object at `address`, or `nil` when no registered object lives there.
    ///
    /// - Parameter address: the object's address, as a debugger prints it.
    /// - Returns: the object, retained for the caller, or `nil` (also for an
    ///   object whose last reference is gone and whose `deinit` has not yet
    ///   left the registry).
    /// - Complexity: O(1).
    public static func object(at address: UInt) -> AnyObject? {
        lock.lock()
        defer { lock.unlock() }
        // An object leaves the registry from its deinit, under this lock, so
        // while the address is here its memory is still allocated. Its count
        // may already be zero, though (its deinit waits for the lock): the
        // runtime's conditional retain, the one weak loads use, refuses those.
        guard addresses.contains(address), let pointer = UnsafeMutableRawPointer(bitPattern: address),
              swiftTryRetain(pointer) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(pointer).takeRetainedValue()
    }

    /// Adds `object` to the registry under its own address.
    static func register(_ object: AnyObject) {
        let address = address(of: object)
        lock.lock()
        addresses.insert(address)
        lock.unlock()
    }

    /// Removes the entry at `address`; called from `deinit`.
    static func unregister(_ address: UInt) {
        lock.lock()
        addresses.remove(address)
        lock.unlock()
    }

    /// The address of `object`, as `0x…` descriptions print it.
    static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }
}

/// The Swift runtime's `swift_tryRetain`, which loading a weak reference
/// uses: it retains a native object and returns it, unless the object's deinit
/// has begun, when it returns null. Looked up by name and called as the C
/// function it is, since Swift code may not declare runtime entry points.
private let tryRetain: TryRetain? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "swift_tryRetain")
    .map { unsafeBitCast($0, to: TryRetain.self) }

private typealias TryRetain = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

/// Retains the object at `pointer` if its deinit has not begun, and says
/// whether it did. Without the runtime function (every dynamically linked
/// Linux Swift runtime exports it) nothing is found: an unconditional retain
/// could hand out an object whose deinit has begun.
private func swiftTryRetain(_ pointer: UnsafeMutableRawPointer) -> Bool {
    guard let tryRetain else { return false }
    return tryRetain(pointer) != nil
}
