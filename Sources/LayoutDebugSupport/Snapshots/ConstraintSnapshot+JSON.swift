// MARK: - ConstraintSnapshot as JSON

// The shared constraint of docs/schema/common.json: its address as "0x…" (`AddressCoding`),
// its relation by name, its origin as one object (`ConstraintOrigin`), the rest as Swift
// would write it, in declaration order. `SnapshotJSON` writes the same bytes faster, and
// `SnapshotJSONTests` holds the two equal: a field added here must be added there.
extension ConstraintSnapshot {
    private enum CodingKeys: String, CodingKey {
        case className, address, identifier, name, firstItem, firstAttribute, relation, secondItem, secondAttribute
        case multiplier, constant, priority, isActive, sourceLocation, autoresizingMask, isSystemSpacing
        case owner, isBroken, frameMiss, origin, superview
    }

    /// Reads a constraint; older documents (decimal addresses, raw relations, Swift's enum
    /// coding of origins) read too.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            className: try c.decode(String.self, forKey: .className),
            address: try c.decodeAddressIfPresent(forKey: .address),
            identifier: try c.decodeIfPresent(String.self, forKey: .identifier),
            name: try c.decodeIfPresent(String.self, forKey: .name),
            firstItem: try c.decodeIfPresent(ObjectReference.self, forKey: .firstItem),
            firstAttribute: try c.decode(LayoutAttribute.self, forKey: .firstAttribute),
            relation: try c.decode(LayoutRelation.self, forKey: .relation),
            secondItem: try c.decodeIfPresent(ObjectReference.self, forKey: .secondItem),
            secondAttribute: try c.decode(LayoutAttribute.self, forKey: .secondAttribute),
            multiplier: try c.decode(Double.self, forKey: .multiplier),
            constant: try c.decode(Double.self, forKey: .constant),
            priority: try c.decode(Double.self, forKey: .priority),
            isActive: try c.decodeIfPresent(Bool.self, forKey: .isActive),
            sourceLocation: try c.decodeIfPresent(String.self, forKey: .sourceLocation),
            autoresizingMask: try c.decodeIfPresent(String.self, forKey: .autoresizingMask),
            isSystemSpacing: try c.decode(Bool.self, forKey: .isSystemSpacing),
            owner: try c.decodeIfPresent(ObjectReference.self, forKey: .owner),
            isBroken: try c.decode(Bool.self, forKey: .isBroken),
            frameMiss: try c.decodeIfPresent(Double.self, forKey: .frameMiss),
            origin: try c.decodeIfPresent(ConstraintOrigin.self, forKey: .origin),
            superview: try c.decodeIfPresent(ObjectReference.self, forKey: .superview))
    }

    /// Writes the constraint, its optional fields only when set.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(className, forKey: .className)
        try c.encodeAddress(address, forKey: .address)
        try c.encodeIfPresent(identifier, forKey: .identifier)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(firstItem, forKey: .firstItem)
        try c.encode(firstAttribute, forKey: .firstAttribute)
        try c.encode(relation, forKey: .relation)
        try c.encodeIfPresent(secondItem, forKey: .secondItem)
        try c.encode(secondAttribute, forKey: .secondAttribute)
        try c.encode(multiplier, forKey: .multiplier)
        try c.encode(constant, forKey: .constant)
        try c.encode(priority, forKey: .priority)
        try c.encodeIfPresent(isActive, forKey: .isActive)
        try c.encodeIfPresent(sourceLocation, forKey: .sourceLocation)
        try c.encodeIfPresent(autoresizingMask, forKey: .autoresizingMask)
        try c.encode(isSystemSpacing, forKey: .isSystemSpacing)
        try c.encodeIfPresent(owner, forKey: .owner)
        try c.encode(isBroken, forKey: .isBroken)
        try c.encodeIfPresent(frameMiss, forKey: .frameMiss)
        try c.encodeIfPresent(origin, forKey: .origin)
        try c.encodeIfPresent(superview, forKey: .superview)
    }
}
