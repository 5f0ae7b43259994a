// MARK: - LayoutTree

/// A snapshot tree flattened once: every view and guide once, with its
/// parent, its frame in the root's coordinates, and every constraint the tree
/// holds, each once, with the items it names found in the tree. A whole
/// window's or a subtree's system (`LayoutSystem`) is built from it.
///
/// Its users (the lint rules) ask "who is this view's superview" and "which
/// constraints fix this view on this axis" many times; a flat array answers
/// both without walking the tree again.
struct LayoutTree {
    // Nodes and entries are classes: the rules read them thousands of times,
    // and copying a struct that holds a whole snapshot retains each of its
    // strings and arrays every time (a third of a 1000-view lint).

    /// One view or guide of the tree.
    final class Node {
        /// The snapshot, without its children (they are nodes of their own).
        let view: ViewSnapshot
        /// The parent's index, `nil` for the root. A guide's parent is its owning view.
        let parent: Int?
        /// The frame in the root's coordinates.
        let absolute: SnapshotRect
        /// Whether UIKit (or AppKit) made and placed this view: a private class
        /// (`_UIButtonBarStackView`), or anything inside a control or bar (one
        /// of the tree's `frameworkContainers`). Its constraints are the
        /// framework's, never the app's trap.
        let isFrameworks: Bool

        init(view: ViewSnapshot, parent: Int?, absolute: SnapshotRect, isFrameworks: Bool) {
            self.view = view
            self.parent = parent
            self.absolute = absolute
            self.isFrameworks = isFrameworks
        }
    }

    /// A constraint the tree holds, with its items as node indexes.
    final class Entry {
        /// The constraint.
        let constraint: ConstraintSnapshot
        /// The first item's node, `nil` when it is outside the tree.
        let first: Int?
        /// The second item's node, `nil` when there is none or it is outside the tree.
        let second: Int?
        /// The node holding the constraint (whose `constraints` list it).
        let holder: Int

        init(constraint: ConstraintSnapshot, first: Int?, second: Int?, holder: Int) {
            self.constraint = constraint
            self.first = first
            self.second = second
            self.holder = holder
        }

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

    /// The open path while nodes are appended: `path[d]` is the last node at depth `d`.
    private var path: [Int] = []

    /// The classes whose subviews the framework made (controls and bars).
    let frameworkContainers: Set<String>

    /// An empty tree, for `append(_:depth:)` to fill from a pre-order visit.
    ///
    /// - Parameter frameworkContainers: The classes whose subviews the framework
    ///   made and placed (a descent report's `defaultSkippedClasses`).
    init(frameworkContainers: Set<String>) {
        self.frameworkContainers = frameworkContainers
    }

    /// Flattens `root`.
    ///
    /// - Parameters:
    ///   - root: The tree's root.
    ///   - frameworkContainers: The classes whose subviews the framework made.
    /// - Complexity: O(views + constraints).
    init(_ root: ViewSnapshot, frameworkContainers: Set<String>) {
        self.frameworkContainers = frameworkContainers
        func visit(_ view: ViewSnapshot, depth: Int) {
            append(view, depth: depth)
            for child in view.children { visit(child, depth: depth + 1) }
        }
        visit(root, depth: 0)
        finish()
    }

    /// Appends the next view of a pre-order visit (`LiveAdapter.descend` order), at
    /// `depth` below the root, without its children: a live lint takes each
    /// snapshot as the adapter makes it, and no tree of snapshots is built or copied.
    mutating func append(_ view: ViewSnapshot, depth: Int) {
        path.removeSubrange(min(depth, path.count)...)
        let parent = path.last
        var flat = view
        if !flat.children.isEmpty { flat.children = [] }
        let placed: SnapshotRect
        if let parent {
            let origin = nodes[parent].absolute
            placed = SnapshotRect(x: origin.x + view.frame.x, y: origin.y + view.frame.y,
                                  width: view.frame.width, height: view.frame.height)
        } else {
            // The root's own origin is in a superview the lint does not see.
            placed = SnapshotRect(x: 0, y: 0, width: view.frame.width, height: view.frame.height)
        }
        var isFrameworks = view.reference.className.hasPrefix("_")
        if let parent {
            let above = nodes[parent]
            isFrameworks = isFrameworks || above.isFrameworks || isControl(above.view)
        }
        let index = nodes.count
        nodes.append(Node(view: flat, parent: parent, absolute: placed, isFrameworks: isFrameworks))
        if let address = view.reference.address { indexByAddress[address] = index }
        path.append(index)
    }

    /// Lists the constraints the appended views hold, once every view is in.
    mutating func finish() {
        entries.reserveCapacity(nodes.reduce(0) { $0 + $1.view.constraints.count })
        for holder in nodes.indices {
            for constraint in nodes[holder].view.constraints {
                entries.append(Entry(constraint: constraint, first: node(constraint.firstItem),
                                     second: node(constraint.secondItem), holder: holder))
            }
        }
        path = []
    }

    /// Whether the view is a control or bar whose insides are the framework's.
    private func isControl(_ view: ViewSnapshot) -> Bool {
        let controls = frameworkContainers
        return controls.contains(view.reference.className) || view.superclassNames.contains(where: controls.contains)
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
