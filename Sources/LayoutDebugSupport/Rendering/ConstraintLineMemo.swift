// MARK: - ConstraintLineMemo

/// Remembers each constraint's `@1000 <stringValue>` line for one report.
///
/// A descent report prints every constraint twice: in its owner's list and in
/// the ancestors section of each view it names. Formatting a line costs a few
/// dozen small appends; looking it up costs one hash and one copy. The lines
/// live end to end in one byte array, so remembering one allocates nothing.
/// Constraints without an address (from logs) are formatted every time.
final class ConstraintLineMemo {
    private var text = TextWriter(capacity: 64 * 1024)
    private var lines: [UInt64: Range<Int>]

    /// A memo with room for about `expected` constraints before it grows.
    init(expected: Int = 256) {
        lines = Dictionary(minimumCapacity: expected)
    }

    /// Appends `ConstraintFormatter.line(c)` to `out`, formatting it only the first time.
    func writeLine(_ c: ConstraintSnapshot, into out: inout TextWriter) {
        guard let address = c.address else {
            ConstraintFormatter.writeLine(c, into: &out)
            return
        }
        if writeKnownLine(address, into: &out) { return }
        let start = text.count
        ConstraintFormatter.writeLine(c, into: &text)
        lines[address] = start..<text.count
        out.write(text, from: start, length: text.count - start)
    }

    /// Appends the line already formatted for the constraint at `address`.
    ///
    /// - Returns: `false` when there is none yet.
    func writeKnownLine(_ address: UInt64, into out: inout TextWriter) -> Bool {
        guard let known = lines[address] else { return false }
        out.write(text, from: known.lowerBound, length: known.count)
        return true
    }
}
