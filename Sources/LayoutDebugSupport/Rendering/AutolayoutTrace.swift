// MARK: - AutolayoutTrace

/// The autolayout trace in UIKit's modern `_autolayoutTrace` format, with
/// its legend, and one thing UIKit's lacks a readable form of: which variable
/// of each ambiguous view is ambiguous.
///
/// ```
/// •UIWindow:0x55d0c0a0
/// |   *UIView:0x55d0c1b0 'root'
/// |   |   *UIView:0x55d0c2c0- AMBIGUOUS LAYOUT for UIView:0x55d0c2c0.minX, UIView:0x55d0c2c0.width
///
/// Legend:
/// 	* - is laid out with auto layout
/// 	+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES
/// 	• - layout engine host
/// ```
enum AutolayoutTrace {
    /// UIKit's legend, verbatim.
    static let legend = """
        Legend:
        \t* - is laid out with auto layout
        \t+ - is laid out manually, but is represented in the layout engine because translatesAutoresizingMaskIntoConstraints = YES
        \t• - layout engine host
        """

    /// One ambiguous view and its ambiguous variables.
    struct Ambiguity: Encodable, Hashable, Sendable {
        /// The view.
        var view: ObjectReference
        /// `minX`, `minY`, `width`, `height`, or empty when the source did not say.
        var variables: [String]

        private enum CodingKeys: String, CodingKey { case view, variables }

        /// Writes `{"view": "0x…", "variables"}`.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(view.named, forKey: .view)
            try c.encode(variables, forKey: .variables)
        }
    }

    /// The trace as text.
    ///
    /// - Parameter root: The window or view to trace from; it is the engine host.
    /// - Returns: Lines ending in a newline, then the legend.
    /// - Complexity: O(n) in the number of views.
    static func text(_ root: ViewSnapshot) -> String {
        var out = ""
        let inEngine = viewsInConstraints(root)
        var stack: [(ViewSnapshot, Int)] = [(root, 0)]
        while let (view, depth) = stack.popLast() {
            out += String(repeating: "|   ", count: depth)
            out += depth == 0 ? "•" : marker(view, inEngine)
            out += view.reference.plainIdentity
            if let name = view.reference.name { out += " '\(name)'" }
            if let property = view.reference.shownProperty { out += " " + property }
            if view.hasAmbiguousLayout { out += ambiguityText(view) }
            out += "\n"
            for child in view.children.reversed() { stack.append((child, depth + 1)) }
        }
        return out + "\n" + legend + "\n"
    }

    /// Every ambiguous view below and including `root`, in pre-order.
    static func ambiguities(_ root: ViewSnapshot) -> [Ambiguity] {
        var found: [Ambiguity] = []
        var stack = [root]
        while let view = stack.popLast() {
            if view.hasAmbiguousLayout {
                found.append(Ambiguity(view: view.reference, variables: view.ambiguousVariables))
            }
            stack.append(contentsOf: view.children.reversed())
        }
        return found
    }

    /// The trace as JSON: `{"schema", "kind": "autolayout-trace", "text", "ambiguities": [{"view", "variables"}]}`.
    static func json(_ root: ViewSnapshot) -> String {
        JSONText.document(.autolayoutTrace, Document(text: text(root), ambiguities: ambiguities(root)))
    }

    /// The JSON form of the trace.
    struct Document: Encodable {
        /// The text trace.
        var text: String
        /// The ambiguous views.
        var ambiguities: [Ambiguity]

        private enum CodingKeys: String, CodingKey { case text, ambiguities, views }

        /// Writes the trace, each ambiguous view named by address and described under `views`.
        func encode(to encoder: Encoder) throws {
            var views = DocumentViews()
            for ambiguity in ambiguities { views.name(ambiguity.view) }
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .text)
            try c.encode(ambiguities, forKey: .ambiguities)
            try c.encode(views.views, forKey: .views)
        }
    }

    // MARK: - Pieces

    /// UIKit's spelling: `- AMBIGUOUS LAYOUT for UIView:0x….minX, UIView:0x….width`
    /// (UIKit adds engine ids, `{id: 33}`, which mean nothing to a reader).
    static func ambiguityText(_ view: ViewSnapshot) -> String {
        guard !view.ambiguousVariables.isEmpty else { return "- AMBIGUOUS LAYOUT" }
        let identity = view.reference.plainIdentity
        return "- AMBIGUOUS LAYOUT for " + view.ambiguousVariables.map { identity + "." + $0 }.joined(separator: ", ")
    }

    /// `*` for auto layout, `+` for an autoresizing view the engine knows
    /// about (some constraint names it), nothing for one it does not.
    private static func marker(_ view: ViewSnapshot, _ inEngine: Set<UInt64>) -> String {
        if !view.translatesAutoresizingMask { return "*" }
        guard let address = view.reference.address else { return "" }
        return inEngine.contains(address) ? "+" : ""
    }

    /// Addresses of every item named by a constraint in the tree.
    private static func viewsInConstraints(_ root: ViewSnapshot) -> Set<UInt64> {
        var found = Set<UInt64>()
        var stack = [root]
        while let view = stack.popLast() {
            for c in view.constraints + view.ancestorConstraints {
                if let a = c.firstItem?.address { found.insert(a) }
                if let a = c.secondItem?.address { found.insert(a) }
            }
            stack.append(contentsOf: view.children)
        }
        return found
    }
}
