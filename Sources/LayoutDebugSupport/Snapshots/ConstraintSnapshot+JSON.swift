// MARK: - ConstraintSnapshot as JSON

// The shared constraint of docs/schema/common.json: its address as "0x…" (`AddressCoding`),
// its items by address (`ObjectReference.Named`: the document describes them once, under
// `views`), its relation by name, its origin as one object (`ConstraintOrigin`), and each
// field left out at its default (an `NSLayoutConstraint`, `equal`, multiplier 1, constant 0,
// required, active, not broken, the frames satisfying it). `SnapshotJSON` writes the same
// bytes faster, and `SnapshotJSONTests` holds the two equal: a field added here must be added
// there.
extension ConstraintSnapshot {
    private enum CodingKeys: String, CodingKey {
        case address, className, identifier, name, firstItem, firstAttribute, relation, secondItem, secondAttribute
        case multiplier, constant, priority, isActive, sourceLocation, autoresizingMask, isSystemSpacing
        case owner, isBroken, frameMiss, origin, superview
    }

    /// The class nearly every constraint has, left out of the JSON.
    static let defaultClassName = "NSLayoutConstraint"

    /// Writes the constraint, each field only when it is not at its default.
    public func encode(to encoder: Encoder) throws {
        try encode(to: encoder, withOwner: true)
    }

    /// Writes the constraint; `withOwner: false` leaves out the view it is installed on, for a
    /// document that lists it under that view.
    func encode(to encoder: Encoder, withOwner: Bool) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeAddress(address, forKey: .address)
        if className != Self.defaultClassName { try c.encode(className, forKey: .className) }
        try c.encodeIfPresent(identifier, forKey: .identifier)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(firstItem?.named, forKey: .firstItem)
        try c.encode(firstAttribute, forKey: .firstAttribute)
        if relation != .equal { try c.encode(relation, forKey: .relation) }
        try c.encodeIfPresent(secondItem?.named, forKey: .secondItem)
        if secondAttribute != .notAnAttribute { try c.encode(secondAttribute, forKey: .secondAttribute) }
        if multiplier != 1 { try c.encode(multiplier, forKey: .multiplier) }
        if constant != 0 { try c.encode(constant, forKey: .constant) }
        if priority != 1000 { try c.encode(priority, forKey: .priority) }
        if isActive == false { try c.encode(false, forKey: .isActive) }
        try c.encodeIfPresent(sourceLocation, forKey: .sourceLocation)
        try c.encodeIfPresent(autoresizingMask, forKey: .autoresizingMask)
        if isSystemSpacing { try c.encode(true, forKey: .isSystemSpacing) }
        if withOwner { try c.encodeIfPresent(owner?.named, forKey: .owner) }
        if isBroken { try c.encode(true, forKey: .isBroken) }
        if let frameMiss, frameMiss != 0 { try c.encode(frameMiss, forKey: .frameMiss) }
        try c.encodeIfPresent(origin, forKey: .origin)
        try c.encodeIfPresent(superview?.named, forKey: .superview)
    }

    /// A constraint listed under the view it is installed on: written without its `owner`.
    struct Installed: Encodable {
        /// The constraint.
        let constraint: ConstraintSnapshot

        /// `constraint`, listed under its owner.
        init(_ constraint: ConstraintSnapshot) { self.constraint = constraint }

        /// Writes the constraint without its owner.
        func encode(to encoder: Encoder) throws {
            try constraint.encode(to: encoder, withOwner: false)
        }
    }
}
