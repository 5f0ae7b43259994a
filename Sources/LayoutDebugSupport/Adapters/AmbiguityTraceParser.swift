// MARK: - AmbiguityTraceParser

/// Reads which variables are ambiguous out of `_autolayoutTrace` text, the
/// only place UIKit (and ReferenceKit, which copies it) says so:
///
/// `*UIView:0x7f9d8a407ba0- AMBIGUOUS LAYOUT for UIView:0x7f9d8a407ba0.minX{id: 7}, UIView:0x7f9d8a407ba0.Width{id: 9}`
enum AmbiguityTraceParser {
    /// Ambiguous variables by view address, as `minX`, `minY`, `width`, `height`.
    ///
    /// - Parameter trace: `_autolayoutTrace` output.
    /// - Returns: Addresses with their ambiguous variables, in trace order.
    static func parse(_ trace: String) -> [UInt64: [String]] {
        var found: [UInt64: [String]] = [:]
        for line in trace.split(separator: "\n") {
            guard let marker = line.range(of: "AMBIGUOUS LAYOUT for ") else { continue }
            for token in line[marker.upperBound...].split(separator: ",") {
                guard let (address, variable) = entry(token) else { continue }
                if !(found[address]?.contains(variable) ?? false) { found[address, default: []].append(variable) }
            }
        }
        return found
    }

    /// `UIView:0x1a2b.minX{id: 7}` → `(0x1a2b, "minX")`; titles in quotes may
    /// sit between the address and the dot.
    static func entry(_ token: Substring) -> (UInt64, String)? {
        guard let hexStart = token.range(of: ":0x")?.upperBound else { return nil }
        let hex = token[hexStart...].prefix { $0.isHexDigit }
        guard let address = UInt64(hex, radix: 16) else { return nil }
        let beforeBrace = token.split(separator: "{", maxSplits: 1).first ?? token
        guard let dot = beforeBrace.lastIndex(of: ".") else { return nil }
        let name = beforeBrace[beforeBrace.index(after: dot)...].trimmingSpaces
        guard let first = name.first else { return nil }
        // The engine spells sizes `Width`/`Height`; snapshots use lower case.
        return (address, first.lowercased() + name.dropFirst())
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
