// MARK: - LoopReport

/// One loop of one input, as `layout-explain` reports it: where it was read, its explanation,
/// and the report's text.
public struct LoopReport: Sendable, Encodable {
    var source: String
    var firstLine: Int
    var lastLine: Int
    var explanation: LoopExplanation

    init(source: String, loop: PastedLoop, isFramework: (LoopFrame) -> Bool) {
        self.source = source
        firstLine = loop.firstLine
        lastLine = loop.lastLine
        explanation = LoopExplanation(loop, isFramework: isFramework)
    }

    /// `== path:1-40 ==` and the explanation's text.
    public var text: String { "== \(source):\(firstLine)-\(lastLine) ==\n" + explanation.text }

    private enum Key: String, CodingKey { case source, firstLine, lastLine, text }

    /// What the text lacks, one line each: `path:12: the text is cut off …`.
    public var problemLines: [String] {
        explanation.problems.map { "\(source):\(firstLine): \($0.sentence)" }
    }

    /// The place, then the explanation's fields in the same object, then its text.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(source, forKey: .source)
        try container.encode(firstLine, forKey: .firstLine)
        try container.encode(lastLine, forKey: .lastLine)
        try explanation.encode(to: encoder)
        try container.encode(explanation.text, forKey: .text)
    }
}

// MARK: - LoopSummary

/// Repeated loops grouped by signature (pass, window class, the app's top frames), most
/// frequent first, for `layout-explain --summary`.
public struct LoopSummary: Sendable, Encodable {
    /// One signature, how often it came, and how many of those had a SwiftUI hosting view's frame
    /// (the signature does not hold it: two crashes of one loop can show it or not).
    struct Row: Sendable, Encodable, Equatable {
        var signature: String
        var count: Int
        var withSwiftUIHosting: Int
    }

    private var rows: [Row] = []

    /// No loop counted yet.
    public init() {}

    /// Counts one loop.
    public mutating func add(_ report: LoopReport) {
        add(report.explanation)
    }

    /// Counts one loop.
    mutating func add(_ explanation: LoopExplanation) {
        let hosting = explanation.swiftUIHosting ? 1 : 0
        if let index = rows.firstIndex(where: { $0.signature == explanation.signature }) {
            rows[index].count += 1
            rows[index].withSwiftUIHosting += hosting
        } else {
            rows.append(Row(signature: explanation.signature, count: 1, withSwiftUIHosting: hosting))
        }
    }

    /// The rows, most frequent first (first seen first among equals).
    var sorted: [Row] {
        rows.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
    }

    var isEmpty: Bool { rows.isEmpty }

    /// `layout loops: 3, 2 distinct` and a `N× signature` line each.
    public var text: String {
        let total = rows.reduce(0) { $0 + $1.count }
        var out = "layout loops: \(total), \(rows.count) distinct\n"
        for row in sorted {
            let hosting = row.withSwiftUIHosting == 0 ? "" : " (\(row.withSwiftUIHosting) with a SwiftUI hosting view)"
            out += "  \(row.count)× \(row.signature)\(hosting)\n"
        }
        return out
    }

    /// The rows, most frequent first.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.unkeyedContainer()
        for row in sorted { try container.encode(row) }
    }
}

// MARK: - LoopDocument

/// `layout-explain --json`'s document for loops: `{"schema": "layoutdebug/2", "kind":
/// "layout-loop", "loops": […]}` (`--summary`: `"summary": […]` instead), described by
/// `docs/schema/layout-loop.json`.
public struct LoopDocument: Sendable, Encodable {
    static let schema = "layoutdebug/2"
    static let kind = "layout-loop"
    var loops: [LoopReport]?
    var summary: LoopSummary?

    /// Every loop's report, or with `summary` the signatures' counts.
    public init(loops: [LoopReport]? = nil, summary: LoopSummary? = nil) {
        self.loops = loops
        self.summary = summary
    }

    private enum Key: String, CodingKey { case schema, kind, loops, summary }

    /// `schema` and `kind` first, then `loops` or `summary`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.schema, forKey: .schema)
        try container.encode(Self.kind, forKey: .kind)
        try container.encodeIfPresent(loops, forKey: .loops)
        try container.encodeIfPresent(summary, forKey: .summary)
    }
}
