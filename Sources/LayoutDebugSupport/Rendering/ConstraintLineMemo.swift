// MARK: - ConstraintLineMemo

/// Remembers each constraint's `@1000 <stringValue>` line for one report.
///
/// A descent report prints every constraint twice: in its owner's list and in
/// the ancestors section of each view it names. Formatting a line costs a few
/// dozen small appends; looking it up costs one hash. Constraints without an
/// address (from logs) are formatted every time.
final class ConstraintLineMemo {
    private var lines: [UInt64: String] = [:]

    /// Appends `ConstraintFormatter.line(c)` to `out`, formatting it only the first time.
    func writeLine(_ c: ConstraintSnapshot, into out: inout String) {
        guard let address = c.address else {
            ConstraintFormatter.writeLine(c, into: &out)
            return
        }
        if let known = lines[address] {
            out += known
            return
        }
        var line = ""
        ConstraintFormatter.writeLine(c, into: &line)
        lines[address] = line
        out += line
    }
}
