// MARK: - ReferencingConstraintsReport

/// Sadun's `referencingConstraints` and `referencingConstraintsInSuperviews`:
/// every constraint, on the view or on an ancestor, that names the view.
///
/// Her version dropped system classes; this one keeps them, marked by class
/// (autoresizing and content-size constraints are often the culprit), and
/// offers `includeSystem: false` to drop them.
enum ReferencingConstraintsReport {
    /// The constraints installed on the view itself that name it.
    ///
    /// - Parameters:
    ///   - view: The view's snapshot.
    ///   - includeSystem: Keep UIKit-made constraints (`isSystemConstraint`).
    static func referencingConstraints(_ view: ViewSnapshot, includeSystem: Bool = true) -> [ConstraintSnapshot] {
        view.constraints.filter { names($0, view.reference) && (includeSystem || !$0.isSystemConstraint) }
    }

    /// The constraints installed on ancestors that name the view.
    ///
    /// - Parameters:
    ///   - view: The view's snapshot.
    ///   - includeSystem: Keep UIKit-made constraints.
    static func referencingConstraintsInSuperviews(_ view: ViewSnapshot,
                                                          includeSystem: Bool = true) -> [ConstraintSnapshot] {
        view.ancestorConstraints.filter { names($0, view.reference) && (includeSystem || !$0.isSystemConstraint) }
    }

    /// Both lists as text:
    /// ```
    /// Constraints referencing <UIImageView:0x1234>: 2
    /// On the view:
    ///  1. @250 <UIImageView:0x1234>.width == 100.0 [satisfied]
    /// On ancestors:
    ///  1. @1000 <UIView:0x10>.centerX == <UIImageView:0x1234>.centerX on <UIView:0x10> [satisfied]
    /// ```
    ///
    /// - Parameters:
    ///   - view: The view's snapshot.
    ///   - includeSystem: Keep UIKit-made constraints.
    /// - Returns: Lines ending in a newline.
    static func text(_ view: ViewSnapshot, includeSystem: Bool = true) -> String {
        let own = referencingConstraints(view, includeSystem: includeSystem)
        let inherited = referencingConstraintsInSuperviews(view, includeSystem: includeSystem)
        var out = "Constraints referencing \(view.reference.bracketed): \(own.count + inherited.count)"
        out += includeSystem ? "\n" : " (system constraints left out)\n"
        out += list("On the view:", own, showOwner: false)
        out += list("On ancestors:", inherited, showOwner: true)
        return out
    }

    /// The lists as JSON: `{"schema", "kind": "referencing-constraints", "text", "view",
    /// "constraints", "ancestorConstraints", "views"}`, views named by address and described
    /// once under `views`.
    static func json(_ view: ViewSnapshot, includeSystem: Bool = true) -> String {
        JSONText.document(.referencingConstraints, Document(
            text: text(view, includeSystem: includeSystem), view: view.reference,
            constraints: referencingConstraints(view, includeSystem: includeSystem),
            ancestorConstraints: referencingConstraintsInSuperviews(view, includeSystem: includeSystem)))
    }

    /// The JSON form of the report.
    struct Document: Encodable {
        /// The text report.
        var text: String
        /// The view the constraints reference.
        var view: ObjectReference
        /// Those installed on the view.
        var constraints: [ConstraintSnapshot]
        /// Those installed on its ancestors.
        var ancestorConstraints: [ConstraintSnapshot]

        private enum CodingKeys: String, CodingKey { case text, view, constraints, ancestorConstraints, views }

        /// Writes the lists, the view's own constraints without their owner (the view).
        func encode(to encoder: Encoder) throws {
            var views = DocumentViews()
            views.name(view)
            for constraint in constraints + ancestorConstraints { views.name(itemsOf: constraint) }
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .text)
            try c.encode(view.named, forKey: .view)
            try c.encode(constraints.map(ConstraintSnapshot.Installed.init), forKey: .constraints)
            try c.encode(ancestorConstraints, forKey: .ancestorConstraints)
            try c.encode(views.views, forKey: .views)
        }
    }

    // MARK: - Pieces

    /// Whether either item is the view: by address when both have one, since
    /// two views can share a class and a name.
    static func names(_ c: ConstraintSnapshot, _ view: ObjectReference) -> Bool {
        func same(_ item: ObjectReference?) -> Bool {
            guard let item else { return false }
            if let a = item.address, let b = view.address { return a == b }
            return item == view
        }
        return same(c.firstItem) || same(c.secondItem)
    }

    private static func list(_ title: String, _ constraints: [ConstraintSnapshot], showOwner: Bool) -> String {
        guard !constraints.isEmpty else { return "" }
        var out = TextWriter()
        out.write(title)
        out.write("\n")
        var origins = OriginMarkers()
        ViewLayoutDescription.numbered(constraints, showOwner: showOwner, indent: "", origins: &origins, into: &out)
        return out.string
    }
}
