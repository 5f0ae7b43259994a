#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Info group and names

extension ConstraintTextParser {
    /// Reads the trailing `(active)`, `(inactive)`, `(active, names: …)` or
    /// `(Names: …)` group, records what it says, and returns where the body
    /// ends (the group's `(`, or `close` when there is none).
    mutating func readInfo(_ start: Int, _ close: Int,
                           _ snapshot: inout ConstraintSnapshot) throws(ConstraintParseError) -> Int {
        var open: Int?
        for marker in [Self.activeMarker, Self.inactiveMarker, Self.namesMarker, Self.lowerNamesMarker] {
            if let found = text.firstIndex(of: marker, from: start, to: open ?? close) { open = found }
        }
        guard let open else { return close }
        guard let shut = text.lastIndex(of: UInt8(ascii: ")"), from: open, to: close) else {
            throw fail("unterminated '(active…' group", open - start)
        }
        var cursor = open + 1
        if text.has("active", at: cursor) {
            snapshot.isActive = true
            cursor += 6
        } else if text.has("inactive", at: cursor) {
            snapshot.isActive = false
            cursor += 8
        }
        cursor = skipBlanks(cursor, shut)
        if cursor < shut, text[cursor] == UInt8(ascii: ",") { cursor = skipBlanks(cursor + 1, shut) }
        if text.has("names:", at: cursor) || text.has("Names:", at: cursor) {
            try readNames(cursor + 6, shut)
        }
        return open
    }

    private static let activeMarker: StaticString = "(active"
    private static let inactiveMarker: StaticString = "(inactive"
    private static let namesMarker: StaticString = "(Names:"
    private static let lowerNamesMarker: StaticString = "(names:"

    /// `'|':UIView:0x…, title Label:0x…, Cedar3View:0x…`: each entry is a key
    /// (quoted, or running up to `:0x`) and the object it names.
    mutating func readNames(_ start: Int, _ end: Int) throws(ConstraintParseError) {
        var cursor = start
        while true {
            while cursor < end, ByteClass.isBlank(text[cursor]) || text[cursor] == UInt8(ascii: ",") { cursor += 1 }
            guard cursor < end else { return }
            if text[cursor] == UInt8(ascii: "'") {
                guard let quote = text.firstIndex(of: "':", from: cursor + 1, to: end) else {
                    throw fail("unterminated quoted name", cursor - start)
                }
                let object = try readObject(quote + 2, end) { self.endsNameEntry($0, end) }
                names.append(NameEntry(keyStart: cursor + 1, keyEnd: quote, reference: object.reference))
                cursor = object.next
            } else {
                guard let entry = unquotedNameEntry(cursor, end) else {
                    throw fail("unreadable names: entry", cursor - start)
                }
                names.append(entry.entry)
                cursor = entry.next
            }
        }
    }

    /// `key:0xADDR['title']`, where the key may hold spaces, dots and colons.
    private func unquotedNameEntry(_ start: Int, _ end: Int) -> (entry: NameEntry, next: Int)? {
        var search = start
        while let colon = text.firstIndex(of: ":0x", from: search, to: end) {
            search = colon + 1
            guard colon > start, let hex = text.hexAddress(at: colon + 1, end: end) else { continue }
            var next = hex.next
            if next < end, text[next] == UInt8(ascii: "'") {
                guard let close = titleEnd(next + 1, end, { self.endsNameEntry($0, end) }) else { continue }
                next = close + 1
            }
            guard endsNameEntry(next, end) else { continue }
            let key = interner.string(text, start, colon)
            let reference = ObjectReference(className: key, address: hex.value, name: key)
            return (NameEntry(keyStart: start, keyEnd: colon, reference: reference), next)
        }
        return nil
    }

    private func endsNameEntry(_ index: Int, _ end: Int) -> Bool {
        index >= end || text[index] == UInt8(ascii: ",") || ByteClass.isBlank(text[index])
    }

    // MARK: - Objects

