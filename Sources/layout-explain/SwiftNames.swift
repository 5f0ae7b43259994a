// MARK: - SwiftNames

/// Swift symbol names as reports print them: the module a mangled name belongs to,
/// demangling through `swift-demangle`, and the short `cellWidth(root:count:)` form.
enum SwiftNames {
    /// The module of a Swift mangled name: `$s13DemoScenarios13ConflictStormO…` is in
    /// `DemoScenarios`; `$ss…` is the standard library's. `nil` for any other name.
    static func module(ofMangled name: String) -> String? {
        var rest = Substring(name)
        guard let prefix = ["_$s", "$s", "_$S", "$S", "_T0"].first(where: rest.hasPrefix) else { return nil }
        rest = rest.dropFirst(prefix.count)
        if rest.first == "s" { return "Swift" }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0 else { return nil }
        let module = rest.dropFirst(digits.count).prefix(length)
        return module.count == length ? String(module) : nil
    }

    /// `name` without the `static `, `class ` and `closure #1 in ` words before the
    /// qualified function name.
    static func unqualified(_ name: String) -> Substring {
        var rest = Substring(name)
        while true {
            if let word = ["static ", "class "].first(where: rest.hasPrefix) {
                rest = rest.dropFirst(word.count)
            } else if let range = closurePrefix(rest) {
                rest = rest[range.upperBound...]
            } else {
                return rest
            }
        }
    }

    /// The short form reports use, as `short_function_name` in
    /// lldb/layoutdebug/origin_text.py makes it:
    /// `static DemoScenarios.ConflictScenarios.cellWidth(root: UIView, count: Int) -> ()`
    /// and `static ConflictScenarios.cellWidth(root:count:)` give `cellWidth(root:count:)`;
    /// a closure keeps its `closure #1 in`; a name without a parenthesis is kept whole.
    static func short(_ name: String) -> String {
        var name = Substring(name.trimmingSpaces)
        if let word = ["static ", "class "].first(where: name.hasPrefix) { name = name.dropFirst(word.count) }
        if let closure = closurePrefix(name), let function = lastPart(of: name, after: " in ") {
            return name[closure].dropLast(" in ".count) + " in " + short(String(function))
        }
        guard let paren = name.firstIndex(of: "(") else { return String(name) }
        let head = name[..<paren].split(separator: ".", omittingEmptySubsequences: false).last ?? ""
        let tail = name[paren...]
        let close = tail.firstIndex(of: ")")
        let inner = close.map { tail[tail.index(after: tail.startIndex)..<$0] } ?? ""
        if isLabelsOnly(inner) { return "\(head)(\(inner))" }
        let labels = inner.split(separator: ",", omittingEmptySubsequences: false)
            .filter { $0.contains(":") }
            .map { ($0.split(separator: ":", omittingEmptySubsequences: false)[0]).trimmingSpaces + ":" }
        if !labels.isEmpty || inner.isEmpty { return "\(head)(\(labels.joined()))" }
        return String(head) + (close.map { String(tail[...$0]) } ?? "")
    }

    /// What follows the last `separator` in `name`, or `nil` when it has none.
    private static func lastPart(of name: Substring, after separator: String) -> Substring? {
        var index = name.endIndex
        while index > name.startIndex {
            index = name.index(before: index)
            if name[index...].hasPrefix(separator) { return name[name.index(index, offsetBy: separator.count)...] }
        }
        return nil
    }

    /// `closure #12 in ` or `implicit closure #1 in ` at the start of `name`: its range.
    private static func closurePrefix(_ name: Substring) -> Range<Substring.Index>? {
        var rest = name
        if rest.hasPrefix("implicit ") { rest = rest.dropFirst("implicit ".count) }
        guard rest.hasPrefix("closure #") else { return nil }
        rest = rest.dropFirst("closure #".count)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        rest = rest.dropFirst(digits.count)
        guard !digits.isEmpty, rest.hasPrefix(" in ") else { return nil }
        return name.startIndex..<rest.dropFirst(" in ".count).startIndex
    }

    /// `root:count:` (Python's `(\w+:)*`), as `swift-demangle --simplified` prints labels.
    private static func isLabelsOnly(_ inner: Substring) -> Bool {
        guard !inner.isEmpty else { return true }
        guard inner.last == ":" else { return false }
        return inner.dropLast().split(separator: ":", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
    }

    /// Each name demangled by `swift-demangle --simplified`, in one run; the names as they
    /// are when it is not on PATH or fails. Names that are not Swift's come back unchanged.
    static func demangled(_ names: [String]) -> [String] {
        guard !names.isEmpty, let tool = ToolProcess.find("swift-demangle"),
              let output = ToolProcess.run(tool, ["--simplified"], input: names.joined(separator: "\n") + "\n"),
              output.status == 0 else { return names }
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.count >= names.count ? Array(lines.prefix(names.count)) : names
    }
}

private extension StringProtocol {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
