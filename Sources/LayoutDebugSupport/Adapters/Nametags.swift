import Foundation

// MARK: - Nametags

/// Names a user gave objects in the debugger (`lname`), shown in every report
/// in place of the class: `<HeaderView:0x…>`.
///
/// Keyed by address, but each entry also holds the object weakly: when an
/// object dies and a new one is allocated at the same address, the stale name
/// must not follow the address to the newcomer.
public enum Nametags {
    private final class Entry {
        weak var object: AnyObject?
        let name: String
        init(_ object: AnyObject, _ name: String) { self.object = object; self.name = name }
    }

    private static let lock = NSLock()
    // Guarded by `lock`; the debugger and the in-app monitor may call from any thread.
    nonisolated(unsafe) private static var entries: [UInt: Entry] = [:]

    /// Sets `name` on `object`; an empty name clears it.
    ///
    /// - Parameters:
    ///   - name: The nametag.
    ///   - object: The object to name.
    public static func set(_ name: String, for object: AnyObject) {
        let key = address(of: object)
        lock.lock()
        defer { lock.unlock() }
        entries[key] = name.isEmpty ? nil : Entry(object, name)
    }

    /// Whether any object has a nametag: a report asks once, and skips the
    /// lock for each of its thousands of objects when none has.
    public static var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries.isEmpty
    }

    /// The nametag of `object`, or `nil`.
    public static func name(for object: AnyObject) -> String? {
        let key = address(of: object)
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        guard entry.object === object else {
            entries[key] = nil  // the named object died; its address was reused
            return nil
        }
        return entry.name
    }

    /// Removes every nametag (tests, and a fresh debugging session).
    public static func removeAll() {
        lock.lock()
        entries.removeAll()
        lock.unlock()
    }

    /// The address reports print for `object`.
    static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }
}