    /// `Class:0xADDR['title']`. The title may hold quotes, colons and spaces,
    /// so it ends at the first `'` after which `isEnd` holds.
    func readObject(_ start: Int, _ end: Int,
                    isEnd: (Int) -> Bool) throws(ConstraintParseError) -> (reference: ObjectReference, next: Int) {
        var cursor = start
        let wrapped = cursor < end && text[cursor] == UInt8(ascii: "<")
        if wrapped { cursor += 1 }
        let classStart = cursor
        while cursor < end, ByteClass.isClassName(text[cursor]) { cursor += 1 }
        guard cursor > classStart, cursor < end, text[cursor] == UInt8(ascii: ":") else {
            throw fail("expected Class:0xADDRESS", start)
        }
        var className = interner.string(text, classStart, cursor)
        // A Swift class's runtime name (`_TtC3App10HeaderView`) reads as the live reports write it.
        if text[classStart] == UInt8(ascii: "_"), let readable = MangledClassName.demangle(className) {
            className = readable.hasPrefix("SwiftUI.") ? HostingViewNames.readable(readable) : readable
        } else if text[classStart] == UInt8(ascii: "N"), className.hasPrefix("NSKVONotifying_") {
            className = HostingViewNames.readable(className)
        }
        cursor += 1
        if cursor < end, text[cursor] == UInt8(ascii: " ") { cursor += 1 }
        guard let hex = text.hexAddress(at: cursor, end: end) else {
            throw fail("expected an address after '\(className):'", cursor)
        }
        cursor = hex.next
        var title: String?
        if wrapped {
            // `<UILabel:0x…'Welcome back'>`: the title runs to the quote before the `>`.
            if cursor < end, text[cursor] == UInt8(ascii: "'"),
               let close = titleEnd(cursor + 1, end, { $0 < end && self.text[$0] == UInt8(ascii: ">") }) {
                title = interner.string(text, cursor + 1, close)
                cursor = close + 1
            }
            guard cursor < end, text[cursor] == UInt8(ascii: ">") else { throw fail("expected '>'", cursor) }
            cursor += 1
        } else if cursor < end, text[cursor] == UInt8(ascii: "'"), let close = titleEnd(cursor + 1, end, isEnd) {
            title = interner.string(text, cursor + 1, close)
            cursor = close + 1
        }
        return (ObjectReference(className: className, address: hex.value, title: title), cursor)
    }

    /// The index of the quote closing a title that starts at `start`.
    func titleEnd(_ start: Int, _ end: Int, _ isEnd: (Int) -> Bool) -> Int? {
        var search = start
        while let quote = text.firstIndex(of: UInt8(ascii: "'"), from: search, to: end) {
            if isEnd(quote + 1) { return quote }
            search = quote + 1
        }
        return nil
    }

    /// The longest `names:` key spelled at `start` after which `isEnd` holds.
    ///
    /// Two views may share a name (`Grove1View...` twice): the list names them
    /// in the order the body uses them, so the n-th use of a key takes the
    /// n-th entry with that key.
    func matchName(_ start: Int, _ end: Int, isEnd: (Int) -> Bool) -> (reference: ObjectReference, next: Int)? {
        var best: (index: Int, length: Int)?
        for (index, entry) in names.enumerated() {
            let length = entry.keyEnd - entry.keyStart
            guard start + length <= end, length > (best?.length ?? 0) else { continue }
            guard memcmp(text.base + start, text.base + entry.keyStart, length) == 0, isEnd(start + length) else {
                continue
            }
            best = (index, length)
        }
        guard let best else { return nil }
        let key = names[best.index]
        let sameKey = names.indices.filter { index in
            let other = names[index]
            return other.keyEnd - other.keyStart == best.length
                && memcmp(text.base + other.keyStart, text.base + key.keyStart, best.length) == 0
        }
        var chosen = best.index
        if sameKey.count > 1 {
            let uses = nameUses.count(of: key.keyStart)
            chosen = sameKey[min(uses, sameKey.count - 1)]
            nameUses.record(key.keyStart)
        }
        var reference = names[chosen].reference
        if text[key.keyStart] != UInt8(ascii: "|"), reference.name == nil {
            reference.name = interner.string(text, key.keyStart, key.keyEnd)
        }
        return (reference, start + best.length)
    }

    /// The `|` of a visual-format body: the superview, from `names:` when listed.
    func superview() -> ObjectReference {
        namedSuperview() ?? ObjectReference(className: "superview")
    }

    /// The superview `names:` lists as `'|'`, or `nil`. An equation body
    /// never prints `|`, yet UIKit lists it for a position set by a number
    /// (`minX == 0`), which is measured from it.
    func namedSuperview() -> ObjectReference? {
        for entry in names where entry.keyEnd - entry.keyStart == 1 && text[entry.keyStart] == UInt8(ascii: "|") {
            return entry.reference
        }
        return nil
    }
}

/// How often each shared `names:` key has been used in one constraint.
final class NameUses {
    private var keys: [Int] = []

    /// How many times the key starting at `keyStart` was used.
    func count(of keyStart: Int) -> Int { keys.lazy.filter { $0 == keyStart }.count }

    /// Records one more use of the key starting at `keyStart`.
    func record(_ keyStart: Int) { keys.append(keyStart) }

    /// Forgets every use, before the body is read again from its start.
    func reset() { keys.removeAll(keepingCapacity: true) }
}
