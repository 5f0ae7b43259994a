// MARK: - The Encoder behind JSONText

/// An `Encoder` that writes into a `JSONNode`.
struct JSONTreeEncoder: Encoder {
    let node: JSONNode
    var codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(JSONKeyedWriter<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        node.makeArray()
        return JSONUnkeyedWriter(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        JSONSingleWriter(node: node, codingPath: codingPath)
    }
}

/// Turns any encodable value into a node; scalars skip the generic path.
private func encodeNode<T: Encodable>(_ value: T, codingPath: [CodingKey]) throws -> JSONNode {
    let child = JSONNode()
    try value.encode(to: JSONTreeEncoder(node: child, codingPath: codingPath))
    return child
}

/// The index of an unkeyed element, as a coding key for error paths.
private struct IndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

// MARK: - Keyed

struct JSONKeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    var codingPath: [CodingKey]

    /// Where a scalar for `key` goes: a new member of this object.
    private func slot(_ key: Key) -> JSONMemberSlot { JSONMemberSlot(node: node, key: key.stringValue) }

    mutating func encodeNil(forKey key: Key) { slot(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) { slot(key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) { slot(key).encode(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.append(key.stringValue, try encodeNode(value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONNode()
        child.makeObject()
        node.append(key.stringValue, child)
        return KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let child = JSONNode()
        child.makeArray()
        node.append(key.stringValue, child)
        return JSONUnkeyedWriter(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> Encoder {
        let child = JSONNode()
        node.append(name, child)
        return JSONTreeEncoder(node: child, codingPath: codingPath)
    }
}

// MARK: - Unkeyed

struct JSONUnkeyedWriter: UnkeyedEncodingContainer, JSONScalarWriter {
    let node: JSONNode
    var codingPath: [CodingKey]
    var count: Int { node.count }

    /// Puts a scalar's JSON as the next element (the scalars are `JSONScalarWriter`'s).
    func put(_ text: String) { node.append(.literal(text)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.append(try encodeNode(value, codingPath: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONNode()
        child.makeObject()
        node.append(child)
        return KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let child = JSONNode()
        child.makeArray()
        node.append(child)
        return JSONUnkeyedWriter(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> Encoder {
        let child = JSONNode()
        node.append(child)
        return JSONTreeEncoder(node: child, codingPath: codingPath)
    }
}

// MARK: - Single value

struct JSONSingleWriter: SingleValueEncodingContainer, JSONScalarWriter {
    let node: JSONNode
    var codingPath: [CodingKey]

    /// Makes a scalar's JSON the value (the scalars are `JSONScalarWriter`'s).
    func put(_ text: String) { node.content = .literal(text) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: JSONTreeEncoder(node: node, codingPath: codingPath))
    }
}

// MARK: - Scalars

/// A place one scalar's JSON goes: the next element of an array, the value of
/// a single-value container, or a member of an object (`JSONMemberSlot`).
///
/// The one copy of how each scalar is written: the unkeyed and single-value
/// containers take these as their `encode` methods, the keyed one forwards to
/// them.
protocol JSONScalarWriter {
    /// Puts `text`, one value's JSON, in place.
    func put(_ text: String)
}

extension JSONScalarWriter {
    func encodeNil() { put("null") }
    func encode(_ value: Bool) { put(value ? "true" : "false") }
    func encode(_ value: String) { put(JSONText.quoted(value)) }
    func encode(_ value: Double) { put(JSONNode.number(value)) }
    func encode(_ value: Float) { put(JSONNode.number(Double(value))) }
    func encode(_ value: Int) { put(String(value)) }
    func encode(_ value: Int8) { put(String(value)) }
    func encode(_ value: Int16) { put(String(value)) }
    func encode(_ value: Int32) { put(String(value)) }
    func encode(_ value: Int64) { put(String(value)) }
    func encode(_ value: UInt) { put(String(value)) }
    func encode(_ value: UInt8) { put(String(value)) }
    func encode(_ value: UInt16) { put(String(value)) }
    func encode(_ value: UInt32) { put(String(value)) }
    func encode(_ value: UInt64) { put(String(value)) }
}

/// A new member `key` of an object, for a keyed container's scalars.
struct JSONMemberSlot: JSONScalarWriter {
    let node: JSONNode
    let key: String

    func put(_ text: String) { node.append(key, .literal(text)) }
}
