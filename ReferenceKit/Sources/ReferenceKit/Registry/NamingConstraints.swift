// MARK: - NamingConstraints

/// The constraints that name one view or layout guide, without retaining them.
///
/// Constraints do not retain their items (UIKit's do not either), so an item
/// can be freed while a constraint that names it lives on, held by the app.
/// The item's deinit then clears itself out of each of these constraints, so
/// `firstItem` reads `nil` rather than a freed object. A constraint leaves the
/// lists of its live items in its own deinit, so every entry here is live.
struct NamingConstraints {
    private var constraints: [ObjectIdentifier: Unmanaged<NSLayoutConstraint>] = [:]

    /// Adds `constraint`; adding it again changes nothing.
    mutating func insert(_ constraint: NSLayoutConstraint) {
        constraints[ObjectIdentifier(constraint)] = Unmanaged.passUnretained(constraint)
    }

    /// Removes `constraint`, if it is here.
    mutating func remove(_ constraint: NSLayoutConstraint) {
        constraints[ObjectIdentifier(constraint)] = nil
    }

    /// Whether `constraint` is here.
    func contains(_ constraint: NSLayoutConstraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    /// Whether no constraint names the item.
    var isEmpty: Bool { constraints.isEmpty }

    /// Calls `body` with each constraint, in no particular order.
    func forEach(_ body: (NSLayoutConstraint) -> Void) {
        for entry in constraints.values { body(entry.takeUnretainedValue()) }
    }
}
