// MARK: - Renaming classes

extension ObjectReference {
    /// The reference with its class renamed; a bare name from a log
    /// (`names:`), which is no class, keeps its text.
    func renamingClass(_ rename: (String) -> String) -> ObjectReference {
        guard name != className else { return self }
        var renamed = self
        renamed.className = rename(className)
        return renamed
    }
}

extension ConstraintSnapshot {
    /// The constraint with every item's class renamed (items, owner, superview).
    func renamingClasses(_ rename: (String) -> String) -> ConstraintSnapshot {
        var renamed = self
        renamed.firstItem = firstItem?.renamingClass(rename)
        renamed.secondItem = secondItem?.renamingClass(rename)
        renamed.owner = owner?.renamingClass(rename)
        renamed.superview = superview?.renamingClass(rename)
        return renamed
    }
}

extension ConflictSnapshot {
    /// The conflict with every class it names renamed: items, views and the
    /// view controller. The parser uses it to drop the app's own module
    /// (`AppModuleNames`) before the signature is made.
    ///
    /// - Parameter rename: The new name for a class name.
    /// - Returns: The renamed conflict.
    func renamingClasses(_ rename: (String) -> String) -> ConflictSnapshot {
        var renamed = self
        renamed.brokenConstraint = brokenConstraint?.renamingClasses(rename)
        renamed.mutuallyExclusive = mutuallyExclusive.map { $0.renamingClasses(rename) }
        renamed.views = views.map { view in
            var copy = view
            copy.reference = view.reference.renamingClass(rename)
            return copy
        }
        renamed.viewController = viewController.map(rename)
        return renamed
    }
}
