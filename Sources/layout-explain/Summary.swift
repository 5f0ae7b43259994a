import Dispatch
import LayoutDebugSupport

// MARK: - Summary

/// Counts conflicts by signature for `--summary`, grouped by owner
/// (`ConflictTriage`): the app's own first, then system and transient ones,
/// each still counted.
struct Summary {
    /// One row per signature, in order of first appearance: its count, and
    /// its owner. A signature fixes the items' classes, identifiers and
    /// constants the triage reads, so one triage per signature is enough.
    private var rows: [Row] = []
    /// The row of each signature.
    private var rowOfSignature: [SignatureKey: Int] = [:]
    /// The row of each of the parser's shape ids: hashing a number per
    /// conflict instead of a long signature. Shape ids are numbered per
    /// input, so they must not outlive it (`finishInput`).
    private var rowOfShape: [ShapeID: Int] = [:]
    private(set) var total = 0

    /// Counts one conflict. Redacted and unreadable conflicts have no
    /// constraints to sign, so they are counted under a label of their own.
    mutating func add(_ parsed: ParsedConflict) {
        total += 1
        let isEmpty = !parsed.hasReadableConstraint
        if let shape = parsed.shape, let signature = parsed.signature, !isEmpty {
            // A shape's row is found once, so its signature is hashed once per shape, not per conflict.
            let id = ShapeID(value: shape)
            let row = rowOfShape[id] ?? row(of: signature, parsed)
            rowOfShape[id] = row
            rows[row].count += 1
            return
        }
        let key = isEmpty ? Self.label(parsed.snapshot) : parsed.signature ?? parsed.snapshot.signature
        rows[row(of: key, parsed)].count += 1
    }

    /// The row of `signature`, made (with `parsed`'s owner) when it is new.
    private mutating func row(of signature: String, _ parsed: ParsedConflict) -> Int {
        let key = SignatureKey(signature)
        if let row = rowOfSignature[key] { return row }
        rows.append((signature, 0, parsed.owner ?? ConflictTriage.owner(of: parsed.snapshot)))
        rowOfSignature[key] = rows.count - 1
        return rows.count - 1
    }

    /// Adds the counts of `other`, a summary of a later piece of the same
    /// input (`InputFile.summarize`): rows by signature, new ones after.
    mutating func merge(_ other: Summary) {
        guard total > 0 else {
            // Nothing to merge into: the other's rows are taken as they are.
            let shapes = rowOfShape
            self = other
            rowOfShape = shapes
            return
        }
        total += other.total
        rowOfSignature.reserveCapacity(rows.count + other.rows.count)
        // The other's keys, by row, so that no signature is hashed again.
        var keys = [SignatureKey?](repeating: nil, count: other.rows.count)
        for (key, row) in other.rowOfSignature { keys[row] = key }
        for (row, key) in zip(other.rows, keys) {
            guard let key else { preconditionFailure("a summary row without its key") }
            if let index = rowOfSignature[key] {
                rows[index].count += row.count
            } else {
                rows.append(row)
                rowOfSignature[key] = rows.count - 1
            }
        }
    }

    /// Forgets the shape ids of the input just read: the next input's
    /// parser numbers its shapes from scratch.
    mutating func finishInput() {
        rowOfShape = [:]
    }

    /// The row of a conflict with no readable constraint.
    static func label(_ conflict: ConflictSnapshot) -> String {
        conflict.isRedacted ? "(redacted by the OS: <private>)" : "(no readable constraint)"
    }

    /// One row: a signature, its count and its owner.
    typealias Row = (signature: String, count: Int, owner: ConflictOwner)

    /// By owner (yours, system, transient), then most frequent first; equal
    /// counts in signature order, so output is stable.
    var sorted: [Row] {
        // Indices are sorted, the rows read in place: sorting the rows
        // themselves copies two rows, and retains their signatures, at each
        // comparison (about 100,000 for a varied console's 7,470 rows).
        rows.withUnsafeBufferPointer { rows in Self.order(rows).map { rows[$0] } }
    }

    /// Whether row `a` comes before row `b`. Rows have distinct signatures,
    /// so this is a total order and any correct sort gives the same result.
    private static func precedes(_ rows: UnsafeBufferPointer<Row>, _ a: Int, _ b: Int) -> Bool {
        if rows[a].owner != rows[b].owner { return rows[a].owner < rows[b].owner }
        if rows[a].count != rows[b].count { return rows[a].count > rows[b].count }
        return rows[a].signature < rows[b].signature
    }

    /// The rows' indices in `precedes` order. Many rows are sorted in two
    /// halves at once, each on its own core, and the halves merged: on a
    /// varied console the sort is most of the work left once the pieces are
    /// read, and the other core has nothing else to do.
    private static func order(_ rows: UnsafeBufferPointer<Row>) -> [Int] {
        guard rows.count >= parallelRows else { return rows.indices.sorted { precedes(rows, $0, $1) } }
        let middle = rows.count / 2
        let halves = UnsafeMutableBufferPointer<[Int]>.allocate(capacity: 2)
        halves.initialize(repeating: [])
        defer { halves.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let range = half == 0 ? 0..<middle : middle..<rows.count
            halves[half] = range.sorted { precedes(rows, $0, $1) }
        }
        var merged: [Int] = []
        merged.reserveCapacity(rows.count)
        var (a, b) = (halves[0][...], halves[1][...])
        while let first = a.first, let second = b.first {
            if precedes(rows, second, first) {
                merged.append(second)
                b = b.dropFirst()
            } else {
                merged.append(first)
                a = a.dropFirst()
            }
        }
        merged.append(contentsOf: a)
        merged.append(contentsOf: b)
        return merged
    }

