import LayoutDebugSupport

// MARK: - Summary

/// Counts conflicts by signature for `--summary`.
struct Summary {
    private var counts: [String: Int] = [:]
    /// Counts by the parser's shape id, merged into `counts` when an input
    /// ends: hashing a number per conflict instead of a long signature. Shape
    /// ids are numbered per input, so they must not outlive it.
    private var shapeCounts: [Int: (signature: String, count: Int)] = [:]
    private(set) var total = 0

    /// Counts one conflict. Redacted and unreadable conflicts have no
    /// constraints to sign, so they are counted under a label of their own.
    mutating func add(_ parsed: ParsedConflict) {
        total += 1
        let snapshot = parsed.snapshot
        if let shape = parsed.shape, let signature = parsed.signature,
           !(snapshot.mutuallyExclusive.isEmpty && snapshot.brokenConstraint == nil) {
            shapeCounts[shape, default: (signature, 0)].count += 1
            return
        }
        let key = snapshot.mutuallyExclusive.isEmpty && snapshot.brokenConstraint == nil
            ? Self.key(snapshot) : parsed.signature ?? snapshot.signature
        counts[key, default: 0] += 1
    }

    /// Folds the shape counts of the input just read into the signature
    /// counts; the next input's parser numbers its shapes from scratch.
    mutating func finishInput() {
        for entry in shapeCounts.values { counts[entry.signature, default: 0] += entry.count }
        shapeCounts = [:]
    }

    static func key(_ conflict: ConflictSnapshot) -> String {
        if conflict.mutuallyExclusive.isEmpty, conflict.brokenConstraint == nil {
            return conflict.isRedacted ? "(redacted by the OS: <private>)" : "(no readable constraint)"
        }
        return conflict.signature
    }

    /// Most frequent first; equal counts in signature order, so output is stable.
    var sorted: [(signature: String, count: Int)] {
        var summary = self
        summary.finishInput()
        return summary.counts.map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    /// `  12× signature` lines, then the total.
    var text: String {
        let rows = sorted
        let width = String(rows.first?.count ?? 0).count
        var out = ""
        for row in rows {
            let count = String(row.count)
            out += "  " + String(repeating: " ", count: width - count.count) + count + "× " + row.signature + "\n"
        }
        out += "\(total) conflict\(total == 1 ? "" : "s"), \(rows.count) distinct\n"
        return out
    }

    /// `{"total":…,"distinct":…,"conflicts":[{"count":…,"signature":…}]}`.
    var json: String {
        let entries = sorted.map { Entry(count: $0.count, signature: $0.signature) }
        return JSONText.encode(Document(total: total, distinct: entries.count, conflicts: entries)) + "\n"
    }

    private struct Entry: Encodable { var count: Int; var signature: String }
    private struct Document: Encodable { var total: Int; var distinct: Int; var conflicts: [Entry] }
}
