// MARK: - Naming objects in reports

extension ObjectReference {
    /// Sadun's bracketed spelling, with the full 64-bit address:
    /// `<HeaderView:0x7ff0a8c0b290>`, or `<HeaderView>` when the address is unknown;
    /// an unnamed object held by a property says which after the address:
    /// `<UIImageView:0x7ff0a8c0b290 ProfileCell.avatarView>`, and one a log
    /// printed a title for shows it: `<UILabel:0x7ff0a8c0b290 'Welcome back'>`,
    /// `<UILayoutGuide:0x600003b2c1c0 'UIViewSafeAreaLayoutGuide'>`.
    ///
    /// The display name (nametag, then accessibility identifier, then class)
    /// comes first because it is what the user recognises; the address is what
    /// they paste back into the debugger.
    var bracketed: String {
        var out = TextWriter()
        writeBracketed(into: &out)
        return out.string
    }

    /// Appends `bracketed` to `out` without building it first; reports name
    /// thousands of items, so this is their hottest path.
    func writeBracketed(into out: inout TextWriter) {
        withUnsafePointer(to: Optional(self)) { Self.writeBracketed($0, into: &out) }
    }

    /// `writeBracketed` for a reference read in place, or `<?>` for none
    /// (an item a trimmed log did not name). Each field is read through the
    /// pointer: copying the reference whole goes through the runtime's
    /// generic Optional witness, and descents name thousands of items.
    static func writeBracketed(_ reference: UnsafePointer<ObjectReference?>, into out: inout TextWriter) {
        guard case .some = reference.pointee else {
            out.write("<?>")
            return
        }
        out.write("<")
        if let name = reference.pointee?.name {
            out.write(name)
        } else if let className = reference.pointee?.className {
            out.write(className)
        }
        if let address = reference.pointee?.address {
            out.write(":0x")
            out.write(hex: address)
        }
        if reference.pointee?.name == nil, let property = reference.pointee?.property {
            out.write(" ")
            out.write(property)
        } else if reference.pointee?.name == nil, let title = reference.pointee?.title {
            // What the log printed after the address (a label's text, a guide's
            // identifier) is what a person recognises the object by.
            out.write(" '")
            out.write(title)
            out.write("'")
        }
        out.write(">")
    }

    /// The class and address as UIKit's own logs print them
    /// (`UIView:0x7ff0a8c0b290`), used where reports imitate UIKit's format.
    var plainIdentity: String {
        guard let addressText else { return className }
        return "\(className):\(addressText)"
    }
}
