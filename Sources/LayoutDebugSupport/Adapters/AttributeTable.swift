// MARK: - AttributeTable

/// `LayoutAttribute(uikitRawValue:)` as an array lookup.
///
/// The initializer scans every case; adapters convert four attributes per
/// constraint, thousands of times per report, so they index this table instead.
enum AttributeTable {
    private static let byRawValue: [LayoutAttribute?] = (0...20).map { LayoutAttribute(uikitRawValue: $0) }

    /// The attribute for a UIKit (or AppKit) raw value, or `nil` when there is none.
    static func attribute(_ rawValue: Int) -> LayoutAttribute? {
        byRawValue.indices.contains(rawValue) ? byRawValue[rawValue] : LayoutAttribute(uikitRawValue: rawValue)
    }
}
