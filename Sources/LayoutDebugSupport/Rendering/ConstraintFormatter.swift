// MARK: - ConstraintFormatter

/// Turns a constraint snapshot into Sadun's algebra:
/// `<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing + 8.0`.
///
/// Unlike her first listing it covers every attribute (margins, baselines,
/// within-margins), prints the full 64-bit address, and appends the
/// identifier (or the user's nametag in its place) and the SnapKit source
/// location when there is one.
enum ConstraintFormatter {
    /// The constraint as an equation, with its identifier and source location.
    ///
    /// Unary constraints print as `<UIView:0x…>.width == 20.0`; a multiplier
    /// other than 1 prints as `* 0.5`; a negative constant as `- 8.0`; a zero
    /// constant on a binary constraint is left out. A system spacing prints as
    /// `NSSpace(8.0)`.
    ///
    /// - Parameter c: The constraint.
    /// - Returns: One line of text.
    static func stringValue(_ c: ConstraintSnapshot) -> String {
        var out = TextWriter()
        writeStringValue(c, into: &out)
        return out.string
    }

    /// Appends `stringValue(c)` to `out`; reports write thousands of lines
    /// into one string, so no line is built on its own first.
    static func writeStringValue(_ c: ConstraintSnapshot, into out: inout TextWriter) {
        withUnsafePointer(to: c) { writeStringValue($0, into: &out) }
    }

    // The writers below read a snapshot in place, through a pointer, one
    // field at a time: descents write thousands of lines from snapshots held
    // in arrays, and passing a snapshot (or one of its item references) by
    // value copies it whole, which for an `ObjectReference?` goes through
    // the runtime's generic Optional witness.

    /// `writeStringValue` for a snapshot read in place.
    static func writeStringValue(_ c: UnsafePointer<ConstraintSnapshot>, into out: inout TextWriter) {
        writeSide(c, second: false, into: &out)
        out.write(" ")
        out.write(c.pointee.relation.symbol)
        out.write(" ")
        if isUnary(c) {
            writeConstant(c, signed: false, into: &out)
        } else {
            writeSide(c, second: true, into: &out)
            if c.pointee.multiplier != 1 {
                out.write(" * ")
                ReportNumber.writeDecimal(c.pointee.multiplier, into: &out)
            }
            if c.pointee.constant != 0 || c.pointee.isSystemSpacing {
                out.write(c.pointee.constant < 0 ? " - " : " + ")
                writeConstant(c, signed: true, into: &out)
            }
        }
        // A nametag stands where UIKit prints the identifier, as a view's stands
        // for its accessibility identifier: the name the user chose wins.
        if let identifier = c.pointee.name ?? c.pointee.identifier {
            out.write(" '")
            out.write(identifier)
            out.write("'")
        }
        if let location = c.pointee.sourceLocation {
            out.write(" @")
            out.write(location)
        }
    }

    /// The line a report prints for one constraint: `0x600000a4c0a0 @1000 <stringValue>`,
    /// followed by the class when it is not a plain `NSLayoutConstraint`
    /// (and the mask, for an autoresizing constraint).
    ///
    /// The constraint's own address comes first, as in UIKit's description
    /// (`<NSLayoutConstraint:0x600000a4c0a0 …>`): it is the handle a user types
    /// into the debugger (`lreport 0x600000a4c0a0`, `lfix 0x600000a4c0a0 …`).
    /// A log trimmed of its addresses prints none.
    ///
    /// - Parameter c: The constraint.
    /// - Returns: One line of text without indentation.
    static func line(_ c: ConstraintSnapshot) -> String {
        var out = TextWriter()
        writeLine(c, into: &out)
        return out.string
    }

    /// Appends `line(c)` to `out`.
    static func writeLine(_ c: ConstraintSnapshot, into out: inout TextWriter) {
        withUnsafePointer(to: c) { writeLine($0, into: &out) }
    }

    /// `writeLine` for a snapshot read in place.
    static func writeLine(_ c: UnsafePointer<ConstraintSnapshot>, into out: inout TextWriter) {
        if let address = c.pointee.address {
            out.write("0x")
            out.write(hex: address)
            out.write(" ")
        }
        out.write("@")
        ReportNumber.writePlain(c.pointee.priority, into: &out)
        out.write(" ")
        writeStringValue(c, into: &out)
        if c.pointee.className != "NSLayoutConstraint" {
            out.write(" (")
            out.write(c.pointee.className)
            if let mask = c.pointee.autoresizingMask {
                out.write(" ")
                out.write(mask)
            }
            out.write(")")
        }
    }

    /// Whether the constraint has no second item (`width == 20`).
    static func isUnary(_ c: ConstraintSnapshot) -> Bool {
        withUnsafePointer(to: c) { isUnary($0) }
    }

    /// `isUnary` for a snapshot read in place.
    static func isUnary(_ c: UnsafePointer<ConstraintSnapshot>) -> Bool {
        // A pattern, not `== nil`: that would compare a copy of the reference.
        guard case .none = c.pointee.secondItem else { return false }
        return c.pointee.secondAttribute == .notAnAttribute
    }

    // MARK: - Pieces

    /// `<Item:0x…>.attribute`, for the first or the second item; an unnamed
    /// item (a trimmed log) prints as `<?>`.
    private static func writeSide(_ c: UnsafePointer<ConstraintSnapshot>, second: Bool,
                                  into out: inout TextWriter) {
        if second {
            ObjectReference.writeBracketed(c.pointer(to: \.secondItem)!, into: &out)
            out.write(".")
            out.write(c.pointee.secondAttribute.logSpelling)
        } else {
            ObjectReference.writeBracketed(c.pointer(to: \.firstItem)!, into: &out)
            out.write(".")
            out.write(c.pointee.firstAttribute.logSpelling)
        }
    }

    /// The constant, or its magnitude after a sign already printed, wrapped as
    /// `NSSpace(…)` when it is a system spacing.
    private static func writeConstant(_ c: UnsafePointer<ConstraintSnapshot>, signed: Bool,
                                      into out: inout TextWriter) {
        let constant = c.pointee.constant
        if c.pointee.isSystemSpacing { out.write("NSSpace(") }
        ReportNumber.writeDecimal(signed ? abs(constant) : constant, into: &out)
        if c.pointee.isSystemSpacing { out.write(")") }
    }
}
