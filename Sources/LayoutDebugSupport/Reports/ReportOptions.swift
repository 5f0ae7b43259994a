// MARK: - ReportOptions

/// What a live report should contain. The raw values are the C surface's
/// `LDS_` flags, so the C entry points pass their `flags` straight through.
public struct ReportOptions: OptionSet, Hashable, Sendable {
    /// The raw flag bits.
    public let rawValue: UInt32
    /// Creates options from `LDS_` flag bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `LDS_JSON`: JSON instead of text.
    static let json = ReportOptions(rawValue: 1)
    /// `LDS_NO_DESCEND`: report one view, not its subtree.
    static let noDescend = ReportOptions(rawValue: 2)
    /// `LDS_ALL`: ignore the skippable-class list.
    static let all = ReportOptions(rawValue: 4)
    /// `LDS_SYSTEM_FILTER`: leave system constraints out of constraint lists.
    static let systemFilter = ReportOptions(rawValue: 8)
    /// `LDS_HTML`: a picture as an HTML page rather than an SVG (`lds_picture`).
    static let html = ReportOptions(rawValue: 32)
    /// `LDS_STRESS`: `lds_lint` also re-solves a copy with doubled text and right to left.
    static let stress = ReportOptions(rawValue: 16)
}
