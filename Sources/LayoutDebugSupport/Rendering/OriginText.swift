// MARK: - OriginText

/// The `made at` line a report prints under a constraint whose origin was captured.
///
/// Return addresses mean nothing to a reader, and the target cannot turn them into
/// `file:line` (that needs the app's debug info, which the debugger has). So the line holds
/// them in a marker, `made at <frames 0x… 0x…>`, that the LLDB commands replace with
/// `made at File.swift:42 in function(_:)` before printing (`origin_symbols.py`). Without a
/// debugger (the monitor) the marker stays, and the addresses can be symbolicated later.
///
/// A long report numbers its markers (`OriginMarkers`): the first of a kind is written
/// `made at <frames #3 0x… 0x…>` and every later one with the same frames `made at <frames #3>`.
/// A thousand views' constraints come from a handful of call sites, so this keeps a report
/// with origins about as long as one without.
enum OriginText {
    /// Where the marker starts, for the debugger to find.
    static let marker = "made at <frames"
    /// Where the monitor's marker starts, for `layout-explain --symbolicate` to find.
    static let imageMarker = "made at <image frames"

    /// Appends `indent`, the origin's line and a newline to `out`; nothing when `origin` is nil.
    static func writeLine(_ origin: ConstraintOrigin?, indent: String, into out: inout TextWriter) {
        guard let origin else { return }
        out.write(indent)
        out.write(origin.madeAtText)
        out.write("\n")
    }

    /// The origin's line with `indent` and a newline, or "" when `origin` is nil.
    static func line(_ origin: ConstraintOrigin?, indent: String) -> String {
        origin.map { indent + $0.madeAtText + "\n" } ?? ""
    }

    /// The constraint's `made at` line (its origin, or the source location a log recorded;
    /// failing both, the name to search the code for: `ConstraintSnapshot.sourceText`) with
    /// `indent` and a newline, or "" when none is known.
    static func line(of constraint: ConstraintSnapshot, indent: String) -> String {
        constraint.sourceText.map { indent + $0 + "\n" } ?? ""
    }
}

// MARK: - OriginMarkers

/// The markers one report has written, numbered, so a repeated origin is written as a
/// reference to the first (see `OriginText`).
struct OriginMarkers {
    private var numbers: [[UInt64]: Int] = [:]

    /// A report's empty list.
    init() {}

    /// Appends the origin's line: in full the first time these frames appear in the
    /// report, as `made at <frames #N>` after that.
    mutating func writeLine(_ origin: ConstraintOrigin?, indent: String, into out: inout TextWriter) {
        guard case .returnAddresses(let frames) = origin else {
            OriginText.writeLine(origin, indent: indent, into: &out)
            return
        }
        out.write(indent)
        out.write(OriginText.marker)
        out.write(" #")
        if let number = numbers[frames] {
            out.write(decimal: Int64(number))
        } else {
            let number = numbers.count + 1
            numbers[frames] = number
            out.write(decimal: Int64(number))
            for frame in frames {
                out.write(" 0x")
                out.write(hex: frame)
            }
        }
        out.write(">\n")
    }
}
