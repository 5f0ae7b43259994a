// MARK: - AddressCoding

/// How every JSON document writes an address: `"0x"` and lowercase hex, as reports print it
/// and as a debugger takes it back (`lreport 0x…`), never a decimal number that a reader would
/// have to convert, and that a double (JavaScript's only number) cannot hold whole.
/// See `docs/schema/common.json`.
enum AddressCoding {
    /// `0x` followed by lowercase hex digits.
    static func text(_ address: UInt64) -> String { "0x" + String(address, radix: 16) }

    /// The address `text` spells, or `nil` when it is not `0x` and hex digits.
    static func value(_ text: String) -> UInt64? {
        guard text.hasPrefix("0x") || text.hasPrefix("0X"), text.utf8.count > 2 else { return nil }
        return UInt64(text.dropFirst(2), radix: 16)
    }
}

extension KeyedEncodingContainer {
    /// Writes `address` as `"0x…"`; nothing when it is `nil`.
    mutating func encodeAddress(_ address: UInt64?, forKey key: Key) throws {
        guard let address else { return }
        try encode(AddressCoding.text(address), forKey: key)
    }

    /// Writes each address as `"0x…"`.
    mutating func encodeAddresses(_ addresses: [UInt64], forKey key: Key) throws {
        try encode(addresses.map(AddressCoding.text), forKey: key)
    }
}
