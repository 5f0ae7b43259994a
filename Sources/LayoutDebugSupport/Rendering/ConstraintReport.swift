// MARK: - ConstraintReport

/// What `lreport` prints for a constraint rather than a view: its stringValue
/// with its state, where it is installed, and its items with their frames.
///
/// ```
/// @1000 <UIImageView:0x1234>.width == 100.0 [off by 36.0]
/// Class..........NSLayoutConstraint
/// Installed on...<UIImageView:0x1234>
/// First item.....<UIImageView:0x1234> (128 220; 64 64)
/// ```
enum ConstraintReport {
    /// The report as text.
    ///
    /// - Parameters:
    ///   - c: The constraint.
    ///   - items: Its items' snapshots, first then second.
    /// - Returns: Lines ending in a newline.
    static func text(_ c: ConstraintSnapshot, items: [ViewSnapshot]) -> String {
        var out = ViewLayoutDescription.constraintLine(c, showOwner: false) + "\n"
        out += "Class..........\(c.className)\n"
        if let owner = c.owner { out += "Installed on...\(owner.bracketed)\n" }
        let labels = ["First item.....", "Second item...."]
        for (label, item) in zip(labels, items) {
            out += label + item.reference.bracketed + " " + FrameText.rect(item.frame) + "\n"
        }
        return out
    }

    /// The report as JSON: `{"schema", "kind": "constraint-report", "text", "constraint",
    /// "views", "classes"}`, the constraint naming its items by address and `views` describing
    /// them, first item first, with their frames.
    static func json(_ c: ConstraintSnapshot, items: [ViewSnapshot]) -> String {
        JSONText.document(.constraintReport, Document(text: text(c, items: items), constraint: c, items: items))
    }

    /// The JSON form of the report.
    struct Document: Encodable {
        /// The text report.
        var text: String
        /// The constraint.
        var constraint: ConstraintSnapshot
        /// Its items with their layout, then the other views it names (its owner).
        var views = DocumentViews()

        /// The report of `constraint`, whose items are `items`.
        init(text: String, constraint: ConstraintSnapshot, items: [ViewSnapshot]) {
            self.text = text
            self.constraint = constraint
            for item in items {
                views.describe(item.reference, superclassNames: item.superclassNames) { $0 = DocumentView(item) }
            }
            views.name(itemsOf: constraint)
        }

        private enum CodingKeys: String, CodingKey { case text, constraint, views, classes }

        /// Writes `{"text", "constraint", "views", "classes"}`.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .text)
            try c.encode(constraint, forKey: .constraint)
            try c.encode(views.views, forKey: .views)
            if !views.classes.isEmpty { try c.encode(views.classes, forKey: .classes) }
        }
    }
}
