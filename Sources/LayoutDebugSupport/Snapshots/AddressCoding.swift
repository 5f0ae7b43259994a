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

extension KeyedDecodingContainer {
    /// Reads `"0x…"`, or the decimal number that documents before `layoutdebug/1` wrote;
    /// `nil` when the key is absent or null.
    func decodeAddressIfPresent(forKey key: Key) throws -> UInt64? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeAddress(forKey: key)
    }

    /// Reads `"0x…"`, or an older document's decimal number.
    func decodeAddress(forKey key: Key) throws -> UInt64 {
        if let text = try? decode(String.self, forKey: key) {
            guard let address = AddressCoding.value(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self,
                                                       debugDescription: "not a 0x… address: \(text)")
            }
            return address
        }
        return try decode(UInt64.self, forKey: key)
    }

    /// Reads a list of `"0x…"` addresses, or an older document's decimal numbers.
    func decodeAddresses(forKey key: Key) throws -> [UInt64] {
        if let numbers = try? decode([UInt64].self, forKey: key) { return numbers }
        return try decode([String].self, forKey: key).map { text in
            guard let address = AddressCoding.value(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self,
                                                       debugDescription: "not a 0x… address: \(text)")
            }
            return address
        }
    }
}
