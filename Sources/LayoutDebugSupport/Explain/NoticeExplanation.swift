// MARK: - NoticeExplanation

/// What a `LayoutNotice` means and what to do about it, in the words a
/// conflict report uses: the message is named, then what happened, then
/// the fix. No arithmetic: nothing here is a contradiction. The report
/// around it is `NoticeReportRenderer`'s.
public struct NoticeExplanation: Codable, Hashable, Sendable {
    /// The message, as UIKit prints its first words.
    var title: String
    /// Whether the app stops there (an uncaught `NSGenericException`).
    var isException: Bool
    /// What happened, naming the constraint and views the message names.
    var happened: String
    /// What to do.
    var fix: String

    /// Explains one notice.
    public static func explain(_ notice: LayoutNotice) -> NoticeExplanation {
        switch notice.kind {
        case .unableToInstall: return unableToInstall(notice)
        case .unableToActivate: return unableToActivate(notice)
        case .hierarchyNotPrepared: return hierarchyNotPrepared(notice)
        case .managedAutoresizing: return managedAutoresizing(notice)
        case .ambiguousLayout: return ambiguousLayout(notice)
        }
    }

    // MARK: - Kinds

    private static func unableToInstall(_ notice: LayoutNotice) -> NoticeExplanation {
        let view = notice.view("added to")
        return NoticeExplanation(
            title: "Unable to install constraint on view",
            isException: true,
            happened: "The constraint was added to \(addedTo(view)) (addConstraint:), but \(outsideItems(notice, view)). "
                + "A constraint is installed on a view that holds all its items, and these items share no common "
                + "ancestor there: nothing was broken, the constraint was never installed.",
            fix: "Put both views in one hierarchy first (addSubview), then activate the constraint "
                + "(isActive = true or NSLayoutConstraint.activate), which installs it on the items' nearest common "
                + "ancestor; or add it to that ancestor" + (view.map { ", not to " + name($0) } ?? " instead") + ".")
    }

    /// The view a constraint was added to; a message cut before its view names none, and
    /// that is what is said, rather than naming the view by what was done to it.
    private static func addedTo(_ view: ObjectReference?) -> String {
        view.map(name) ?? "a view the log does not name"
    }

    /// Which of the constraint's items lie outside the view it was added to: those that are
    /// not the view itself, or, when the log names no view, one of them.
    private static func outsideItems(_ notice: LayoutNotice, _ view: ObjectReference?) -> String {
        let outside = items(of: notice.constraint).filter { $0.address != view?.address }
        if outside.isEmpty { return "it ties an item outside that view's subtree" }
        if view == nil && outside.count > 1 {
            return "one of its items, " + outside.map(name).joined(separator: " or ") + ", is outside that view's subtree"
        }
        return "it ties " + outside.map(name).joined(separator: " and ") + ", outside that view's subtree"
    }

    private static func unableToActivate(_ notice: LayoutNotice) -> NoticeExplanation {
        let anchors = notice.views.map { name($0.view) + ($0.attributes.first.map { "." + $0 } ?? "") }
        let named = anchors.isEmpty ? "Its anchors" : anchors.joined(separator: " and ")
        return NoticeExplanation(
            title: "Unable to activate constraint with anchors",
            isException: true,
            happened: "\(named) have no common ancestor: when the constraint was activated, the views were not in "
                + "one view hierarchy, so there was no view to install it on. Nothing was broken.",
            fix: "Add the view that is not in the hierarchy yet (addSubview) before activating constraints on it, "
                + "and deactivate constraints before removing a view from its superview.")
    }

    private static func hierarchyNotPrepared(_ notice: LayoutNotice) -> NoticeExplanation {
        let container = addedTo(notice.view("container"))
        let missing = notice.view("not in the container").map { "\(name($0)) is not" }
            ?? "one of its items is not"
        let superview = notice.view("its superview").map { " (it is in \(name($0)))" } ?? ""
        return NoticeExplanation(
            title: "The view hierarchy is not prepared for the constraint",
            isException: false,
            happened: "The constraint was added to \(container), but \(missing) that view or one of its "
                + "descendants\(superview): its items share no common ancestor there. UIKit ignores the constraint "
                + "until the hierarchy is assembled, and crashes if it must be resolved before.",
            fix: "Add the views to their superviews first, then activate the constraint (isActive = true), or add "
                + "it to a view that holds both items.")
    }

    private static func managedAutoresizing(_ notice: LayoutNotice) -> NoticeExplanation {
        let subject = notice.subject ?? "a cell that is managed by its collection or table view"
        let cell = notice.view("cell").map { " (\(name($0)))" } ?? ""
        return NoticeExplanation(
            title: "Changing translatesAutoresizingMaskIntoConstraints of \(subject)",
            isException: false,
            happened: "The app changed translatesAutoresizingMaskIntoConstraints of \(subject)\(cell). "
                + "The collection or table view sizes and places that view itself, so self-sizing gives wrong sizes. "
                + "No constraint was broken.",
            fix: "Leave translatesAutoresizingMaskIntoConstraints of the cell and its contentView as UIKit sets it. "
                + "Set it to false only on the views you add to contentView, and pin them to contentView.")
    }

    private static func ambiguousLayout(_ notice: LayoutNotice) -> NoticeExplanation {
        let views = notice.views.map { named in
            name(named.view) + (named.attributes.isEmpty ? "'s frame"
                : "'s " + named.attributes.map(attributeWords).joined(separator: " and "))
        }
        let which = views.isEmpty ? "some views' frames" : views.joined(separator: "; ")
        return NoticeExplanation(
            title: "View has an ambiguous layout",
            isException: false,
            happened: "The constraints do not fix \(which): more than one value satisfies every constraint, so Auto "
                + "Layout picked one. Nothing was broken, but the result may change from one layout pass to the next.",
            fix: "Add the missing constraints: each view needs its horizontal position and width, and its vertical "
                + "position and height, fixed by constraints or by an intrinsic content size; or make two optional "
                + "constraints of equal priority unequal.")
    }

    // MARK: - Words

    /// An item as the triage names it (`<UIView:0x…>`): the explainer, like the
    /// triage, speaks only snapshots and does not borrow the renderers'.
    private static func name(_ item: ObjectReference) -> String { FrameworkClassNames.label(item) }

    /// The items a constraint ties.
    private static func items(of constraint: ConstraintSnapshot?) -> [ObjectReference] {
        guard let constraint else { return [] }
        return [constraint.firstItem, constraint.secondItem].compactMap { $0 }
    }

    /// `_autolayoutTrace`'s variable names in words: `minY` is the vertical position.
    static func attributeWords(_ attribute: String) -> String {
        switch attribute {
        case "minX": return "horizontal position"
        case "minY": return "vertical position"
        case "Width", "width": return "width"
        case "Height", "height": return "height"
        default: return attribute
        }
    }
}
