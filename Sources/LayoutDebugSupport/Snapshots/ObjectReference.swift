// MARK: - ObjectReference

/// A reference to a layout item (a view, a layout guide, a constraint's owner)
/// as a report names it.
///
/// The same value comes from a live object (through an adapter) and from a
/// console log (through the parser), so renderers never know which they got.
struct ObjectReference: Encodable, Hashable, Sendable {
    // The fields live in one immutable object that copies share: a report
    // copies each item's reference into every constraint that names it, and
    // into every copy of those constraints, and a copy of five fields took
    // four string retains (and as many releases) where the shared object
    // takes one. Setting a field makes a new object, so values never share a
    // change.

    /// The fields of one reference.
    private struct Fields: Hashable, Sendable {
        var className: String
        var address: Optional<UInt64>
        var name: Optional<String>
        var title: Optional<String>
        var property: Optional<String>
    }

    /// `Fields`, shared by the copies of one reference and never changed.
    private final class Shared: Sendable {
        let fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    private var shared: Shared

    /// Sets one field by making a new shared object, so no other copy sees it.
    private mutating func set<Value>(_ field: WritableKeyPath<Fields, Value>, to value: Value) {
        var fields = shared.fields
        fields[keyPath: field] = value
        shared = Shared(fields)
    }

    /// The class as the runtime prints it: `UIView`, `App.HeaderView`,
    /// `UITableViewCellContentView`, `_UILayoutGuide`.
    var className: String {
        get { shared.fields.className }
        set { set(\.className, to: newValue) }
    }
    /// The object's address, or `nil` when the log named the item only by a
    /// key or an identifier (Masonry `UIView:key`, a bare name from `names:`).
    var address: UInt64? {
        get { shared.fields.address }
        set { set(\.address, to: newValue) }
    }
    /// A user-facing name: a nametag set with `lname`, else the
    /// `accessibilityIdentifier`, else a bare name from a log; `nil` if none.
    var name: String? {
        get { shared.fields.name }
        set { set(\.name, to: newValue) }
    }
    /// A title as logs print it after the address (`'Sign in'`), already
    /// cut at 25 characters plus `...` when it was long.
    var title: String? {
        get { shared.fields.title }
        set { set(\.title, to: newValue) }
    }
    /// The stored property that holds the object, as `Holder.property`
    /// (`ProfileCell.avatarView`, `FeedViewController.cards[2]`): found by
    /// reflection over the object's view controller and ancestor views
    /// (`PropertyNames`); `nil` when none holds it, and always from a log.
    var property: String? {
        get { shared.fields.property }
        set { set(\.property, to: newValue) }
    }

    /// Creates a reference.
    init(className: String, address: UInt64? = nil, name: String? = nil, title: String? = nil,
                property: String? = nil) {
        shared = Shared(Fields(className: className, address: address, name: name, title: title, property: property))
    }

    /// Equal when every field is (copies of one reference at once).
    static func == (lhs: ObjectReference, rhs: ObjectReference) -> Bool {
        lhs.shared === rhs.shared || lhs.shared.fields == rhs.shared.fields
    }

    /// Hashes the fields in order, as the synthesized conformance did.
    func hash(into hasher: inout Hasher) {
        hasher.combine(shared.fields)
    }

    /// The address as `0x` followed by lowercase hex digits, or `nil`.
    var addressText: String? {
        address.map(AddressCoding.text)
    }

    /// The name a report shows: the nametag or identifier when there is one,
    /// else the property that holds the object, else the class.
    var displayName: String { name ?? property ?? className }

    /// The property to print after the address: only when no nametag or
    /// identifier names the object, because a name the user chose wins.
    var shownProperty: String? { name == nil ? property : nil }
}

// MARK: - JSON

// A document describes each item once, in its `views` (`DocumentViews`), and names it
// everywhere else by its address: `Named`.
extension ObjectReference {
    private enum CodingKeys: String, CodingKey { case address, className, name, title, property }

    /// Writes `{"address": "0x…", "className", "name", "title", "property"}`, the optional ones when set.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeAddress(address, forKey: .address)
        try container.encode(className, forKey: .className)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(property, forKey: .property)
    }

    /// The item as a document names it outside its `views`: `"0x…"`; the whole reference
    /// when it has no address (a log's bare name), since nothing else could find it.
    struct Named: Encodable, Hashable, Sendable {
        /// The item named.
        let reference: ObjectReference

        /// `reference`, named.
        init(_ reference: ObjectReference) { self.reference = reference }

        /// Writes the address, or the reference.
        func encode(to encoder: Encoder) throws {
            guard let address = reference.address else { return try reference.encode(to: encoder) }
            var container = encoder.singleValueContainer()
            try container.encode(AddressCoding.text(address))
        }
    }

    /// The reference as a document names it (`Named`).
    var named: Named { Named(self) }
}
