// MARK: - ItemLabels

/// Identity and short printable names for the items of one conflict.
///
/// An item is the same object wherever its address appears; without an
/// address (a bare name, Masonry's key) its name identifies it. An unresolved
/// `|` is a different unknown superview in each constraint, because nothing
/// says two of them are the same view. Labels use the class (or name) alone
/// when that is unambiguous in the conflict, else add the address.
struct ItemLabels {
    private var labels: [String: String] = [:]

    init(_ constraints: [ConstraintSnapshot]) {
        var references: [String: ObjectReference] = [:]
        for (index, constraint) in constraints.enumerated() {
            for item in [constraint.firstItem, constraint.secondItem, constraint.superview].compactMap({ $0 }) {
                references[Self.key(item, constraintIndex: index)] = item
            }
        }
        var counts: [String: Int] = [:]
        for reference in references.values { counts[reference.displayName, default: 0] += 1 }
        for (key, reference) in references {
            var label = reference.displayName
            if counts[label, default: 0] > 1, let address = reference.addressText { label += ":" + address }
            labels[key] = label
        }
    }

    /// The identity of an item.
    static func key(_ item: ObjectReference, constraintIndex: Int) -> String {
        if let address = item.address { return "0x" + String(address, radix: 16) }
        if item.className == "superview", item.name == nil { return "superview#\(constraintIndex)" }
        return "name:" + item.displayName
    }

    /// The label for the item with this key (`fallback` names an item the
    /// constraints do not list, such as a margins guide found by key).
    func label(for key: String, _ fallback: ObjectReference?) -> String {
        labels[key] ?? fallback?.displayName ?? "superview"
    }
}
