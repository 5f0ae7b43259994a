import Foundation

// MARK: - ConflictBaseline

/// The conflicts a project already knows, as a file committed beside its tests
/// (`layout-explain --ci --baseline FILE`, written by `--write-baseline FILE`).
///
/// It is a JSON document of kind `ci-baseline` (`docs/schema/ci-baseline.json`), written to be
/// reviewed in a diff: one conflict per line, sorted by owner then signature, keyed by
/// signature. A signature holds no address, no title and no time, so the same conflicts give
/// the same file on every run and every machine. Each entry also names up to three test cases
/// it was seen in, for the reader; comparing a run with the baseline reads signatures only.
struct ConflictBaseline: Equatable, Sendable {
    /// One known conflict.
    struct Entry: Equatable, Sendable {
        /// Its signature.
        var signature: String
        /// Whose conflict it is.
        var owner: ConflictOwner?
        /// Test cases it was seen in (`TestCaseName.display`), at most `testsPerEntry`.
        var tests: [String]

        /// An entry for `signature`.
        init(signature: String, owner: ConflictOwner?, tests: [String] = []) {
            self.signature = signature
            self.owner = owner
            self.tests = tests
        }
    }

    /// The entries, sorted.
    private(set) var entries: [Entry]

    /// Most test cases an entry names.
    static let testsPerEntry = 3

    /// The signatures it holds.
    let signatures: Set<String>

    /// A baseline of `entries` (sorted here; a signature listed twice is kept once).
    init(entries: [Entry]) {
        var seen = Set<String>(minimumCapacity: entries.count)
        let kept = entries.filter { seen.insert($0.signature).inserted }
        // A file --write-baseline wrote is in order already: checking costs a comparison an
        // entry, sorting some ten on a baseline of 640.
        self.entries = Self.isSorted(kept) ? kept : kept.sorted(by: Self.precedes)
        signatures = seen
    }

    /// The baseline of everything `run` saw.
    init(run: ConflictRun) {
        self.init(entries: run.groups.map { group in
            Entry(signature: group.signature, owner: group.owner,
                  tests: Array(group.tests(in: run).map(\.display).sorted().prefix(Self.testsPerEntry)))
        })
    }

    /// Yours first, then system and transient (an entry without an owner last), each by signature.
    private static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        if a.owner != b.owner {
            guard let ownerA = a.owner else { return false }
            guard let ownerB = b.owner else { return true }
            return ownerA < ownerB
        }
        return a.signature < b.signature
    }

    /// Whether `entries` are in the order `precedes` puts them.
    private static func isSorted(_ entries: [Entry]) -> Bool {
        entries.indices.dropFirst().allSatisfy { !precedes(entries[$0], entries[$0 - 1]) }
    }

    // MARK: - Writing

    /// The file's text: the document head, then one entry per line.
    var text: String {
        var out = "{\n  \"schema\": \"\(JSONDocumentKind.schema)\",\n  \"kind\": \"\(JSONDocumentKind.ciBaseline.rawValue)\",\n"
        out += "  \"conflicts\": ["
        for (index, entry) in entries.enumerated() {
            out += index == 0 ? "\n    " : ",\n    "
            out += "{\"signature\": " + JSONText.quoted(entry.signature)
            if let owner = entry.owner { out += ", \"owner\": \"\(owner.rawValue)\"" }
            out += ", \"tests\": [" + entry.tests.map(JSONText.quoted).joined(separator: ", ") + "]}"
        }
        out += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    // MARK: - Reading

    /// Why a baseline file cannot be used.
    enum ReadError: Error, Equatable, CustomStringConvertible {
        /// Not JSON at all, or not an object.
        case notJSON
        /// Written by a newer LayoutDebug: the schema it names.
        case newerSchema(String)
        /// Written by an older LayoutDebug, whose schema this one no longer reads: the schema it names.
        case olderSchema(String)
        /// Another document, or another schema family.
        case notABaseline(String)
        /// The right kind, but a field is missing or of the wrong type: which.
        case malformed(String)

        /// One line, without the file's name.
        var description: String {
            switch self {
            case .notJSON:
                return "not a baseline: not a JSON object"
            case .newerSchema(let schema):
                return "written for schema \(schema), newer than this layout-explain reads (\(JSONDocumentKind.schema)): "
                    + "update LayoutDebug, or write the baseline again with --write-baseline"
            case .olderSchema(let schema):
                return "written for schema \(schema), older than this layout-explain reads (\(JSONDocumentKind.schema)): "
                    + "write the baseline again with --write-baseline"
            case .notABaseline(let what):
                return "not a baseline: \(what)"
            case .malformed(let what):
                return "not a valid baseline: \(what)"
            }
        }
    }

    /// Reads a baseline file's text.
    ///
    /// - Throws: `ReadError`, saying in one line what is wrong.
    init(reading data: Data) throws(ReadError) {
        guard let document = JSONValue.parse([UInt8](data)), case .object = document else { throw .notJSON }
        guard let schema = document["schema"]?.string else { throw .notABaseline("no \"schema\" field") }
        if schema != JSONDocumentKind.schema {
            if let version = Self.version(of: schema), let ours = Self.version(of: JSONDocumentKind.schema) {
                throw version > ours ? .newerSchema(schema) : .olderSchema(schema)
            }
            throw .notABaseline("schema \"\(schema)\" is not LayoutDebug's")
        }
        guard let kind = document["kind"]?.string, kind == JSONDocumentKind.ciBaseline.rawValue else {
            throw .notABaseline("its kind is \(document["kind"]?.string.map { "\"\($0)\"" } ?? "missing"), "
                + "not \"\(JSONDocumentKind.ciBaseline.rawValue)\"")
        }
        guard case .array(let conflicts)? = document["conflicts"] else { throw .malformed("no \"conflicts\" array") }
        var entries: [Entry] = []
        for (index, item) in conflicts.enumerated() {
            guard let signature = item["signature"]?.string, !signature.isEmpty else {
                throw .malformed("conflict \(index + 1) has no \"signature\" string")
            }
            var owner: ConflictOwner?
            if let name = item["owner"] {
                guard let text = name.string, let known = ConflictOwner(rawValue: text) else {
                    throw .malformed("conflict \(index + 1) has an unknown \"owner\"")
                }
                owner = known
            }
            var tests: [String] = []
            if case .array(let names)? = item["tests"] { tests = names.compactMap(\.string) }
            entries.append(Entry(signature: signature, owner: owner, tests: tests))
        }
        self.init(entries: entries)
    }

    /// `N` of `layoutdebug/N`.
    private static func version(of schema: String) -> Int? {
        guard schema.hasPrefix("layoutdebug/") else { return nil }
        return Int(schema.dropFirst("layoutdebug/".count))
    }
}
