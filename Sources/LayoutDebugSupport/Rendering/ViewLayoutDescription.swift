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
enum ViewLayoutDescription {
    /// Frames within this many points of a constraint count as satisfying it:
    /// UIKit rounds frames to pixels, so a third of a point is not a miss.
    static let satisfiedTolerance = 0.5

    /// The report for one view (its `children` are ignored).
    ///
    /// - Parameter view: The view's snapshot.
    /// - Returns: Lines ending in a newline.
    static func text(_ view: ViewSnapshot) -> String {
        var out = TextWriter()
        write(view, indent: "", into: &out)
        return out.string
    }

    /// Appends the report to `out` with every line prefixed by `indent`:
    /// descent reports indent by depth, and writing in place keeps a
    /// thousand-view report from copying each view's text twice.
    ///
    /// - Parameter reported: In a descent, the views already written above;
    ///   an ancestor's constraint held by one of them was listed under it, so
    ///   it is counted here rather than printed twice.
    static func write(_ view: ViewSnapshot, indent: String,
                      reported: AddressTable<Bool>? = nil, into out: inout TextWriter) {
        var origins = OriginMarkers()
        write(view, indent: indent, reported: reported, origins: &origins, into: &out)
    }

    /// `write(_:indent:reported:into:)` within a longer report, whose origin markers are
    /// numbered across all of its views.
    static func write(_ view: ViewSnapshot, indent: String, reported: AddressTable<Bool>?,
                      origins: inout OriginMarkers, into out: inout TextWriter) {
        // Each line is appended piece by piece: an interpolated line would be
        // built, copied in and freed, a thousand times per descent.
        func line(_ label: StaticString, _ value: String) {
            out.write(indent)
            out.write(label)
            out.write(value)
            out.write("\n")
        }
        out.write(indent)
        writeHeader(view, into: &out)
        out.write("\n")
        if let controller = view.viewController { line("Controller.....", controller) }
        if view.translatesAutoresizingMask { line("Mask...........", view.autoresizingMask) }
        out.write(indent)
        out.write("Frame:.........")
        FrameText.writeRect(view.frame, into: &out)
        out.write("\n")
        out.write(indent)
        out.write("Content size...")
        FrameText.writeSize(view.intrinsicContentSize, into: &out)
        if view.intrinsicContentSize.width > 0 || view.intrinsicContentSize.height > 0 {
            out.write(" [Content Mode: ")
            out.write(capitalizedContentMode(view.contentMode))
            out.write("]")
        }
        out.write("\n")
        out.write(indent)
        out.write("Hugging........")
        writePair(view.hugging, into: &out)
        out.write("\n")
        out.write(indent)
        out.write("Resistance.....")
        writePair(view.compressionResistance, into: &out)
        out.write("\n")
        if view.hosting != nil { writeHosting(view, indent: indent, into: &out) }
        out.write(indent)
        out.write("Constraints....")
        out.write(decimal: Int64(view.constraints.count))
        out.write("\n")
        numbered(view.constraints, showOwner: false, indent: indent, origins: &origins, into: &out)
        writeAncestors(view.ancestorConstraints, indent: indent, reported: reported, origins: &origins, into: &out)
    }

