// MARK: - LineReading

/// What one kept line says read on its own: a constraint (its classes
/// already shortened, as `ConsoleLogParser.readable` does), `<private>`, or
/// text that could not be read; and the repairs its text needed. A class, so
/// that the line cache and every conflict made of the line share one.
final class LineReading {
    let constraint: ConstraintSnapshot?
    /// `constraint?.className` and `constraint?.identifier`, which every
    /// conflict made with the reading reads: kept apart, since reading them
    /// through the optional constraint copies the whole snapshot first.
    let className: String?
    let identifier: String?
    let unparsed: String?
    let isRedacted: Bool
    let repairs: PasteRepairs?
    /// `constraint?.shape`, made once per reading rather than per conflict,
    /// and only when a conflict is signed with it: a reading made to verify
    /// a line (`ConsoleLogParser.verifies`) is only compared.
    private(set) lazy var shape: String? = constraint?.shape
    /// What the constraint tells of its conflict's owner, worked out the
    /// first time a conflict made with this reading is signed.
    private(set) lazy var ownerEvidence: OwnerEvidence? = constraint.map { OwnerEvidence(of: $0) }
    /// Where in `shape`'s UTF-8 the text after the quoted identifier starts,
    /// when the shape starts `Class 'identifier'` (`ConstraintSnapshot.shape`):
    /// `shape(identifier:)` splices a new identifier in front of it.
    private lazy var restOffset: Int? = Self.restOffset(of: shape, constraint)

    init(constraint: ConstraintSnapshot? = nil, unparsed: String? = nil, isRedacted: Bool = false,
         repairs: PasteRepairs? = nil) {
        self.constraint = constraint
        className = constraint?.className
        identifier = constraint?.identifier
        self.unparsed = unparsed
        self.isRedacted = isRedacted
        self.repairs = repairs
    }

    /// Whether two readings say the same apart from addresses and the
    /// titles a line's key leaves out (`QuotedParameters`), and its identifier
    /// when the key leaves that out too. A line that could not be read is
    /// never shared: its text is what it says.
    func isSame(apartFromParameters other: LineReading, identifier: Bool) -> Bool {
        unparsed == nil && other.unparsed == nil && isRedacted == other.isRedacted && repairs == other.repairs
            && constraint?.withoutParameters(identifier: identifier)
                == other.constraint?.withoutParameters(identifier: identifier)
    }

    /// `shape` had the constraint been given `identifier`: a line whose
    /// key leaves its identifier out shares the rest of the reading.
    func shape(identifier own: String?) -> String? {
        guard var identifier = own else { return shape }
        guard let sharedClass = className, let sharedShape = shape, let restOffset else {
            // Not `Class 'identifier' …`: made again with the identifier in place.
            guard var constraint else { return nil }
            constraint.identifier = identifier
            return constraint.shape
        }
        // Splicing the one part that changes, bytes copied into a string of
        // the right size: a tenth of making the whole shape again.
        var shape = sharedShape
        var className = sharedClass
        return shape.withUTF8 { shape in
            className.withUTF8 { className in
                identifier.withUTF8 { identifier in
                    let rest = UnsafeBufferPointer(rebasing: shape[restOffset...])
                    let count = className.count + identifier.count + rest.count + 3
                    return String(unsafeUninitializedCapacity: count) { buffer in
                        var offset = 0
                        func copy(_ part: UnsafeBufferPointer<UInt8>) {
                            guard let base = part.baseAddress else { return }
                            (buffer.baseAddress! + offset).initialize(from: base, count: part.count)
                            offset += part.count
                        }
                        copy(className)
                        buffer[offset] = 0x20
                        buffer[offset + 1] = UInt8(ascii: "'")
                        offset += 2
                        copy(identifier)
                        buffer[offset] = UInt8(ascii: "'")
                        offset += 1
                        copy(rest)
                        return offset
                    }
                }
            }
        }
    }

    /// `ownerEvidence` had the constraint been given `identifier`.
    func ownerEvidence(identifier: String?) -> OwnerEvidence? {
        guard let identifier else { return ownerEvidence }
        guard let constraint, let evidence = ownerEvidence else { return nil }
        return evidence.replacingIdentifier(identifier, of: constraint)
    }

    /// Where the text after `Class 'identifier'` starts in `shape`'s UTF-8,
    /// compared byte by byte; `nil` when the shape does not start that way.
    private static func restOffset(of shape: String?, _ constraint: ConstraintSnapshot?) -> Int? {
        guard var shape, var className = constraint?.className, var identifier = constraint?.identifier else {
            return nil
        }
        return shape.withUTF8 { shape in
            className.withUTF8 { className in
                identifier.withUTF8 { identifier in
                    let end = className.count + identifier.count + 3
                    guard shape.count >= end, shape.starts(with: className),
                          shape[className.count] == 0x20, shape[className.count + 1] == UInt8(ascii: "'"),
                          shape[className.count + 2..<end - 1].elementsEqual(identifier),
                          shape[end - 1] == UInt8(ascii: "'") else { return nil }
                    return end
                }
            }
        }
    }
}

extension ConstraintSnapshot {
    /// The snapshot with its own and its views' addresses taken out, and
    /// the titles a line's key leaves out, and the identifier when asked.
    fileprivate func withoutParameters(identifier: Bool) -> ConstraintSnapshot {
        var copy = self
        copy.address = nil
        if identifier { copy.identifier = nil }
        copy.firstItem = copy.firstItem.map(Self.withoutParameters)
        copy.secondItem = copy.secondItem.map(Self.withoutParameters)
        copy.owner = copy.owner.map(Self.withoutParameters)
        copy.superview = copy.superview.map(Self.withoutParameters)
        return copy
    }

    private static func withoutParameters(_ item: ObjectReference) -> ObjectReference {
        var copy = item
        copy.address = nil
        if !QuotedParameters.isKept(item) { copy.title = nil }
        return copy
    }
}
