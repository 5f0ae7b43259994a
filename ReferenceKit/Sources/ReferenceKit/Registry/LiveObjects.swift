import Foundation

// MARK: - LiveObjects

/// A thread-safe registry of every live ReferenceKit object: views, layout
/// guides, constraints, view controllers, windows and conflict lists.
///
/// Each object registers itself when it is made and leaves when it is freed.
/// The injected debugging library uses it to check that a raw address from a
/// debugger names a live object before touching it. The registry holds its
/// objects weakly, so it never keeps one alive.
public enum LiveObjects {
    /// A weak slot; the object may be freed while its entry still exists.
    private final class WeakBox {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var boxes: [UInt: WeakBox] = [:]

    /// The live object at `address`, or `nil` when no registered object lives there.
    ///
    /// - Parameter address: the object's address, as a debugger prints it.
    /// - Returns: the object, retained for the caller, or `nil`.
    /// - Complexity: O(1).
    public static func object(at address: UInt) -> AnyObject? {
        lock.lock()
        defer { lock.unlock() }
        return boxes[address]?.object
    }

    /// Adds `object` to the registry under its own address.
    static func register(_ object: AnyObject) {
        let address = address(of: object)
        lock.lock()
        boxes[address] = WeakBox(object)
        lock.unlock()
    }

    /// Removes the entry at `address`; called from `deinit`.
    static func unregister(_ address: UInt) {
        lock.lock()
        boxes[address] = nil
        lock.unlock()
    }

    /// The address of `object`, as `0x…` descriptions print it.
    static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }
}