    /// The `Ancestors` section. In a descent, constraints held by views
    /// already in the report are not repeated: the section counts them and
    /// names the views they are listed under,
    /// `Ancestors......3, listed above under <UIView:0x10>`.
    private static func writeAncestors(_ constraints: [ConstraintSnapshot], indent: String,
                                       reported: AddressTable<Bool>?, origins: inout OriginMarkers,
                                       into out: inout TextWriter) {
        guard !constraints.isEmpty else { return }
        // Only each constraint's owner is read to sort them, in place: in a
        // descent nearly every one is listed above, and copying whole
        // snapshots (or their owners) to sort them cost more than writing the
        // section. Owners are kept as positions of a constraint they own, the
        // first apart, so the usual section (one owner, all above) allocates nothing.
        var firstAbove = -1
        var firstAboveAddress: UInt64 = 0
        var moreAbove: [(position: Int, address: UInt64)] = []
        var aboveCount = 0
        var notAbove: [Int] = []
        constraints.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                guard let reported, let address = ownerAddress(buffer.baseAddress! + index),
                      reported.value(for: address) != nil else {
                    notAbove.append(index)
                    continue
                }
                aboveCount += 1
                if firstAbove < 0 {
                    firstAbove = index
                    firstAboveAddress = address
                } else if address != firstAboveAddress, !moreAbove.contains(where: { $0.address == address }) {
                    moreAbove.append((index, address))
                }
            }
        }
        let listed = aboveCount == 0 ? constraints : notAbove.map { constraints[$0] }
        func writeOwners() {
            out.write("listed above under ")
            constraints.withUnsafeBufferPointer { buffer in
                ObjectReference.writeBracketed((buffer.baseAddress! + firstAbove).pointer(to: \.owner)!, into: &out)
                for owner in moreAbove {
                    out.write(", ")
                    ObjectReference.writeBracketed((buffer.baseAddress! + owner.position).pointer(to: \.owner)!, into: &out)
                }
            }
        }
        out.write(indent)
        out.write("Ancestors......")
        out.write(decimal: Int64(constraints.count))
        if listed.isEmpty {
            out.write(", ")
            writeOwners()
            out.write("\n")
            return
        }
        out.write("\n")
        numbered(listed, showOwner: true, indent: indent, origins: &origins, into: &out)
        if aboveCount > 0 {
            out.write(indent)
            out.write(" (")
            out.write(decimal: Int64(aboveCount))
            out.write(" more ")
            writeOwners()
            out.write(")\n")
        }
    }

    /// The address of the constraint's owner, if it has one with an address, read in place.
    private static func ownerAddress(_ c: UnsafePointer<ConstraintSnapshot>) -> UInt64? {
        guard case .some = c.pointee.owner else { return nil }
        return c.pointee.owner?.address
    }

    /// `<Name:0x…> Class : Superclass [Autosizes] [Caution: Ambiguous Layout! minX, width]`.
    static func header(_ view: ViewSnapshot) -> String {
        var text = TextWriter()
        writeHeader(view, into: &text)
        return text.string
    }

    /// Appends `header(view)` to `text`.
    static func writeHeader(_ view: ViewSnapshot, into text: inout TextWriter) {
        view.reference.writeBracketed(into: &text)
        text.write(" ")
        text.write(view.reference.className)
        if let superclass = view.superclassNames.first {
            text.write(" : ")
            text.write(superclass)
        }
        if view.isLayoutGuide { text.write(" [Layout Guide]") }
        if view.translatesAutoresizingMask { text.write(" [Autosizes]") }
        if view.hasAmbiguousLayout {
            text.write(" [Caution: Ambiguous Layout!")
            if !view.ambiguousVariables.isEmpty { text.write(" " + view.ambiguousVariables.joined(separator: ", ")) }
            text.write("]")
        }
    }

    /// One constraint's line with its state, as the report lists it.
    ///
    /// - Parameters:
    ///   - c: The constraint.
    ///   - showOwner: Whether to say which view holds it (for ancestors' constraints).
    /// - Returns: The line without numbering or newline.
    static func constraintLine(_ c: ConstraintSnapshot, showOwner: Bool) -> String {
        var out = TextWriter()
        writeConstraintLine(c, showOwner: showOwner, into: &out)
        return out.string
    }

    /// Appends `constraintLine(c, showOwner:)` to `out`.
    static func writeConstraintLine(_ c: ConstraintSnapshot, showOwner: Bool,
                                    into out: inout TextWriter) {
        withUnsafePointer(to: c) { writeConstraintLine($0, showOwner: showOwner, into: &out) }
    }

    /// `writeConstraintLine` for a constraint in place: descents write
    /// thousands, and each copy of a snapshot costs a retain and a release
    /// per string it holds. Fields are read through the pointer one by one.
    private static func writeConstraintLine(_ c: UnsafePointer<ConstraintSnapshot>, showOwner: Bool,
                                            into out: inout TextWriter) {
        ConstraintFormatter.writeLine(c, into: &out)
        if showOwner, case .some = c.pointee.owner {
            out.write(" on ")
            ObjectReference.writeBracketed(c.pointer(to: \.owner)!, into: &out)
        }
        if c.pointee.isActive == false {
            out.write(" [inactive]")
            return
        }
        writeState(isBroken: c.pointee.isBroken, frameMiss: c.pointee.frameMiss, into: &out)
    }

    /// ` [inactive]`, ` [broken]`, ` [satisfied]`, ` [off by 18.0]`, or nothing when unknown.
    static func stateText(_ c: ConstraintSnapshot) -> String {
        var out = TextWriter()
        writeState(c, into: &out)
        return out.string
    }

    /// Appends `stateText(c)` to `out`.
    static func writeState(_ c: ConstraintSnapshot, into out: inout TextWriter) {
        if c.isActive == false {
            out.write(" [inactive]")
            return
        }
        writeState(isBroken: c.isBroken, frameMiss: c.frameMiss, into: &out)
    }

    /// The state of an active constraint: ` [broken]`, then how the frames meet it.
    private static func writeState(isBroken: Bool, frameMiss: Double?, into out: inout TextWriter) {
        if isBroken { out.write(" [broken]") }
        guard let miss = frameMiss else { return }
        if miss <= satisfiedTolerance {
            out.write(" [satisfied]")
        } else {
            out.write(" [off by ")
            ReportNumber.writeDecimal(miss, into: &out)
            out.write("]")
        }
    }

    // MARK: - Pieces

    /// ` 1. @1000 …` lines; Sadun pads the index to two columns (`%2d.`), so
    /// lists up to 99 line up.
    static func numbered(_ constraints: [ConstraintSnapshot], showOwner: Bool, indent: String,
                         origins: inout OriginMarkers, into out: inout TextWriter) {
        // A buffer pointer lends each constraint in place; `enumerated()`
        // or the array's subscript would copy every one.
        constraints.withUnsafeBufferPointer { constraints in
            for index in constraints.indices {
                out.write(indent)
                if index < 9 { out.write(" ") }
                out.write(decimal: Int64(index + 1))
                out.write(". ")
                writeConstraintLine(constraints.baseAddress! + index, showOwner: showOwner, into: &out)
                out.write("\n")
                if case .some = constraints[index].origin {
                    origins.writeLine(constraints[index].origin, indent: indent + "      ", into: &out)
                }
            }
        }
    }

    private static func writePair(_ p: AxisPriorities, into out: inout TextWriter) {
        out.write("[H ")
        ReportNumber.writePlain(p.horizontal, into: &out)
        out.write("] [V ")
        ReportNumber.writePlain(p.vertical, into: &out)
        out.write("]")
    }

    /// `center` → `Center`, `scaleAspectFit` → `ScaleAspectFit`, as her listing names them.
    static func capitalizedContentMode(_ mode: String) -> String {
        guard let first = mode.first else { return mode }
        return first.uppercased() + mode.dropFirst()
    }
}
