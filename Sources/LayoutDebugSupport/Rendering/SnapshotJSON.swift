// MARK: - SnapshotJSON

/// Writes snapshots as JSON straight into a `TextWriter`: byte for byte what
/// `JSONText.encode` writes for the same values (keys in declaration order,
/// `nil` left out; `SnapshotJSONTests` holds the two equal), about twenty times
/// faster. The generic encoder builds a node, and a string, for every value; a
/// 1000-view descent report has some hundred thousand of them.
///
/// A field added to a snapshot must be added here too; the equality test fails until it is.
enum SnapshotJSON {
    /// `{"reference":…,"superclassNames":[…],…,"children":[…]}`; `children` is
    /// written `[]` unless `withChildren` (a descent's entries list the subtree).
    /// `repeats` holds what the document has written before (one per document).
    static func write(_ v: ViewSnapshot, withChildren: Bool = true, repeats: inout Repeats,
                      into out: inout TextWriter) {
        out.write("{\"reference\":")
        withUnsafePointer(to: Optional(v.reference)) { repeats.write($0, into: &out) }
        out.write(",\"superclassNames\":")
        writeStrings(v.superclassNames, into: &out)
        out.write(",\"frame\":")
        write(v.frame, into: &out)
        out.write(",\"intrinsicContentSize\":{\"width\":")
        out.writeJSONNumber(v.intrinsicContentSize.width)
        out.write(",\"height\":")
        out.writeJSONNumber(v.intrinsicContentSize.height)
        out.write("},\"contentMode\":")
        out.writeJSONString(v.contentMode)
        out.write(",\"hugging\":")
        write(v.hugging, into: &out)
        out.write(",\"compressionResistance\":")
        write(v.compressionResistance, into: &out)
        out.write(",\"translatesAutoresizingMask\":")
        writeBool(v.translatesAutoresizingMask, into: &out)
        out.write(",\"autoresizingMask\":")
        out.writeJSONString(v.autoresizingMask)
        out.write(",\"hasAmbiguousLayout\":")
        writeBool(v.hasAmbiguousLayout, into: &out)
        out.write(",\"ambiguousVariables\":")
        writeStrings(v.ambiguousVariables, into: &out)
        out.write(",\"isLayoutGuide\":")
        writeBool(v.isLayoutGuide, into: &out)
        if let isFlipped = v.isFlipped {
            out.write(",\"isFlipped\":")
            writeBool(isFlipped, into: &out)
        }
        if let controller = v.viewController {
            out.write(",\"viewController\":")
            out.writeJSONString(controller)
        }
        out.write(",\"constraints\":")
        writeConstraints(v.constraints, repeats: &repeats, into: &out)
        out.write(",\"ancestorConstraints\":")
        writeConstraints(v.ancestorConstraints, repeats: &repeats, into: &out)
        out.write(",\"children\":[")
        if withChildren {
            for (index, child) in v.children.enumerated() {
                if index > 0 { out.write(",") }
                write(child, repeats: &repeats, into: &out)
            }
        }
        out.write("]}")
    }

