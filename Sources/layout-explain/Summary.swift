import LayoutDebugSupport

// MARK: - Summary

/// Counts conflicts by signature for `--summary`.
struct Summary {
    private var counts: [String: Int] = [:]
    private(set) var total = 0

    /// Counts one conflict. Redacted and unreadable conflicts have no
    /// constraints to sign, so they are counted under a label of their own.
    mutating func add(_ conflict: ConflictSnapshot) {
        total += 1
        counts[Self.key(conflict), default: 0] += 1
    }

    static func key(_ conflict: ConflictSnapshot) -> String {
        if conflict.mutuallyExclusive.isEmpty, conflict.brokenConstraint == nil {
            return conflict.isRedacted ? "(redacted by the OS: <private>)" : "(no readable constraint)"
        }
        return conflict.signature
    }

    /// Most frequent first; equal counts in signature order, so output is stable.
    var sorted: [(signature: String, count: Int)] {
        counts.map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
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
