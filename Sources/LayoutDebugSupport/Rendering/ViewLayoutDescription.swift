// MARK: - ViewLayoutDescription

/// Sadun's `viewLayoutDescription`, line for line, plus what her version lacks.
///
/// ```
/// <UIImageView:0x1234> UIImageView : UIView
/// Frame:.........(110 202; 100 100)
/// Content size...(64 64) [Content Mode: Center]
/// Hugging........[H 250] [V 250]
/// Resistance.....[H 750] [V 750]
/// Constraints....2
///  1. @250 <UIImageView:0x1234>.width == 100.0 [satisfied]
/// Ancestors......1
///  1. @1000 <UIView:0x10>.centerX == <UIImageView:0x1234>.centerX on <UIView:0x10> [off by 18.0]
/// ```
///
/// The additions: priorities on every constraint (hers only showed them on
/// plain `NSLayoutConstraint`s), the constraints ancestors hold about the view,
/// each constraint's inactive or broken state, and whether the current frames
/// satisfy it.
public enum ViewLayoutDescription {
    /// Frames within this many points of a constraint count as satisfying it:
    /// UIKit rounds frames to pixels, so a third of a point is not a miss.
    public static let satisfiedTolerance = 0.5

    /// The report for one view (its `children` are ignored).
    ///
    /// - Parameter view: The view's snapshot.
    /// - Returns: Lines ending in a newline.
    public static func text(_ view: ViewSnapshot) -> String {
        var out = ""
        write(view, indent: "", into: &out)
        return out
    }

    /// Appends the report to `out` with every line prefixed by `indent`:
    /// descent reports indent by depth, and writing in place keeps a
    /// thousand-view report from copying each view's text twice.
    static func write(_ view: ViewSnapshot, indent: String, memo: ConstraintLineMemo? = nil,
                      into out: inout String) {
        // Each line is appended piece by piece: an interpolated line would be
        // built, copied in and freed, a thousand times per descent.
        func line(_ label: String, _ value: String) {
            out += indent
            out += label
            out += value
            out += "\n"
        }
        out += indent
        writeHeader(view, into: &out)
        out += "\n"
        if let controller = view.viewController { line("Controller.....", controller) }
        if view.translatesAutoresizingMask { line("Mask...........", view.autoresizingMask) }
        out += indent
        out += "Frame:........."
        FrameText.writeRect(view.frame, into: &out)
        out += "\n"
        out += indent
        out += "Content size..."
        FrameText.writeSize(view.intrinsicContentSize, into: &out)
        if view.intrinsicContentSize.width > 0 || view.intrinsicContentSize.height > 0 {
            out += " [Content Mode: "
            out += contentModeName(view.contentMode)
            out += "]"
        }
        out += "\n"
        out += indent
        out += "Hugging........"
        writePair(view.hugging, into: &out)
        out += "\n"
        out += indent
        out += "Resistance....."
        writePair(view.compressionResistance, into: &out)
        out += "\n"
        line("Constraints....", String(view.constraints.count))
        numbered(view.constraints, showOwner: false, indent: indent, memo: memo, into: &out)
        if !view.ancestorConstraints.isEmpty {
            line("Ancestors......", String(view.ancestorConstraints.count))
            numbered(view.ancestorConstraints, showOwner: true, indent: indent, memo: memo, into: &out)
        }
    }

    /// `<Name:0x…> Class : Superclass [Autosizes] [Caution: Ambiguous Layout! minX, width]`.
    static func header(_ view: ViewSnapshot) -> String {
        var text = ""
        writeHeader(view, into: &text)
        return text
    }

    /// Appends `header(view)` to `text`.
    static func writeHeader(_ view: ViewSnapshot, into text: inout String) {
        view.reference.writeBracketed(into: &text)
        text += " "
        text += view.reference.className
        if let superclass = view.superclassNames.first {
            text += " : "
            text += superclass
        }
        if view.isLayoutGuide { text += " [Layout Guide]" }
        if view.translatesAutoresizingMask { text += " [Autosizes]" }
        if view.hasAmbiguousLayout {
            text += " [Caution: Ambiguous Layout!"
            if !view.ambiguousVariables.isEmpty { text += " " + view.ambiguousVariables.joined(separator: ", ") }
            text += "]"
        }
    }

    /// One constraint's line with its state, as the report lists it.
    ///
    /// - Parameters:
    ///   - c: The constraint.
    ///   - showOwner: Whether to say which view holds it (for ancestors' constraints).
    /// - Returns: The line without numbering or newline.
    public static func constraintLine(_ c: ConstraintSnapshot, showOwner: Bool) -> String {
        var out = ""
        writeConstraintLine(c, showOwner: showOwner, into: &out)
        return out
    }

    /// Appends `constraintLine(c, showOwner:)` to `out`.
    static func writeConstraintLine(_ c: ConstraintSnapshot, showOwner: Bool, memo: ConstraintLineMemo? = nil,
                                    into out: inout String) {
        if let memo { memo.writeLine(c, into: &out) } else { ConstraintFormatter.writeLine(c, into: &out) }
        if showOwner, let owner = c.owner {
            out += " on "
            owner.writeBracketed(into: &out)
        }
        out += stateText(c)
    }

    /// ` [inactive]`, ` [broken]`, ` [satisfied]`, ` [off by 18.0]`, or nothing when unknown.
    static func stateText(_ c: ConstraintSnapshot) -> String {
        if c.isActive == false { return " [inactive]" }
        var text = c.isBroken ? " [broken]" : ""
        if let miss = c.frameMiss {
            text += miss <= satisfiedTolerance ? " [satisfied]" : " [off by \(ReportNumber.decimal(miss))]"
        }
        return text
    }

    // MARK: - Pieces

    /// ` 1. @1000 …` lines; Sadun pads the index to two columns (`%2d.`), so
    /// lists up to 99 line up.
    static func numbered(_ constraints: [ConstraintSnapshot], showOwner: Bool, indent: String,
                         memo: ConstraintLineMemo? = nil, into out: inout String) {
        // Indices, not `enumerated()`, which would copy every constraint.
        for index in constraints.indices {
            out += indent
            if index < 9 { out += " " }
            out += String(index + 1)
            out += ". "
            writeConstraintLine(constraints[index], showOwner: showOwner, memo: memo, into: &out)
            out += "\n"
        }
    }

    private static func writePair(_ p: AxisPriorities, into out: inout String) {
        out += "[H "
        out += ReportNumber.priority(p.horizontal)
        out += "] [V "
        out += ReportNumber.priority(p.vertical)
        out += "]"
    }

    /// `center` → `Center`, `scaleAspectFit` → `ScaleAspectFit`, as her listing names them.
    static func contentModeName(_ mode: String) -> String {
        guard let first = mode.first else { return mode }
        return first.uppercased() + mode.dropFirst()
    }
}
