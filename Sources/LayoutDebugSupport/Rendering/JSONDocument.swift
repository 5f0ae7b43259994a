// MARK: - JSONDocument

/// What every JSON document starts with: `{"schema": "layoutdebug/2", "kind": "…", …}`.
///
/// One version for all of them, so a tool checks one field before it reads the rest, and a
/// kind, since one command can answer with two (`lreport` gives a descent report for a view
/// and a constraint report for a constraint). `docs/schema/<kind>.json` describes each kind;
/// `docs/schema/common.json` the parts they share.
public enum JSONDocumentKind: String, CaseIterable, Sendable {
    /// `lds_conflict_report` (lbreak).
    case conflictReport = "conflict-report"
    /// `lreport <view> --json`.
    case descentReport = "descent-report"
    /// `lreport <constraint> --json`.
    case constraintReport = "constraint-report"
    /// `lconstraints --json`.
    case referencingConstraints = "referencing-constraints"
    /// `ltrace --json`.
    case autolayoutTrace = "autolayout-trace"
    /// `llint --json`.
    case lint
    /// `lfix … --json`: a change applied or undone, and the layout after it.
    case fixOutcome = "fix-outcome"
    /// `lfix --list --json`.
    case fixList = "fix-list"
    /// `layout-explain --json`.
    case explain
    /// `layout-explain --summary --json`.
    case explainSummary = "explain-summary"
    /// `layout-explain --ci --write-baseline FILE`: the conflicts a project already knows.
    case ciBaseline = "ci-baseline"

    /// The version every document carries; a change a reader must know of gets a new one.
    static let schema = "layoutdebug/2"

    /// `{"schema":"layoutdebug/2","kind":"…",`: the head a fast writer starts its object with.
    public var head: String { "{\"schema\":\"\(Self.schema)\",\"kind\":\"\(rawValue)\"," }
}

/// A value written as a document: `schema` and `kind` first, then the value's own fields in
/// the same object. The value is written with the encoder it is given, so any encoder that
/// merges keyed containers (`JSONText`, Foundation's `JSONEncoder`) writes one object.
struct JSONDocument<Body: Encodable>: Encodable {
    /// The document's kind.
    var kind: JSONDocumentKind
    /// Its fields.
    var body: Body

    /// `body` as a document of `kind`.
    init(_ kind: JSONDocumentKind, _ body: Body) {
        self.kind = kind
        self.body = body
    }

    private enum HeadKey: String, CodingKey { case schema, kind }

    /// Writes `schema`, `kind`, then `body`'s fields.
    func encode(to encoder: Encoder) throws {
        var head = encoder.container(keyedBy: HeadKey.self)
        try head.encode(JSONDocumentKind.schema, forKey: .schema)
        try head.encode(kind.rawValue, forKey: .kind)
        try body.encode(to: encoder)
    }
}

extension JSONText {
    /// `body` as one line of JSON, a document of `kind` (`JSONDocument`).
    public static func document<Body: Encodable>(_ kind: JSONDocumentKind, _ body: Body) -> String {
        encode(JSONDocument(kind, body))
    }
}
