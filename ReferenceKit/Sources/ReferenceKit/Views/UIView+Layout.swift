import Foundation

// MARK: - Layout pass

extension UIView {
    /// Marks the view as needing layout. ReferenceKit lays out on `layoutIfNeeded()`.
    public func setNeedsLayout() {}

    /// Runs a layout pass over the view's hierarchy: refreshes the system
    /// constraints, solves, and sets every frame.
    ///
    /// On a window, each root view (a direct subview) is laid out in turn.
    public func layoutIfNeeded() {
        if let window = self as? UIWindow, superview == nil {
            for root in window.subviews { root.layoutIfNeeded() }
            return
        }
        let host = engineHost
        if host.layoutEngine == nil { host.layoutEngine = LayoutEngine(host: host) }
        guard let engine = host.layoutEngine else { return }
        for view in host.subtreeViews() where view.enrolledEngine === engine { view.refreshSystemConstraints() }
        engine.assignFrames()
        for view in host.subtreeViews() { view.layoutSubviews() }
    }

    /// The view that hosts the engine laying this view out: the root of its
    /// hierarchy, or the ancestor whose superview is a window.
    var engineHost: UIView {
        var view = self
        while let parent = view.superview, !(parent is UIWindow) { view = parent }
        return view
    }

    // MARK: - Guides

    /// The guide inset from the edges by `layoutMargins`, made on first use.
    public var layoutMarginsGuide: UILayoutGuide {
        if let marginsGuide { return marginsGuide }
        let guide = UILayoutGuide()
        guide.identifier = "UIViewLayoutMarginsGuide"
        marginsGuide = guide
        addLayoutGuide(guide)
        if enrolledEngine != nil { refreshSystemConstraints() }
        return guide
    }

    /// The guide covering the area no bars cover; in ReferenceKit, the whole view.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let safeAreaGuide { return safeAreaGuide }
        let guide = UILayoutGuide()
        guide.identifier = "UIViewSafeAreaLayoutGuide"
        safeAreaGuide = guide
        addLayoutGuide(guide)
        if enrolledEngine != nil { refreshSystemConstraints() }
        return guide
    }

    // MARK: - System constraints

    /// Something a system constraint depends on changed: refresh them now if
    /// an engine lays the view out (the next layout pass would otherwise).
    func systemInputsChanged() {
        guard let engine = enrolledEngine, !engine.isAssigningFrames else { return }
        refreshSystemConstraints()
    }

    /// The frame or mask changed: only translated views have constraints to update.
    func autoresizingInputsChanged() {
        if translatesAutoresizingMaskIntoConstraints { systemInputsChanged() }
    }

    /// Brings the view's system constraints in line with its specs: updates
    /// constants in place, replaces constraints whose shape changed, removes
    /// those no longer wanted.
    func refreshSystemConstraints() {
        let specs = systemConstraintSpecs
        var wanted = Set<String>()
        for spec in specs {
            wanted.insert(spec.key)
            if let existing = systemConstraints[spec.key], existing.isActive, spec.matches(existing) {
                spec.update(existing)
                continue
            }
            systemConstraints[spec.key]?.isActive = false
            let constraint = spec.make()
            systemConstraints[spec.key] = constraint
            spec.installOn.addConstraint(constraint)
        }
        for (key, constraint) in systemConstraints where !wanted.contains(key) {
            constraint.isActive = false
            systemConstraints[key] = nil
        }
    }
}
