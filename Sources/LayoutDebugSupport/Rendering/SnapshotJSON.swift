// MARK: - SnapshotJSON

/// Writes a descent report's views as JSON straight into a `TextWriter`: byte for byte what
/// `JSONText.encode` writes for the same views as `DocumentView`s (keys in the schema's
/// order, each field left out at its default; `SnapshotJSONTests` holds the two equal), many
/// times faster. The generic encoder builds a node, and a string, for every value; a
/// 1000-view descent report has some fifty thousand of them.
///
/// A field added to a snapshot must be added here too; the equality test fails until it is.
enum SnapshotJSON {
    // MARK: - Defaults

    /// The content mode a view has unless set, left out of the JSON.
    static let defaultContentMode = "scaleToFill"

    /// Whether a view has no intrinsic size on either axis (`[-1, -1]`, left out).
    static func isNoIntrinsicSize(_ size: SnapshotSize) -> Bool { size.width == -1 && size.height == -1 }

    /// Whether the hugging priorities are UIKit's defaults (`[250, 250]`, left out).
    static func isDefaultHugging(_ p: AxisPriorities) -> Bool { p.horizontal == 250 && p.vertical == 250 }

    /// Whether the compression resistance is UIKit's default (`[750, 750]`, left out).
    static func isDefaultResistance(_ p: AxisPriorities) -> Bool { p.horizontal == 750 && p.vertical == 750 }

    // MARK: - Views

    /// One view of a descent: `{"address", "className", …, "depth", "frame", …, "constraints",
    /// "ancestorConstraints", "skippedSubviews"}`, each field only when not at its default.
    ///
    /// - Parameters:
    ///   - v: The view (its `children` are not written: the next views are its subtree).
    ///   - depth: Levels below the report's view.
    ///   - reported: The views written before it: an ancestor's constraint installed on one
    ///     of them is listed under that view, so it is left out here.
    ///   - skippedSubviews: Whether the report leaves its subviews out.
    static func write(_ v: ViewSnapshot, depth: Int, reported: AddressTable<Bool>, skippedSubviews: Bool,
                      into out: inout TextWriter) {
        out.write("{")
        writeReferenceFields(v.reference, into: &out)
        out.write(",\"depth\":")
        out.write(decimal: Int64(depth))
        out.write(",\"frame\":")
        write(v.frame, into: &out)
        if !isNoIntrinsicSize(v.intrinsicContentSize) {
            out.write(",\"intrinsicContentSize\":[")
            out.writeJSONNumber(v.intrinsicContentSize.width)
            out.write(",")
            out.writeJSONNumber(v.intrinsicContentSize.height)
            out.write("]")
        }
        if v.contentMode != defaultContentMode {
            out.write(",\"contentMode\":")
            out.writeJSONString(v.contentMode)
        }
        if !isDefaultHugging(v.hugging) {
            out.write(",\"hugging\":")
            write(v.hugging, into: &out)
        }
        if !isDefaultResistance(v.compressionResistance) {
            out.write(",\"compressionResistance\":")
            write(v.compressionResistance, into: &out)
        }
        if v.translatesAutoresizingMask {
            out.write(",\"translatesAutoresizingMask\":true,\"autoresizingMask\":")
            out.writeJSONString(v.autoresizingMask)
        }
        if v.hasAmbiguousLayout { out.write(",\"hasAmbiguousLayout\":true") }
        if !v.ambiguousVariables.isEmpty {
            out.write(",\"ambiguousVariables\":")
            writeStrings(v.ambiguousVariables, into: &out)
        }
        if v.isLayoutGuide { out.write(",\"isLayoutGuide\":true") }
        if let isFlipped = v.isFlipped { out.write(isFlipped ? ",\"isFlipped\":true" : ",\"isFlipped\":false") }
        if let controller = v.viewController {
            out.write(",\"viewController\":")
            out.writeJSONString(controller)
        }
        if !v.constraints.isEmpty {
            out.write(",\"constraints\":[")
            writeConstraints(v.constraints, withOwner: false, reported: nil, into: &out)
            out.write("]")
        }
        writeAncestorConstraints(v.ancestorConstraints, reported: reported, into: &out)
        if let hosting = v.hosting { writeHosting(hosting, into: &out) }
        out.write(skippedSubviews ? ",\"skippedSubviews\":true}" : "}")
    }

    /// `"ancestorConstraints":[…]` with the constraints whose owner is not among the views
    /// written before; nothing when none is left.
    private static func writeAncestorConstraints(_ list: [ConstraintSnapshot], reported: AddressTable<Bool>,
                                                 into out: inout TextWriter) {
        guard !list.isEmpty else { return }
        let start = out.count
        out.write(",\"ancestorConstraints\":[")
        let head = out.count
        writeConstraints(list, withOwner: true, reported: reported, into: &out)
        // In a descent nearly every ancestor's constraint is under a view above: then the
        // key is taken back.
        if out.count == head { out.truncate(toCount: start) } else { out.write("]") }
    }

