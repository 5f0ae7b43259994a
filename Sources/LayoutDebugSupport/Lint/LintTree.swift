// MARK: - LintTree

/// A snapshot tree flattened for the rules: every view and guide once, with
/// its parent, its frame in the root's coordinates, and every constraint the
/// tree holds, each once, with the items it names found in the tree.
///
/// The rules ask "who is this view's superview" and "which constraints fix this
/// view on this axis" many times; a flat array answers both without walking the
/// tree again.
struct LintTree {
    /// One view or guide of the tree.
    struct Node {
        /// The snapshot, without its children (they are nodes of their own).
        var view: ViewSnapshot
        /// The parent's index, `nil` for the root. A guide's parent is its owning view.
        var parent: Int?
        /// The frame in the root's coordinates.
        var absolute: SnapshotRect
    }

    /// A constraint the tree holds, with its items as node indexes.
    struct Entry {
        /// The constraint.
        var constraint: ConstraintSnapshot
        /// The first item's node, `nil` when it is outside the tree.
        var first: Int?
        /// The second item's node, `nil` when there is none or it is outside the tree.
        var second: Int?
        /// The node holding the constraint (whose `constraints` list it).
        var holder: Int

        /// Whether every item it names is in the tree.
        var isInside: Bool {
            first != nil && (second != nil || constraint.secondItem == nil || constraint.secondAttribute == .notAnAttribute)
        }
    }

    /// The nodes in pre-order; the root is `0`.
    private(set) var nodes: [Node] = []
    /// The constraints held in the tree, in pre-order of their holders.
    private(set) var entries: [Entry] = []
    private var indexByAddress: [UInt64: Int] = [:]

    /// Flattens `root`.
    ///
    /// - Complexity: O(views + constraints).
    init(_ root: ViewSnapshot) {
        add(root, parent: nil, origin: (0, 0))
        for holder in nodes.indices {
            for constraint in nodes[holder].view.constraints {
                entries.append(Entry(constraint: constraint, first: node(constraint.firstItem),
                                     second: node(constraint.secondItem), holder: holder))
            }
        }
    }

    private mutating func add(_ view: ViewSnapshot, parent: Int?, origin: (x: Double, y: Double)) {
        var flat = view
        flat.children = []
        let absolute = SnapshotRect(x: origin.x + view.frame.x, y: origin.y + view.frame.y,
                                    width: view.frame.width, height: view.frame.height)
        // The root's own origin is in a superview the lint does not see.
        let placed = parent == nil ? SnapshotRect(x: 0, y: 0, width: view.frame.width, height: view.frame.height) : absolute
        let index = nodes.count
        nodes.append(Node(view: flat, parent: parent, absolute: placed))
        if let address = view.reference.address { indexByAddress[address] = index }
        for child in view.children { add(child, parent: index, origin: (placed.x, placed.y)) }
    }

    /// The node of a referenced item, `nil` when it is not in the tree.
    func node(_ reference: ObjectReference?) -> Int? {
        reference?.address.flatMap { indexByAddress[$0] }
    }

    /// Whether `ancestor` is `node` or above it.
    func isAncestor(_ ancestor: Int, of node: Int) -> Bool {
        var current: Int? = node
        while let index = current {
            if index == ancestor { return true }
            current = nodes[index].parent
        }
        return false
    }

    /// The view a constraint is about: of a constraint between a view and an
    /// ancestor (or a guide of an ancestor), the view; of a unary one, its
    /// item; between unrelated items, the first. `superview.trailing ==
    /// child.trailing + 20` is about the child, as the visual format's
    /// `[child]-20-|` is.
    func subject(_ entry: Entry) -> Int? {
        guard let first = entry.first else { return nil }
        guard let second = entry.second else { return first }
        if isAncestor(owningView(first), of: second), owningView(first) != second { return second }
        return first
    }

    /// The other item of a constraint whose subject is `subject`, if any.
    func other(_ entry: Entry, than subject: Int) -> Int? {
        entry.first == subject ? entry.second : entry.first
    }

    /// The attribute the constraint uses on `node`'s side.
    func attribute(of entry: Entry, on node: Int) -> LayoutAttribute {
        entry.first == node ? entry.constraint.firstAttribute.canonical : entry.constraint.secondAttribute.canonical
    }

    /// A guide's owning view, or the node itself for a view.
    func owningView(_ node: Int) -> Int {
        nodes[node].view.isLayoutGuide ? (nodes[node].parent ?? node) : node
    }
}
