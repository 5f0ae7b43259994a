// MARK: - AddressNumbers

/// Numbers the addresses of one text in order of first appearance, twice:
/// by value, since a broken constraint is matched to a listed one by value
/// (`0x10` is `0x010`), and by spelling, since names are matched by their
/// text (`0xab` is not `0xAB`). Two texts with the same numbers have the same
/// addresses equal and different, in both senses.
struct AddressNumbers {
    /// Past this many distinct values or spellings, the rest are hashed as
    /// they are, which only makes keys more particular.
    private static let limit = 64
    private var values: [UInt64] = []
    /// Each spelling met, with the number of its value: one spelling has one
    /// value, so a repeated spelling is looked up once.
    private var spellings: [(spelling: Spelling, value: Int)] = []

    private struct Spelling: Equatable {
        var value: UInt64
        /// The digit count, and which digits are capitals above it.
        var form: UInt64
    }

    mutating func add(_ value: UInt64, spelling form: UInt64, to hasher: inout StreamHasher) {
        let spelling = Spelling(value: value, form: form)
        if let known = spellings.firstIndex(where: { $0.spelling == spelling }) {
            hasher.add(UInt64(spellings[known].value))
            hasher.add(UInt64(known))
            return
        }
        let valueNumber: Int
        if let found = values.firstIndex(of: value) {
            valueNumber = found
        } else if values.count < Self.limit {
            values.append(value)
            valueNumber = values.count - 1
        } else {
            return Self.addAsItIs(spelling, to: &hasher)
        }
        guard spellings.count < Self.limit else { return Self.addAsItIs(spelling, to: &hasher) }
        spellings.append((spelling, valueNumber))
        hasher.add(UInt64(valueNumber))
        hasher.add(UInt64(spellings.count - 1))
    }

    private static func addAsItIs(_ spelling: Spelling, to hasher: inout StreamHasher) {
        hasher.add(UInt64.max)
        hasher.add(spelling.value)
        hasher.add(spelling.form)
    }
}