    /// One constraint, its optional fields only when set, read in place. Each
    /// field is read through the pointer: a constraint passed by value was
    /// copied out of its array, a retain and a release for each of its strings
    /// and references, for each of the seven thousand constraints of a
    /// thousand views.
    static func write(_ c: UnsafePointer<ConstraintSnapshot>, repeats: inout Repeats,
                      into out: inout TextWriter) {
        out.write("{\"className\":")
        repeats.writeClassName(c.pointee.className, into: &out)
        if let address = c.pointee.address {
            out.write(",\"address\":")
            writeAddress(address, into: &out)
        }
        if let identifier = c.pointee.identifier {
            out.write(",\"identifier\":")
            out.writeJSONString(identifier)
        }
        if let name = c.pointee.name {
            out.write(",\"name\":")
            out.writeJSONString(name)
        }
        if case .some = c.pointee.firstItem {
            out.write(",\"firstItem\":")
            repeats.write(c.pointer(to: \.firstItem)!, into: &out)
        }
        out.write(",\"firstAttribute\":")
        writeName(c.pointee.firstAttribute, into: &out)
        out.write(",\"relation\":")
        writeRelation(c.pointee.relation, into: &out)
        if case .some = c.pointee.secondItem {
            out.write(",\"secondItem\":")
            repeats.write(c.pointer(to: \.secondItem)!, into: &out)
        }
        out.write(",\"secondAttribute\":")
        writeName(c.pointee.secondAttribute, into: &out)
        // Nearly every constraint has multiplier 1 and priority 1000 (required),
        // and its frame miss is most often 0: those go in as literals, joined
        // with the keys around them, as do the booleans.
        if c.pointee.multiplier == 1 {
            out.write(",\"multiplier\":1,\"constant\":")
        } else {
            out.write(",\"multiplier\":")
            out.writeJSONNumber(c.pointee.multiplier)
            out.write(",\"constant\":")
        }
        out.writeJSONNumber(c.pointee.constant)
        if c.pointee.priority == 1000 {
            out.write(",\"priority\":1000")
        } else {
            out.write(",\"priority\":")
            out.writeJSONNumber(c.pointee.priority)
        }
        if let active = c.pointee.isActive {
            out.write(active ? ",\"isActive\":true" : ",\"isActive\":false")
        }
        if let location = c.pointee.sourceLocation {
            out.write(",\"sourceLocation\":")
            out.writeJSONString(location)
        }
        if let mask = c.pointee.autoresizingMask {
            out.write(",\"autoresizingMask\":")
            out.writeJSONString(mask)
        }
        out.write(c.pointee.isSystemSpacing ? ",\"isSystemSpacing\":true" : ",\"isSystemSpacing\":false")
        if case .some = c.pointee.owner {
            out.write(",\"owner\":")
            repeats.write(c.pointer(to: \.owner)!, into: &out)
        }
        out.write(c.pointee.isBroken ? ",\"isBroken\":true" : ",\"isBroken\":false")
        if let miss = c.pointee.frameMiss {
            if miss == 0 {
                out.write(",\"frameMiss\":0")
            } else {
                out.write(",\"frameMiss\":")
                out.writeJSONNumber(miss)
            }
        }
        if let origin = c.pointee.origin {
            out.write(",\"origin\":")
            write(origin, into: &out)
        }
        if case .some = c.pointee.superview {
            out.write(",\"superview\":")
            repeats.write(c.pointer(to: \.superview)!, into: &out)
        }
        out.write("}")
    }

    /// `{"className":…,"address":…,"name":…,"title":…,"property":…}`, the
    /// optional ones when set, for a reference read in place (as
    /// `ObjectReference.writeBracketed` reads one); nothing for `nil`.
    /// `Repeats.write` copies it instead when it was written before.
    static func write(_ r: UnsafePointer<ObjectReference?>, into out: inout TextWriter) {
        guard let className = r.pointee?.className else { return }
        out.write("{\"className\":")
        out.writeJSONString(className)
        if let address = r.pointee?.address {
            out.write(",\"address\":")
            writeAddress(address, into: &out)
        }
        if let name = r.pointee?.name {
            out.write(",\"name\":")
            out.writeJSONString(name)
        }
        if let title = r.pointee?.title {
            out.write(",\"title\":")
            out.writeJSONString(title)
        }
        if let property = r.pointee?.property {
            out.write(",\"property\":")
            out.writeJSONString(property)
        }
        out.write("}")
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

    /// The relation's name (`LayoutRelation`'s coding), without building a string.
    private static func writeRelation(_ relation: LayoutRelation, into out: inout TextWriter) {
        switch relation {
        case .lessThanOrEqual: out.write("\"lessThanOrEqual\"")
        case .equal: out.write("\"equal\"")
        case .greaterThanOrEqual: out.write("\"greaterThanOrEqual\"")
        }
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

    private static func write(_ r: SnapshotRect, into out: inout TextWriter) {
        out.write("{\"x\":")
        out.writeJSONNumber(r.x)
        out.write(",\"y\":")
        out.writeJSONNumber(r.y)
        out.write(",\"width\":")
        out.writeJSONNumber(r.width)
        out.write(",\"height\":")
        out.writeJSONNumber(r.height)
        out.write("}")
    }

    private static func write(_ p: AxisPriorities, into out: inout TextWriter) {
        out.write("{\"horizontal\":")
        out.writeJSONNumber(p.horizontal)
        out.write(",\"vertical\":")
        out.writeJSONNumber(p.vertical)
        out.write("}")
    }

    private static func writeConstraints(_ list: [ConstraintSnapshot], repeats: inout Repeats,
                                         into out: inout TextWriter) {
        out.write("[")
        list.withUnsafeBufferPointer { constraints in
            guard let first = constraints.baseAddress else { return }
            for index in constraints.indices {
                if index > 0 { out.write(",") }
                write(first + index, repeats: &repeats, into: &out)
            }
        }
        out.write("]")
    }

    private static func writeStrings(_ list: [String], into out: inout TextWriter) {
        out.write("[")
        for (index, text) in list.enumerated() {
            if index > 0 { out.write(",") }
            out.writeJSONString(text)
        }
        out.write("]")
    }

    @inline(__always)
    private static func writeBool(_ value: Bool, into out: inout TextWriter) {
        if value { out.write("true") } else { out.write("false") }
    }
}