    /// Below this many rows, one core sorts and writes them faster than two.
    private static let parallelRows = 2048

    /// How many conflicts each owner has, every owner present (0 when none).
    private static func totals(_ rows: [Row]) -> [(ConflictOwner, Int)] {
        ConflictOwner.allCases.map { owner in (owner, rows.filter { $0.owner == owner }.reduce(0) { $0 + $1.count }) }
    }

    /// Per owner with conflicts, `yours: 3 conflicts, 2 distinct` and its
    /// `  12× signature` lines; then the total with the count of every owner.
    /// As UTF-8 bytes, in parts to be written one after the other: checking
    /// megabytes of them again to make a `String` costs as much as building
    /// them, and many rows are built in two halves at once, one per core.
    var textParts: [[UInt8]] {
        let rows = sorted
        let width = String(rows.map(\.count).max() ?? 0).count
        let totals = Self.totals(rows)
        // Each owner's header goes before its first row.
        var headers: [Int: String] = [:]
        var next = rows.startIndex
        for (owner, total) in totals where total > 0 {
            let group = rows[next...].prefix { $0.owner == owner }
            headers[next] = "\(owner.rawValue): \(Self.conflicts(total)), \(group.count) distinct\n"
            next = group.endIndex
        }
        let bounds = rows.count >= Self.parallelRows ? [0, rows.count / 2, rows.count] : [0, rows.count]
        let parts = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: bounds.count - 1)
        parts.initialize(repeating: [])
        defer { parts.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: bounds.count - 1) { part in
            parts[part] = Self.text(rows[bounds[part]..<bounds[part + 1]], width: width, headers: headers)
        }
        let byOwner = totals.map { "\($0.1) \($0.0.rawValue)" }.joined(separator: ", ")
        return Array(parts) + [Array("\(Self.conflicts(total)), \(rows.count) distinct: \(byOwner)\n".utf8)]
    }

    /// The lines of `rows`, each `headers`' line for its index first.
    private static func text(_ rows: ArraySlice<Row>, width: Int, headers: [Int: String]) -> [UInt8] {
        // Built as bytes: a varied console's summary is megabytes of rows,
        // and appending to a `String` checks each piece it is given.
        var out: [UInt8] = []
        out.reserveCapacity(rows.reduce(0) { $0 + $1.signature.utf8.count + width + 8 } + 256)
        for index in rows.indices {
            if let header = headers[index] { out.append(contentsOf: header.utf8) }
            let row = rows[index]
            let count = String(row.count).utf8
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 + width - count.count))
            out.append(contentsOf: count)
            out.append(contentsOf: "× ".utf8)
            out.append(contentsOf: row.signature.utf8)
            out.append(0x0A)
        }
        return out
    }

    private static func conflicts(_ count: Int) -> String { "\(count) conflict\(count == 1 ? "" : "s")" }

    /// `{"schema":…,"kind":"explain-summary","total":…,"distinct":…,
    /// "owners":{"yours":…,"system":…,"transient":…},"conflicts":[{"count":…,"owner":…,"signature":…}]}`.
    var json: String {
        let rows = sorted
        let entries = rows.map { Entry(count: $0.count, owner: $0.owner, signature: $0.signature) }
        let totals = Dictionary(uniqueKeysWithValues: Self.totals(rows))
        let owners = Owners(yours: totals[.yours] ?? 0, system: totals[.system] ?? 0,
                            transient: totals[.transient] ?? 0)
        return JSONText.document(.explainSummary, Document(total: total, distinct: entries.count, owners: owners, conflicts: entries)) + "\n"
    }

    private struct Entry: Encodable { var count: Int; var owner: ConflictOwner; var signature: String }
    /// The owners' counts as fields, not a dictionary: a dictionary's keys
    /// come out in an order that changes from run to run.
    private struct Owners: Encodable { var yours: Int; var system: Int; var transient: Int }
    private struct Document: Encodable {
        var total: Int
        var distinct: Int
        var owners: Owners
        var conflicts: [Entry]
    }
}

// MARK: - SignatureKey

/// A signature as a table key, hashed with `StreamHasher` rather than the
/// standard library's `Hasher`, which costs several times more on texts of
/// hundreds of bytes (a summary looks up thousands). Two keys are equal
/// only when their signatures are.
struct SignatureKey: Hashable {
    let signature: String
    let digest: UInt64

    init(_ signature: String) {
        self.signature = signature
        var text = signature
        digest = text.withUTF8 { bytes in
            // `==` on strings is canonical equivalence, so two spellings of
            // one accented letter are one signature: only an ASCII text's
            // bytes are its equality, and the rest keep the standard hash.
            guard let base = bytes.baseAddress, ASCIIBytes.isASCII(bytes) else {
                return UInt64(bitPattern: Int64(signature.hashValue))
            }
            var hasher = StreamHasher()
            hasher.add(base, count: bytes.count)
            return hasher.digest
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// What a table places a key by: the digest, already a well-mixed hash,
    /// with the table's seed, rather than SipHash run over it again
    /// (`Hashable`'s hidden requirement; see `ConflictShapeCache.Key`).
    func _rawHashValue(seed: Int) -> Int { Int(truncatingIfNeeded: digest) ^ seed }

    static func == (a: SignatureKey, b: SignatureKey) -> Bool { a.digest == b.digest && a.signature == b.signature }
}

/// A parser's shape id as a table key. Ids are numbered from 1 up, so each
/// is its own hash: with the table's seed they fill its buckets one by one,
/// and no SipHash runs per conflict.
struct ShapeID: Hashable {
    let value: Int

    func hash(into hasher: inout Hasher) { hasher.combine(value) }

    func _rawHashValue(seed: Int) -> Int { value ^ seed }
}