    /// The constraints, comma-separated, each read in place; with `reported`, those
    /// installed on one of its views are left out.
    private static func writeConstraints(_ list: [ConstraintSnapshot], withOwner: Bool,
                                         reported: AddressTable<Bool>?, into out: inout TextWriter) {
        list.withUnsafeBufferPointer { constraints in
            guard let first = constraints.baseAddress else { return }
            var written = 0
            for index in constraints.indices {
                if let reported, let owner = (first + index).pointee.owner?.address,
                   reported.value(for: owner) != nil { continue }
                if written > 0 { out.write(",") }
                write(first + index, withOwner: withOwner, into: &out)
                written += 1
            }
        }
    }

    // MARK: - Constraints

    /// One constraint, as `ConstraintSnapshot.encode(to:withOwner:)` writes it, read in
    /// place. Each field is read through the pointer: a constraint passed by value was
    /// copied out of its array, a retain and a release for each of its strings and
    /// references, for each of the seven thousand constraints of a thousand views.
    static func write(_ c: UnsafePointer<ConstraintSnapshot>, withOwner: Bool, into out: inout TextWriter) {
        out.write("{")
        var comma = false
        if let address = c.pointee.address {
            out.write("\"address\":")
            writeAddress(address, into: &out)
            comma = true
        }
        if c.pointee.className != ConstraintSnapshot.defaultClassName {
            if comma { out.write(",") }
            out.write("\"className\":")
            out.writeJSONString(c.pointee.className)
            comma = true
        }
        if let identifier = c.pointee.identifier {
            if comma { out.write(",") }
            out.write("\"identifier\":")
            out.writeJSONString(identifier)
            comma = true
        }
        if let name = c.pointee.name {
            if comma { out.write(",") }
            out.write("\"name\":")
            out.writeJSONString(name)
            comma = true
        }
        if case .some = c.pointee.firstItem {
            if comma { out.write(",") }
            out.write("\"firstItem\":")
            writeNamed(c.pointer(to: \.firstItem)!, into: &out)
            comma = true
        }
        out.write(comma ? ",\"firstAttribute\":" : "\"firstAttribute\":")
        writeName(c.pointee.firstAttribute, into: &out)
        switch c.pointee.relation {
        case .equal: break
        case .lessThanOrEqual: out.write(",\"relation\":\"lessThanOrEqual\"")
        case .greaterThanOrEqual: out.write(",\"relation\":\"greaterThanOrEqual\"")
        }
        if case .some = c.pointee.secondItem {
            out.write(",\"secondItem\":")
            writeNamed(c.pointer(to: \.secondItem)!, into: &out)
        }
        if c.pointee.secondAttribute != .notAnAttribute {
            out.write(",\"secondAttribute\":")
            writeName(c.pointee.secondAttribute, into: &out)
        }
        writeNumbers(c, into: &out)
        if let location = c.pointee.sourceLocation {
            out.write(",\"sourceLocation\":")
            out.writeJSONString(location)
        }
        if let mask = c.pointee.autoresizingMask {
            out.write(",\"autoresizingMask\":")
            out.writeJSONString(mask)
        }
        if c.pointee.isSystemSpacing { out.write(",\"isSystemSpacing\":true") }
        if withOwner, case .some = c.pointee.owner {
            out.write(",\"owner\":")
            writeNamed(c.pointer(to: \.owner)!, into: &out)
        }
        if c.pointee.isBroken { out.write(",\"isBroken\":true") }
        if let miss = c.pointee.frameMiss, miss != 0 {
            out.write(",\"frameMiss\":")
            out.writeJSONNumber(miss)
        }
        if let origin = c.pointee.origin {
            out.write(",\"origin\":")
            write(origin, into: &out)
        }
        if case .some = c.pointee.superview {
            out.write(",\"superview\":")
            writeNamed(c.pointer(to: \.superview)!, into: &out)
        }
        out.write("}")
    }

    /// The multiplier, constant, priority and `isActive: false`, each when not at its
    /// default (1, 0, 1000, active): nearly every constraint writes only its constant.
    private static func writeNumbers(_ c: UnsafePointer<ConstraintSnapshot>, into out: inout TextWriter) {
        if c.pointee.multiplier != 1 {
            out.write(",\"multiplier\":")
            out.writeJSONNumber(c.pointee.multiplier)
        }
        if c.pointee.constant != 0 {
            out.write(",\"constant\":")
            out.writeJSONNumber(c.pointee.constant)
        }
        if c.pointee.priority != 1000 {
            out.write(",\"priority\":")
            out.writeJSONNumber(c.pointee.priority)
        }
        if c.pointee.isActive == false { out.write(",\"isActive\":false") }
    }

    // MARK: - References

    /// An item as a document names it (`ObjectReference.Named`), read in place: `"0x…"`, or
    /// the whole reference when it has no address; nothing for `nil`.
    static func writeNamed(_ r: UnsafePointer<ObjectReference?>, into out: inout TextWriter) {
        if let address = r.pointee?.address {
            writeAddress(address, into: &out)
        } else if case .some = r.pointee {
            out.write("{")
            writeReferenceFields(r.pointee!, into: &out)
            out.write("}")
        }
    }

