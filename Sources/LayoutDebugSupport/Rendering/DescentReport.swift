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
    struct Entry: Hashable, Sendable {
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
        private var skips: SkipTest
        private var indents = [""]
        private var first = true
        /// The views written so far (`true` by address): their constraints
        /// are not repeated in their descendants' `Ancestors` sections.
        private var reported = AddressTable<Bool>()
        /// The report's numbered origin markers, across all its views.
        private var origins = OriginMarkers()

        /// A writer that leaves out the subviews of `skipping`'s classes, unless `all`.
        init(skipping: Set<String>, all: Bool) {
            skips = SkipTest(skipping: skipping, all: all)
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
            guard skips.opens(view, depth: depth) else {
                if hasChildren { writeSkipNote(view, indent: indent, into: &out) }
                return false
            }
            return true
        }
    }

    /// Whether a descent opens a view's subviews: the skip list's answer, remembered for the
    /// last class, since testing hashes every name in the chain and a descent meets the same
    /// class view after view.
    struct SkipTest {
        let skipping: Set<String>
        let all: Bool
        /// The class last tested against the skip list, and the answer.
        private var last: (className: String, superclassNames: [String], skipped: Bool)?

        /// A test that skips `skipping`'s classes, unless `all`.
        init(skipping: Set<String>, all: Bool) {
            self.skipping = skipping
            self.all = all
        }

        /// Whether the descent opens `view`, met at `depth`: the view the user pointed at
        /// always, even a button.
        mutating func opens(_ view: ViewSnapshot, depth: Int) -> Bool {
            if depth == 0 || all { return true }
            // The superclasses are compared too: a snapshot made from a log
            // may name the class without them. (An adapter hands every view of
            // a class the same array, which compares by identity at once.)
            if let last, last.className == view.reference.className, last.superclassNames == view.superclassNames {
                return !last.skipped
            }
            let skipped = DescentReport.isSkipped(view, skipping)
            last = (view.reference.className, view.superclassNames, skipped)
            return !skipped
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

    /// The report as JSON: `{"schema", "kind": "descent-report", "views": [{…, "depth", …}],
    /// "classes": {…}}`, the encoding of `JSONDocument(.descentReport, Document(entries))`.
    static func json(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                            all: Bool = false) -> String {
        var out = TextWriter(capacity: count(root) * 1024)
        writeJSON(root, skipping: skipping, all: all, into: &out)
        return out.string
    }

    /// Appends `json(root, skipping:, all:)` to `out`, written as the tree is
    /// walked (`SnapshotJSON`), without building the entries or a node per value.
    static func writeJSON(_ root: ViewSnapshot, skipping: Set<String> = defaultSkippedClasses,
                          all: Bool = false, into out: inout TextWriter) {
        out.reserveCapacity(count(root) * 1024)
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

    /// Writes `{"schema":…,"kind":"descent-report","views":[…],"classes":{…}}` one view at a
    /// time, in pre-order, during the one visit of the views: the live descent uses it as
    /// the text report uses a `Writer`. Each view is written once, with the constraints
    /// installed on it; a constraint an ancestor holds is written under that ancestor, or,
    /// when the ancestor is above the report's view, under the view it names.
    struct JSONDocumentWriter: ~Copyable {
        private var skips: SkipTest
        /// The views written so far (`true` by address).
        private var reported = AddressTable<Bool>()
        private var first = true
        /// The classes of the views written, for `"classes"` at the end.
        private var classes = ClassTable()
        /// The class last added to `classes`: a descent meets it view after view.
        private var lastClassName: String?

        /// Writes the document's head into `out`, up to its first view; the descent leaves
        /// out the subviews of `skipping`'s classes, unless `all`.
        init(skipping: Set<String>, all: Bool, into out: inout TextWriter) {
            skips = SkipTest(skipping: skipping, all: all)
            out.write(JSONDocumentKind.descentReport.head)
            out.write("\"views\":[")
        }

        /// Writes one view (`SnapshotJSON.write`), without its children.
        ///
        /// - Returns: Whether its subviews belong in the report (`SkipTest.opens`).
        mutating func write(_ view: ViewSnapshot, depth: Int, hasChildren: Bool, into out: inout TextWriter) -> Bool {
            let opens = skips.opens(view, depth: depth)
            if !first { out.write(",") }
            first = false
            SnapshotJSON.write(view, depth: depth, reported: reported, skippedSubviews: !opens && hasChildren,
                               into: &out)
            if let address = view.reference.address { reported.set(true, for: address) }
            if view.reference.className != lastClassName {
                classes.add(view.reference.className, view.superclassNames)
                lastClassName = view.reference.className
            }
            return opens
        }

        /// Closes the views and writes the classes and the document's end.
        func finish(into out: inout TextWriter) {
            out.write("],\"classes\":{")
            for (index, entry) in classes.entries.enumerated() {
                if index > 0 { out.write(",") }
                out.writeJSONString(entry.className)
                out.write(":")
                SnapshotJSON.writeStrings(entry.superclassNames, into: &out)
            }
            out.write("}}")
        }
    }

    /// The JSON form of a descent report, for the generic encoder: the views of `entries`
    /// as `JSONDocumentWriter` writes them.
    struct Document: Encodable {
        /// The views, each with its depth, its constraints, the ancestors' constraints not
        /// listed under a view above it, and whether its subviews were left out.
        var views: [DocumentView] = []
        /// Their classes.
        var classes = ClassTable()

        /// The document of a descent's entries.
        init(_ entries: [Entry]) {
            var reported = AddressTable<Bool>()
            for entry in entries {
                var view = DocumentView(entry.view)
                view.depth = entry.depth
                view.constraints = entry.view.constraints
                view.ancestorConstraints = entry.view.ancestorConstraints.filter { c in
                    c.owner?.address.map { reported.value(for: $0) == nil } ?? true
                }
                view.skippedSubviews = entry.skippedSubviews
                views.append(view)
                if let address = entry.view.reference.address { reported.set(true, for: address) }
                classes.add(entry.view.reference.className, entry.view.superclassNames)
            }
        }
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
