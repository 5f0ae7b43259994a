// MARK: - ConstraintFormatter

/// Turns a constraint snapshot into Sadun's algebra:
/// `<UIView:0x7ff0a8c0b290>.leading == <UIButton:0x7ff0a8c0b180>.trailing + 8.0`.
///
/// Unlike her first listing it covers every attribute (margins, baselines,
/// within-margins), prints the full 64-bit address, and appends the
/// identifier and the SnapKit source location when there is one.
public enum ConstraintFormatter {
    /// The constraint as an equation, with its identifier and source location.
    ///
    /// Unary constraints print as `<UIView:0x…>.width == 20.0`; a multiplier
    /// other than 1 prints as `* 0.5`; a negative constant as `- 8.0`; a zero
    /// constant on a binary constraint is left out. A system spacing prints as
    /// `NSSpace(8.0)`.
    ///
    /// - Parameter c: The constraint.
    /// - Returns: One line of text.
    public static func stringValue(_ c: ConstraintSnapshot) -> String {
        var out = TextWriter()
        writeStringValue(c, into: &out)
        return out.string
    }

    /// Appends `stringValue(c)` to `out`; reports write thousands of lines
    /// into one string, so no line is built on its own first.
    static func writeStringValue(_ c: ConstraintSnapshot, into out: inout TextWriter) {
        writeSide(c.firstItem, c.firstAttribute, into: &out)
        out.write(" ")
        out.write(c.relation.symbol)
        out.write(" ")
        if isUnary(c) {
            writeConstant(c, signed: false, into: &out)
        } else {
            writeSide(c.secondItem, c.secondAttribute, into: &out)
            if c.multiplier != 1 {
                out.write(" * ")
                ReportNumber.writeDecimal(c.multiplier, into: &out)
            }
            if c.constant != 0 || c.isSystemSpacing {
                out.write(c.constant < 0 ? " - " : " + ")
                writeConstant(c, signed: true, into: &out)
            }
        }
        if let identifier = c.identifier {
            out.write(" '")
            out.write(identifier)
            out.write("'")
        }
        if let location = c.sourceLocation {
            out.write(" @")
            out.write(location)
        }
    }

    /// The line a report prints for one constraint: `@1000 <stringValue>`,
    /// followed by the class when it is not a plain `NSLayoutConstraint`
    /// (and the mask, for an autoresizing constraint).
    ///
    /// - Parameter c: The constraint.
    /// - Returns: One line of text without indentation.
    public static func line(_ c: ConstraintSnapshot) -> String {
        var out = TextWriter()
        writeLine(c, into: &out)
        return out.string
    }

    /// Appends `line(c)` to `out`.
    static func writeLine(_ c: ConstraintSnapshot, into out: inout TextWriter) {
        out.write("@")
        ReportNumber.writePlain(c.priority, into: &out)
        out.write(" ")
        writeStringValue(c, into: &out)
        if c.className != "NSLayoutConstraint" {
            out.write(" (")
            out.write(c.className)
            if let mask = c.autoresizingMask {
                out.write(" ")
                out.write(mask)
            }
            out.write(")")
        }
    }

    /// Whether the constraint has no second item (`width == 20`).
    public static func isUnary(_ c: ConstraintSnapshot) -> Bool {
        // A pattern, not `== nil`: that would compare a copy of the reference.
        guard case .none = c.secondItem else { return false }
        return c.secondAttribute == .notAnAttribute
    }

    // MARK: - Pieces

    /// `<Item:0x…>.attribute`; an unnamed item (a trimmed log) prints as `<?>`.
    static func writeSide(_ item: ObjectReference?, _ attribute: LayoutAttribute, into out: inout TextWriter) {
        if let item { item.writeBracketed(into: &out) } else { out.write("<?>") }
        out.write(".")
        out.write(attribute.rawValue)
    }

    /// The constant, or its magnitude after a sign already printed, wrapped as
    /// `NSSpace(…)` when it is a system spacing.
    private static func writeConstant(_ c: ConstraintSnapshot, signed: Bool, into out: inout TextWriter) {
        if c.isSystemSpacing { out.write("NSSpace(") }
        ReportNumber.writeDecimal(signed ? abs(c.constant) : c.constant, into: &out)
        if c.isSystemSpacing { out.write(")") }
    }
}
