import Foundation

// MARK: - Guides and system constraints

extension UIView {
    /// The guide inset from the edges by `layoutMargins`, made on first use.
    public var layoutMarginsGuide: UILayoutGuide { systemGuide("UIViewLayoutMarginsGuide", \.marginsGuide) }

    /// The guide covering the area no bars cover; in ReferenceKit, the whole view.
    public var safeAreaLayoutGuide: UILayoutGuide { systemGuide("UIViewSafeAreaLayoutGuide", \.safeAreaGuide) }

    /// The guide stored at `storage`, made, added and constrained on first use.
    private func systemGuide(_ identifier: String, _ storage: ReferenceWritableKeyPath<UIView, UILayoutGuide?>) -> UILayoutGuide {
        if let guide = self[keyPath: storage] { return guide }
        let guide = UILayoutGuide()
        guide.identifier = identifier
        self[keyPath: storage] = guide
        addLayoutGuide(guide)
        systemInputsChanged()
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

    /// Brings the view's system constraints in line with its specs: first
    /// removes those no longer wanted or whose shape changed (so old and new
    /// never meet in the engine), then updates constants in place and adds
    /// the missing ones.
    func refreshSystemConstraints() {
        let specs = systemConstraintSpecs
        let wanted = Set(specs.map(\.key))
        for (key, constraint) in systemConstraints where !wanted.contains(key) {
            constraint.isActive = false
            systemConstraints[key] = nil
        }
        for spec in specs {
            guard let existing = systemConstraints[spec.key], !(existing.isActive && spec.matches(existing)) else { continue }
            existing.isActive = false
            systemConstraints[spec.key] = nil
        }
        for spec in specs {
            if let existing = systemConstraints[spec.key] {
                spec.update(existing)
                continue
            }
            let constraint = spec.make()
            systemConstraints[spec.key] = constraint
            spec.installOn.addConstraint(constraint)
        }
    }
}
