import Foundation

// MARK: - Nametags

/// Names a user gave objects in the debugger (`lname`), shown in every report
/// in place of the class: `<HeaderView:0x…>`.
///
/// Keyed by address, but each entry also holds the object weakly: when an
/// object dies and a new one is allocated at the same address, the stale name
/// must not follow the address to the newcomer.
///
/// An object that refuses weak references (AppKit's `NSTextView`) would abort the
/// process if held weakly. Its entry keeps the object's class instead, so a
/// newcomer of another class at its address is not named; one of the same class
/// would be.
enum Nametags {
    private final class Entry {
        weak var object: AnyObject?
        let objectClass: ObjectIdentifier
        let holdsWeakly: Bool
        let name: String

        init(_ object: AnyObject, _ name: String, holdsWeakly: Bool) {
            self.holdsWeakly = holdsWeakly
            if holdsWeakly { self.object = object }
            self.objectClass = ObjectIdentifier(type(of: object))
            self.name = name
        }

        /// Whether this entry still names `candidate`, which lives at the entry's address.
        func names(_ candidate: AnyObject) -> Bool {
            holdsWeakly ? object === candidate : ObjectIdentifier(type(of: candidate)) == objectClass
        }
    }

    private static let lock = NSLock()
    // Guarded by `lock`; the debugger and the in-app monitor may call from any thread.
    nonisolated(unsafe) private static var entries: [UInt: Entry] = [:]

    /// Sets `name` on `object`; an empty name clears it.
    ///
    /// - Parameters:
    ///   - name: The nametag.
    ///   - object: The object to name.
    static func set(_ name: String, for object: AnyObject) {
        set(name, for: object, holdingWeakly: WeakReferences.allowed(for: object))
    }

    /// `set(_:for:)` with the weak-reference question answered (tests answer it as an
    /// `NSTextView` would).
    static func set(_ name: String, for object: AnyObject, holdingWeakly: Bool) {
        let key = address(of: object)
        lock.lock()
        defer { lock.unlock() }
        entries[key] = name.isEmpty ? nil : Entry(object, name, holdsWeakly: holdingWeakly)
    }

    /// Whether any object has a nametag: a report asks once, and skips the
    /// lock for each of its thousands of objects when none has.
    static var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return entries.isEmpty
    }

    /// The nametag of `object`, or `nil`.
    static func name(for object: AnyObject) -> String? {
        let key = address(of: object)
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[key] else { return nil }
        guard entry.names(object) else {
            entries[key] = nil  // the named object died; its address was reused
            return nil
        }
        return entry.name
    }

    /// Removes every nametag (tests, and a fresh debugging session).
    static func removeAll() {
        lock.lock()
        entries.removeAll()
        lock.unlock()
    }

    /// The address reports print for `object`.
    static func address(of object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }
}
