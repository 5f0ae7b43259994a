// MARK: - ObjectKeys

/// The keys of the `AddressTable`s that cache what a report learns about live
/// objects and classes: their addresses. The adapter's caches and the property
/// names' caches key by the same values, so both can meet the same object.
enum ObjectKeys {
    /// An object's key: its address.
    static func key(_ object: AnyObject) -> UInt64 {
        UInt64(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()))
    }

    /// A class's key: its metadata's address.
    static func key(ofClass type: AnyClass) -> UInt64 {
        UInt64(UInt(bitPattern: ObjectIdentifier(type)))
    }
}
