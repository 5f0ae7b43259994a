// MARK: - SnapshotJSON.Repeats

extension SnapshotJSON {
    /// What a document has written lately that comes again and again: the
    /// references, by address, copied from where they were written instead of
    /// written anew, and the last class name, which needed no escape.
    ///
    /// A view is named by its own entry and by each constraint it holds or
    /// takes part in: in a descent of a thousand views, nine references in ten
    /// were written a few constraints before. Writing one escapes its class
    /// name and spells its address; copying it is a comparison and a copy of
    /// some fifty bytes.
    ///
    /// One per document: it remembers where in that document's writer each
    /// reference was written.
    struct Repeats {
        /// A reference named by its class and address alone, and where its
        /// JSON lies in the writer. `count` 0 is an empty slot.
        private struct Written {
            var address: UInt64 = 0
            var className = ""
            var offset = 0
            var count = 0
        }

        /// Direct-mapped by address: each slot keeps the last reference written
        /// whose address hashes to it. Sixteen catch nine in ten repeats in the
        /// demo scenarios; more catch hardly more.
        private var slots = [Written](repeating: Written(), count: 16)
        /// The last class name `writeClassName` wrote, when it had nothing to escape.
        private var plainClassName: String?

        /// Writes `r` as `SnapshotJSON.write(_:into:)` does, by copying it when
        /// it was written lately.
        mutating func write(_ r: UnsafePointer<ObjectReference?>, into out: inout TextWriter) {
            // Only a reference with no name, title or property is remembered:
            // nearly every one in a descent, and two such are the same when their
            // addresses and class names are. (Checked against `nil`, the strings
            // are not copied.)
            guard let address = r.pointee?.address, r.pointee?.name == nil, r.pointee?.title == nil,
                  r.pointee?.property == nil, let className = r.pointee?.className else {
                SnapshotJSON.write(r, into: &out)
                return
            }
            // Fibonacci hashing: heap addresses share their low bits.
            let slot = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 60)
            if slots[slot].count > 0, slots[slot].address == address, slots[slot].className == className {
                out.writeAgain(from: slots[slot].offset, count: slots[slot].count)
                return
            }
            let start = out.count
            SnapshotJSON.write(r, into: &out)
            slots[slot] = Written(address: address, className: className, offset: start, count: out.count - start)
        }

        /// Writes a constraint's class name as a JSON string, without looking
        /// for escapes when it is the plain name written last
        /// (`NSLayoutConstraint`, most times).
        mutating func writeClassName(_ className: String, into out: inout TextWriter) {
            if className == plainClassName {
                out.write("\"")
                out.write(className)
                out.write("\"")
            } else if out.writeJSONString(className) {
                plainClassName = className
            }
        }
    }
}
