import Foundation

// MARK: - Subviews

extension UIView {
    /// Adds `view` on top of the subviews, removing it from its old superview first.
    ///
    /// If this view is laid out by an engine, the new subtree joins that engine at once.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` into the subviews at `index`, removing it from its old superview first.
    ///
    /// Moving a subview within the same superview only reorders it.
    public func insertSubview(_ view: UIView, at index: Int) {
        if view.superview === self {
            subviews.removeAll { $0 === view }
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            return
        }
        if view.superview != nil { view.removeFromSuperview() }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        // As a layer added to a superlayer, both wait for the next layout pass.
        setNeedsLayout()
        view.setNeedsLayout()
        if !(self is UIWindow) {
            // A root that hosted its own engine now belongs to this hierarchy's.
            view.layoutEngine?.dismantle()
            view.layoutEngine = nil
        }
        enrolledEngine?.enroll(view)
    }

    /// Removes the view from its superview, with every constraint installed
    /// above it that names a view or guide of its subtree, as UIKit does.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let subtree = Set(subtreeItems().map(ObjectIdentifier.init))
        var ancestor: UIView? = parent
        while let current = ancestor {
            for constraint in current.constraints where constraint.references(anyOf: subtree) {
                current.removeConstraint(constraint)
            }
            ancestor = current.superview
        }
        if let engine = enrolledEngine, engine.host !== self { engine.withdraw(self) }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsLayout()
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The nearest view that is an ancestor of (or equal to) both views.
    func nearestCommonAncestor(with other: UIView) -> UIView? {
        var mine = Set<ObjectIdentifier>()
        var current: UIView? = self
        while let view = current {
            mine.insert(ObjectIdentifier(view))
            current = view.superview
        }
        current = other
        while let view = current {
            if mine.contains(ObjectIdentifier(view)) { return view }
            current = view.superview
        }
        return nil
    }

    /// This view and its descendants, parents before children.
    func subtreeViews() -> [UIView] {
        var result: [UIView] = []
        var stack: [UIView] = [self]
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.subviews.reversed())
        }
        return result
    }

    /// The views and layout guides of this subtree, parents before children.
    func subtreeItems() -> [LayoutItem] {
        subtreeViews().flatMap { view -> [LayoutItem] in [view] + view.layoutGuides }
    }

    // MARK: - Constraints

    /// Installs `constraint` on this view. Prefer `isActive`, which finds the right view.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if constraint.owner === self { return }
        constraint.owner?.removeConstraint(constraint)
        constraints.append(constraint)
        constraint.owner = self
        ConstraintLifecycle.notify(constraint, .activated)
        enrolledEngine?.add(constraint)
    }

    /// Installs each constraint on this view.
    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    /// Removes `constraint` if it is installed on this view.
    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.owner === self else { return }
        constraints.removeAll { $0 === constraint }
        constraint.owner = nil
        enrolledEngine?.remove(constraint)
    }

    /// Removes each constraint installed on this view.
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }

    // MARK: - Layout guides

    /// Adds a guide this view owns; its frame is in this view's coordinates.
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuides.append(layoutGuide)
        layoutGuide.owningView = self
        enrolledEngine?.enrollGuide(layoutGuide)
    }

    /// Removes a guide this view owns, with the constraints that name it.
    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard layoutGuide.owningView === self else { return }
        let guideID: Set<ObjectIdentifier> = [ObjectIdentifier(layoutGuide)]
        var ancestor: UIView? = self
        while let current = ancestor {
            for constraint in current.constraints where constraint.references(anyOf: guideID) {
                current.removeConstraint(constraint)
            }
            ancestor = current.superview
        }
        enrolledEngine?.withdrawGuide(layoutGuide)
        layoutGuides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
    }
}

extension NSLayoutConstraint {
    /// Whether either item is one of `items` (object identifiers).
    func references(anyOf items: Set<ObjectIdentifier>) -> Bool {
        if let first = firstLayoutItem, items.contains(ObjectIdentifier(first)) { return true }
        if let second = secondLayoutItem, items.contains(ObjectIdentifier(second)) { return true }
        return false
    }
}
