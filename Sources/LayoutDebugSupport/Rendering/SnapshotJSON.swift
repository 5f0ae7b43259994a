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
    static func write(_ v: ViewSnapshot, withChildren: Bool = true, into out: inout TextWriter) {
        out.write("{\"reference\":")
        write(v.reference, into: &out)
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
        writeConstraints(v.constraints, into: &out)
        out.write(",\"ancestorConstraints\":")
        writeConstraints(v.ancestorConstraints, into: &out)
        out.write(",\"children\":[")
        if withChildren {
            for (index, child) in v.children.enumerated() {
                if index > 0 { out.write(",") }
                write(child, into: &out)
            }
        }
        out.write("]}")
    }

    /// One constraint, its optional fields only when set.
    static func write(_ c: ConstraintSnapshot, into out: inout TextWriter) {
        out.write("{\"className\":")
        out.writeJSONString(c.className)
        if let address = c.address {
            out.write(",\"address\":")
            writeAddress(address, into: &out)
        }
        if let identifier = c.identifier {
            out.write(",\"identifier\":")
            out.writeJSONString(identifier)
        }
        if let item = c.firstItem {
            out.write(",\"firstItem\":")
            write(item, into: &out)
        }
        out.write(",\"firstAttribute\":")
        out.writeJSONString(c.firstAttribute.rawValue)
        out.write(",\"relation\":")
        writeRelation(c.relation, into: &out)
        if let item = c.secondItem {
            out.write(",\"secondItem\":")
            write(item, into: &out)
        }
        out.write(",\"secondAttribute\":")
        out.writeJSONString(c.secondAttribute.rawValue)
        out.write(",\"multiplier\":")
        out.writeJSONNumber(c.multiplier)
        out.write(",\"constant\":")
        out.writeJSONNumber(c.constant)
        out.write(",\"priority\":")
        out.writeJSONNumber(c.priority)
        if let active = c.isActive {
            out.write(",\"isActive\":")
            writeBool(active, into: &out)
        }
        if let location = c.sourceLocation {
            out.write(",\"sourceLocation\":")
            out.writeJSONString(location)
        }
        if let mask = c.autoresizingMask {
            out.write(",\"autoresizingMask\":")
            out.writeJSONString(mask)
        }
        out.write(",\"isSystemSpacing\":")
        writeBool(c.isSystemSpacing, into: &out)
        if let owner = c.owner {
            out.write(",\"owner\":")
            write(owner, into: &out)
        }
        out.write(",\"isBroken\":")
        writeBool(c.isBroken, into: &out)
        if let miss = c.frameMiss {
            out.write(",\"frameMiss\":")
            out.writeJSONNumber(miss)
        }
        if let origin = c.origin {
            out.write(",\"origin\":")
            write(origin, into: &out)
        }
        if let superview = c.superview {
            out.write(",\"superview\":")
            write(superview, into: &out)
        }
        out.write("}")
    }

    /// `{"className":…,"address":…,"name":…,"title":…,"property":…}`, the optional ones when set.
    static func write(_ r: ObjectReference, into out: inout TextWriter) {
        out.write("{\"className\":")
        out.writeJSONString(r.className)
        if let address = r.address {
            out.write(",\"address\":")
            writeAddress(address, into: &out)
        }
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

    private static func writeConstraints(_ list: [ConstraintSnapshot], into out: inout TextWriter) {
        out.write("[")
        for index in list.indices {
            if index > 0 { out.write(",") }
            write(list[index], into: &out)
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

    private static func writeBool(_ value: Bool, into out: inout TextWriter) {
        if value { out.write("true") } else { out.write("false") }
    }
}
