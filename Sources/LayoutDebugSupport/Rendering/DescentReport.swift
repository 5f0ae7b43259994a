// MARK: - DescentReport

/// A `viewLayoutDescription` for a view and, in pre-order, for every view
/// below it, stopping at classes whose subviews are UIKit's business.
///
/// Sadun's reason for the skip list holds: a button's or a label's private
/// subviews only bury the user's views. The list can be replaced, and `all`
/// ignores it.
enum DescentReport {
    /// Sadun's skippable classes: controls whose insides are UIKit's.
    static let defaultSkippedClasses: Set<String> = [
        "UIButton", "UILabel", "UISwitch", "UIStepper", "UITextField", "UIActivityIndicatorView",
        "UIPickerView", "UIProgressView", "UIPageControl", "UIToolbar", "UINavigationBar",
        "UISearchBar", "UITabBar", "UISlider", "UIImageView",
    ]

    /// One entry of the report: a view at its depth, without its children.
    struct Entry: Codable, Hashable, Sendable {
        /// 0 for the view the report starts at.
        var depth: Int
        /// The view; `children` is empty (the next entries are its subtree).
        var view: ViewSnapshot
        /// Whether the report stopped here because of the skip list.
        var skippedSubviews: Bool
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
    static func entries(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
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
    static func text(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                            all: Bool = false) -> String {
        var out = TextWriter(capacity: count(root) * 1280)
        write(root, skipping: skipping, all: all, into: &out)
        return out.string
    }

    /// Appends the report's UTF-8 to `out` (the C surface publishes the bytes as they are).
    static func write(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                      all: Bool = false, into out: inout TextWriter) {
        // Straight from the tree: flattening into entries first would copy
        // every view, which costs as much as writing it.
        var tree = TreeWriter(writer: Writer(skipping: skipping, all: all))
        tree.write(root, depth: 0, into: &out)
    }

    /// The number of views in the tree.
    private static func count(_ view: ViewSnapshot) -> Int {
        var total = 1
        for index in view.children.indices { total += count(view.children[index]) }
        return total
    }

    /// Walks a snapshot tree in pre-order into a `Writer`.
    private struct TreeWriter {
        var writer: Writer

        mutating func write(_ view: ViewSnapshot, depth: Int, into out: inout TextWriter) {
            guard writer.write(view, depth: depth, hasChildren: !view.children.isEmpty, into: &out) else { return }
            // Through a buffer pointer, whose subscript lends each child in
            // place: `children[index]` would copy every view's snapshot.
            view.children.withUnsafeBufferPointer { children in
                for index in children.indices { write(children[index], depth: depth + 1, into: &out) }
            }
        }
    }

    /// Writes a descent report one view at a time, in pre-order: from a
    /// snapshot tree (`text`), or straight from the adapter's visit of the
    /// live tree, so that a thousand views are written without a tree of
    /// snapshots being built, copied and freed.
    struct Writer {
        let skipping: Set<String>
        let all: Bool
        private var indents = [""]
        private var first = true
        /// The views written so far (`true` by address): their constraints
        /// are not repeated in their descendants' `Ancestors` sections.
        private var reported = AddressTable<Bool>()
        /// The class last tested against the skip list, and the answer:
        /// testing hashes every name in the chain, and a descent meets the
        /// same class view after view.
        private var lastSkipTest: (className: String, superclassNames: [String], skipped: Bool)?
        /// The report's numbered origin markers, across all its views.
        private var origins = OriginMarkers()

        /// A writer that leaves out the subviews of `skipping`'s classes, unless `all`.
        init(skipping: Set<String>, all: Bool) {
            self.skipping = skipping
            self.all = all
        }

        /// Writes one view's description (its `children` are ignored).
        ///
        /// - Parameters:
        ///   - view: The view, visited in pre-order.
        ///   - depth: 0 for the view the report starts at.
        ///   - hasChildren: Whether it has subviews or guides.
        /// - Returns: Whether its subviews belong in the report.
        mutating func write(_ view: ViewSnapshot, depth: Int, hasChildren: Bool, into out: inout TextWriter) -> Bool {
            if !first { out.write("\n") }
            first = false
            while indents.count <= depth { indents.append(indents[indents.count - 1] + "  ") }
            let indent = indents[depth]
            ViewLayoutDescription.write(view, indent: indent, reported: reported, origins: &origins, into: &out)
            if let address = view.reference.address { reported.set(true, for: address) }
            // The view the user pointed at is always opened, even a button.
            guard depth == 0 || all || !isSkipped(view) else {
                if hasChildren { writeSkipNote(view, indent: indent, into: &out) }
                return false
            }
            return true
        }

        /// `DescentReport.isSkipped(view, skipping)`, remembered for the last class.
        private mutating func isSkipped(_ view: ViewSnapshot) -> Bool {
            // The superclasses are compared too: a snapshot made from a log
            // may name the class without them. (An adapter hands every view of
            // a class the same array, which compares by identity at once.)
            if let last = lastSkipTest, last.className == view.reference.className,
               last.superclassNames == view.superclassNames {
                return last.skipped
            }
            let skipped = DescentReport.isSkipped(view, skipping)
            lastSkipTest = (view.reference.className, view.superclassNames, skipped)
            return skipped
        }
    }

    /// The text for entries already collected by `entries(_:skipping:all:)`
    /// with the same `skipping` and `all`.
    static func render(_ entries: [Entry], skipping: Set<String>, all: Bool) -> String {
        // A view's report is about a kilobyte; reserving a little more once
        // avoids regrowing (and copying) a megabyte near the end.
        var out = TextWriter(capacity: entries.count * 1280)
        var writer = Writer(skipping: skipping, all: all)
        for index in entries.indices {
            _ = writer.write(entries[index].view, depth: entries[index].depth,
                             hasChildren: entries[index].skippedSubviews, into: &out)
        }
        return out.string
    }

    /// `(subviews of UIButton skipped; use --all to see them)`.
    private static func writeSkipNote(_ view: ViewSnapshot, indent: String, into out: inout TextWriter) {
        out.write(indent)
        out.write("(subviews of ")
        out.write(view.reference.className)
        out.write(" skipped; use --all to see them)\n")
    }

    /// The report as JSON: `{"schema", "kind": "descent-report", "text": …, "entries": [{"depth",
    /// "view", "skippedSubviews"}]}`, the encoding of `JSONDocument(.descentReport, Document)`.
    static func json(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                            all: Bool = false) -> String {
        var out = TextWriter(capacity: count(root) * 4096)
        writeJSON(root, skipping: skipping, all: all, into: &out)
        return out.string
    }

    /// Appends `json(root, skipping:, all:)` to `out`, written as the tree is
    /// walked (`SnapshotJSON`), without building the entries or a node per value.
    static func writeJSON(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                          all: Bool = false, into out: inout TextWriter) {
        out.reserveCapacity(count(root) * 4096)
        var document = JSONDocumentWriter(skipping: skipping, all: all, into: &out)
        func visit(_ view: ViewSnapshot, depth: Int) {
            guard document.write(view, depth: depth, hasChildren: !view.children.isEmpty, into: &out) else { return }
            view.children.withUnsafeBufferPointer { children in
                for index in children.indices { visit(children[index], depth: depth + 1) }
            }
        }
        visit(root, depth: 0)
        document.finish(into: &out)
    }

    /// Writes `{"schema":…,"kind":"descent-report","text":…,"entries":[…]}` one
    /// view at a time, in pre-order, during the one visit of the views: each
    /// view's entry straight into the report, its text (a `Writer`'s) escaped
    /// into a buffer of its own, put in front of the entries at the end.
    ///
    /// The live descent uses it as the text report uses a `Writer`. The entries
    /// are some four kilobytes a view; written into a buffer of their own they
    /// were copied into the report at the end, and again each time that buffer
    /// grew. The text is escaped view by view, so that its escaped length is
    /// known at the end without reading it once more.
    struct JSONDocumentWriter: ~Copyable {
        private var writer: Writer
        /// One view's text, escaped into `text` once written.
        private var viewText = TextWriter(capacity: 4096)
        /// The text so far, escaped for the JSON string.
        private var text = TextWriter(capacity: 64 * 1024)
        /// Where the text goes, after `"text":"`, as a count of bytes written.
        private let textOffset: Int
        private var first = true
        private var repeats = SnapshotJSON.Repeats()

        /// Writes the document's head into `out`, up to its first entry; the
        /// text leaves out the subviews of `skipping`'s classes, unless `all`.
        init(skipping: Set<String>, all: Bool, into out: inout TextWriter) {
            writer = Writer(skipping: skipping, all: all)
            out.write(JSONDocumentKind.descentReport.head)
            out.write("\"text\":\"")
            textOffset = out.count
            out.write("\",\"entries\":[")
        }

        /// Writes one view's text and its entry, `{"depth":…,"view":…,"skippedSubviews":…}`
        /// (the view without its children).
        ///
        /// - Returns: Whether its subviews belong in the report (`Writer.write`).
        mutating func write(_ view: ViewSnapshot, depth: Int, hasChildren: Bool, into out: inout TextWriter) -> Bool {
            let opens = writer.write(view, depth: depth, hasChildren: hasChildren, into: &viewText)
            text.writeJSONEscaped(contentsOf: viewText)
            viewText.truncate(toCount: 0)
            if !first { out.write(",") }
            first = false
            out.write("{\"depth\":")
            out.write(decimal: Int64(depth))
            out.write(",\"view\":")
            SnapshotJSON.write(view, withChildren: false, repeats: &repeats, into: &out)
            out.write(!opens && hasChildren ? ",\"skippedSubviews\":true}" : ",\"skippedSubviews\":false}")
            return opens
        }

        /// Closes the entries and the document, and puts the text in front of
        /// the entries.
        func finish(into out: inout TextWriter) {
            out.write("]}")
            out.insert(contentsOf: text, at: textOffset)
        }
    }

    /// The JSON form of a descent report.
    struct Document: Codable, Hashable, Sendable {
        /// The text report.
        var text: String
        /// The entries in pre-order.
        var entries: [Entry]
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
