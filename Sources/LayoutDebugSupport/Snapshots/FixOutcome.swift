// MARK: - FixOutcome

/// What one `lfix` did and what the layout looks like after it: values only,
/// made from snapshots taken before and after (by `Fixes/`), so the renderer
/// (`Rendering/FixReport`) and the tests need no live object, and nothing that
/// changes live objects.
struct FixOutcome: Hashable, Sendable {
    /// Whether a step applied a change or reversed one.
    enum Action: String, Encodable, Hashable, Sendable {
        /// `lfix <object> --…` or `--suggestion N`.
        case applied
        /// `--undo` or `--undo-all`.
        case undone
    }

    /// One change, applied or reversed.
    struct Step: Hashable, Sendable {
        /// Applied or reversed.
        var action: Action
        /// The change as it was asked for (an undo names the change it reverses).
        var change: LayoutChange
        /// The constraint changed, as it was before the step.
        var constraint: ConstraintSnapshot?
        /// The view changed (`--no-autoresizing`).
        var view: ObjectReference?
        /// The property that moved: `priority`, `constant`, `active`, `translatesAutoresizingMaskIntoConstraints`.
        var property: String
        /// Its value before, as text (`1000`, `true`).
        var from: String
        /// Its value after.
        var to: String
        /// Whether the constraint was deactivated and reactivated around the
        /// change: UIKit raises if an installed constraint's priority crosses required.
        var reinstalled: Bool
    }

    /// A view whose frame moved.
    struct FrameChange: Hashable, Sendable {
        /// The view.
        var view: ObjectReference
        /// Its frame before the change (after a layout pass).
        var before: SnapshotRect
        /// Its frame after.
        var after: SnapshotRect
    }

    /// A conflict the engine still reports, with the explainer's reason.
    struct RemainingConflict: Hashable, Sendable {
        /// The conflict as the engine reported it during `lfix`.
        var conflict: ConflictSnapshot
        /// One paragraph on why it cannot hold, when the explainer found one.
        var why: String?
    }

    /// The changes made by this call, in order.
    var steps: [FixOutcome.Step]
    /// The window (the hierarchy's root) that was laid out.
    var window: ObjectReference
    /// How many constraints of the hierarchy were re-checked.
    var recheckedConstraints: Int
    /// How many of them the engine was asked to take again (broken, or not holding).
    var retriedConstraints: Int
    /// Conflicts that remain, one per broken constraint.
    var conflicts: [RemainingConflict]
    /// Required constraints that still do not hold and that no conflict above names.
    var unsatisfied: [ConstraintSnapshot]
    /// Views whose frames changed, in hierarchy order.
    var frameChanges: [FrameChange]
    /// Views that were not ambiguous before and are now.
    var newlyAmbiguous: [ObjectReference]
    /// How many changes are applied in this stop after this call (what `--undo-all` reverses).
    var changesInThisStop: Int
    /// Conflicts elsewhere in the window that the change did not touch and that
    /// were there before it, counted apart from `conflicts` (`FixComparison.isOther`);
    /// `nil` when not counted.
    var otherConflicts: Int? = nil

    /// Whether what the change touched now lays out without a conflict.
    var isResolved: Bool { conflicts.isEmpty && unsatisfied.isEmpty }
}
