// MARK: - ObjectReference

/// A reference to a layout item (a view, a layout guide, a constraint's owner)
/// as a report names it.
///
/// The same value comes from a live object (through an adapter) and from a
/// console log (through the parser), so renderers never know which they got.
public struct ObjectReference: Codable, Hashable, Sendable {
    // Optional properties are spelled `Optional<…>` so the initializer
    // copies nothing (see `ConstraintSnapshot`).

    /// The class as the runtime prints it: `UIView`, `App.HeaderView`,
    /// `UITableViewCellContentView`, `_UILayoutGuide`.
    public var className: String
    /// The object's address, or `nil` when the log named the item only by a
    /// key or an identifier (Masonry `UIView:key`, a bare name from `names:`).
    public var address: Optional<UInt64>
    /// A user-facing name: a nametag set with `lname`, else the
    /// `accessibilityIdentifier`, else a bare name from a log; `nil` if none.
    public var name: Optional<String>
    /// A title as logs print it after the address (`'Sign in'`), already
    /// cut at 25 characters plus `...` when it was long.
    public var title: Optional<String>
    /// The stored property that holds the object, as `Holder.property`
    /// (`ProfileCell.avatarView`, `FeedViewController.cards[2]`): found by
    /// reflection over the object's view controller and ancestor views
    /// (`PropertyNames`); `nil` when none holds it, and always from a log.
    public var property: Optional<String>

    /// Creates a reference.
    public init(className: String, address: UInt64? = nil, name: String? = nil, title: String? = nil,
                property: String? = nil) {
        self.className = className
        self.address = address
        self.name = name
        self.title = title
        self.property = property
    }

    /// The address as `0x` followed by lowercase hex digits, or `nil`.
    public var addressText: String? {
        address.map { "0x" + String($0, radix: 16) }
    }

    /// The name a report shows: the nametag or identifier when there is one,
    /// else the property that holds the object, else the class.
    public var displayName: String { name ?? property ?? className }

    /// The property to print after the address: only when no nametag or
    /// identifier names the object, because a name the user chose wins.
    public var shownProperty: String? { name == nil ? property : nil }
}