    /// `"address":…,"className":…,"name":…,"title":…,"property":…`, the optional ones when
    /// set (`ObjectReference`'s coding), without the braces.
    private static func writeReferenceFields(_ r: ObjectReference, into out: inout TextWriter) {
        if let address = r.address {
            out.write("\"address\":")
            writeAddress(address, into: &out)
            out.write(",\"className\":")
        } else {
            out.write("\"className\":")
        }
        out.writeJSONString(r.className)
        if let name = r.name {
            out.write(",\"name\":")
            out.writeJSONString(name)
        }
        if let title = r.title {
            out.write(",\"title\":")
            out.writeJSONString(title)
        }
        if let property = r.property {
            out.write(",\"property\":")
            out.writeJSONString(property)
        }
    }

    /// An origin as one object whose key says what is known (`ConstraintOrigin`'s coding):
    /// `{"frames":["0x…"]}`, `{"imageFrames":[…]}`, `{"system":…}` or `{"unknown":…}`.
    static func write(_ origin: ConstraintOrigin, into out: inout TextWriter) {
        switch origin {
        case .returnAddresses(let frames):
            out.write("{\"frames\":[")
            for (index, frame) in frames.enumerated() {
                if index > 0 { out.write(",") }
                writeAddress(frame, into: &out)
            }
            out.write("]}")
        case .imageAddresses(let frames):
            out.write("{\"imageFrames\":")
            writeStrings(frames, into: &out)
            out.write("}")
        case .system(let reason):
            out.write("{\"system\":")
            out.writeJSONString(reason)
            out.write("}")
        case .unknown(let reason):
            out.write("{\"unknown\":")
            out.writeJSONString(reason)
            out.write("}")
        }
    }

    // MARK: - Pieces

    /// `"0x…"`, lowercase (`AddressCoding`).
    private static func writeAddress(_ address: UInt64, into out: inout TextWriter) {
        out.write("\"0x")
        out.write(hex: address)
        out.write("\"")
    }

    /// An attribute's name in quotes (`LayoutAttribute`'s coding, its raw value), as
    /// a literal: the raw value is a `String` made for each call, and looked
    /// through for escapes that a Swift identifier never has.
    private static func writeName(_ attribute: LayoutAttribute, into out: inout TextWriter) {
        switch attribute {
        case .notAnAttribute: out.write("\"notAnAttribute\"")
        case .left: out.write("\"left\"")
        case .right: out.write("\"right\"")
        case .top: out.write("\"top\"")
        case .bottom: out.write("\"bottom\"")
        case .leading: out.write("\"leading\"")
        case .trailing: out.write("\"trailing\"")
        case .width: out.write("\"width\"")
        case .height: out.write("\"height\"")
        case .centerX: out.write("\"centerX\"")
        case .centerY: out.write("\"centerY\"")
        case .lastBaseline: out.write("\"lastBaseline\"")
        case .firstBaseline: out.write("\"firstBaseline\"")
        case .baseline: out.write("\"baseline\"")
        case .leftMargin: out.write("\"leftMargin\"")
        case .rightMargin: out.write("\"rightMargin\"")
        case .topMargin: out.write("\"topMargin\"")
        case .bottomMargin: out.write("\"bottomMargin\"")
        case .leadingMargin: out.write("\"leadingMargin\"")
        case .trailingMargin: out.write("\"trailingMargin\"")
        case .centerXWithinMargins: out.write("\"centerXWithinMargins\"")
        case .centerYWithinMargins: out.write("\"centerYWithinMargins\"")
        case .minX: out.write("\"minX\"")
        case .minY: out.write("\"minY\"")
        case .maxX: out.write("\"maxX\"")
        case .maxY: out.write("\"maxY\"")
        case .midX: out.write("\"midX\"")
        case .midY: out.write("\"midY\"")
        }
    }

    /// `[x,y,width,height]`.
    private static func write(_ r: SnapshotRect, into out: inout TextWriter) {
        out.write("[")
        out.writeJSONNumber(r.x)
        out.write(",")
        out.writeJSONNumber(r.y)
        out.write(",")
        out.writeJSONNumber(r.width)
        out.write(",")
        out.writeJSONNumber(r.height)
        out.write("]")
    }

    /// `[horizontal,vertical]`.
    private static func write(_ p: AxisPriorities, into out: inout TextWriter) {
        out.write("[")
        out.writeJSONNumber(p.horizontal)
        out.write(",")
        out.writeJSONNumber(p.vertical)
        out.write("]")
    }

    /// `["…",…]`.
    static func writeStrings(_ list: [String], into out: inout TextWriter) {
        out.write("[")
        for (index, text) in list.enumerated() {
            if index > 0 { out.write(",") }
            out.writeJSONString(text)
        }
        out.write("]")
    }

    @inline(__always)
    static func writeBool(_ value: Bool, into out: inout TextWriter) {
        if value { out.write("true") } else { out.write("false") }
    }
}
