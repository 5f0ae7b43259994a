// MARK: - DescentReport

/// A `viewLayoutDescription` for a view and, in pre-order, for every view
/// below it, stopping at classes whose subviews are UIKit's business.
///
/// Sadun's reason for the skip list holds: a button's or a label's private
/// subviews only bury the user's views. The list can be replaced, and `all`
/// ignores it.
public enum DescentReport {
    /// Sadun's skippable classes: controls whose insides are UIKit's.
    public static let defaultSkippedClasses: Set<String> = [
        "UIButton", "UILabel", "UISwitch", "UIStepper", "UITextField", "UIActivityIndicatorView",
        "UIPickerView", "UIProgressView", "UIPageControl", "UIToolbar", "UINavigationBar",
        "UISearchBar", "UITabBar", "UISlider", "UIImageView",
    ]

    /// One entry of the report: a view at its depth, without its children.
    public struct Entry: Codable, Hashable, Sendable {
        /// 0 for the view the report starts at.
        public var depth: Int
        /// The view; `children` is empty (the next entries are its subtree).
        public var view: ViewSnapshot
        /// Whether the report stopped here because of the skip list.
        public var skippedSubviews: Bool
    }

    /// The entries in pre-order.
    ///
    /// - Parameters:
    ///   - root: The view to start at, with its subtree.
    ///   - skipping: Class names whose subviews are not visited; a view is
    ///     skipped when its class or any superclass is in the set.
    ///   - all: Ignore `skipping` and visit everything.
    /// - Returns: The entries.
    /// - Complexity: O(n) in the number of views and constraints.
    public static func entries(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                               all: Bool = false) -> [Entry] {
        var result: [Entry] = []
        // An explicit stack instead of recursion: deep hierarchies must not
        // exhaust the stack of a thread the debugger stopped.
        var stack: [(ViewSnapshot, Int)] = [(root, 0)]
        while let (view, depth) = stack.popLast() {
            // The view the user pointed at is always opened, even a button.
            let skip = depth > 0 && !all && isSkipped(view, skipping)
            var flat = view
            flat.children = []
            result.append(Entry(depth: depth, view: flat, skippedSubviews: skip && !view.children.isEmpty))
            guard !skip else { continue }
            for child in view.children.reversed() { stack.append((child, depth + 1)) }
        }
        return result
    }

    /// The report as text: each view's description, indented by depth so the
    /// tree stays visible, separated by blank lines.
    ///
    /// - Parameters:
    ///   - root: The view to start at.
    ///   - skipping: Classes whose subviews are left out.
    ///   - all: Ignore `skipping`.
    /// - Returns: Lines ending in a newline.
    public static func text(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                            all: Bool = false) -> String {
        // Straight from the tree: flattening into entries first would copy
        // every view, which costs as much as writing it.
        var writer = TreeWriter(skipping: skipping, all: all)
        writer.out.reserveCapacity(count(root) * 1280)
        writer.write(root, depth: 0)
        return writer.out
    }

    /// The number of views in the tree.
    private static func count(_ view: ViewSnapshot) -> Int {
        var total = 1
        for index in view.children.indices { total += count(view.children[index]) }
        return total
    }

    /// Writes a descent report in pre-order, as `render` does from entries.
    private struct TreeWriter {
        let skipping: Set<String>
        let all: Bool
        var out = ""
        var indents = [""]
        let memo = ConstraintLineMemo()
        var first = true

        init(skipping: Set<String>, all: Bool) {
            self.skipping = skipping
            self.all = all
        }

        mutating func write(_ view: ViewSnapshot, depth: Int) {
            if !first { out += "\n" }
            first = false
            while indents.count <= depth { indents.append(indents[indents.count - 1] + "  ") }
            let indent = indents[depth]
            ViewLayoutDescription.write(view, indent: indent, memo: memo, into: &out)
            if depth > 0, !all, isSkipped(view, skipping) {
                if !view.children.isEmpty {
                    out += indent + "(subviews of \(view.reference.className) skipped; use --all to see them)\n"
                }
                return
            }
            for index in view.children.indices { write(view.children[index], depth: depth + 1) }
        }
    }

    /// The text for entries already collected.
    static func render(_ entries: [Entry]) -> String {
        var out = ""
        // A view's report is about a kilobyte; reserving a little more once
        // avoids regrowing (and copying) a megabyte string near the end.
        out.reserveCapacity(entries.count * 1280)
        var indents = [""]
        let memo = ConstraintLineMemo()
        for index in entries.indices {
            let entry = entries[index]
            if index > 0 { out += "\n" }
            while indents.count <= entry.depth { indents.append(indents[indents.count - 1] + "  ") }
            let indent = indents[entry.depth]
            ViewLayoutDescription.write(entry.view, indent: indent, memo: memo, into: &out)
            if entry.skippedSubviews {
                out += indent + "(subviews of \(entry.view.reference.className) skipped; use --all to see them)\n"
            }
        }
        return out
    }

    /// The report as JSON: `{"text": …, "entries": [{"depth", "view", "skippedSubviews"}]}`.
    public static func json(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                            all: Bool = false) -> String {
        let collected = entries(root, skipping: skipping, all: all)
        return JSONText.encode(Document(text: render(collected), entries: collected))
    }

    /// The JSON form of a descent report.
    public struct Document: Codable, Hashable, Sendable {
        /// The text report.
        public var text: String
        /// The entries in pre-order.
        public var entries: [Entry]
    }

    /// Whether the view's class, or a superclass, is in the skip list. Swift
    /// class names may carry a module (`App.FancyButton`), so the last
    /// component is compared too.
    static func isSkipped(_ view: ViewSnapshot, _ skipping: Set<String>) -> Bool {
        func matches(_ name: String) -> Bool {
            if skipping.contains(name) { return true }
            guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
            return skipping.contains(String(name[name.index(after: dot)...]))
        }
        return matches(view.reference.className) || view.superclassNames.contains(where: matches)
    }
}
