// MARK: - ConflictTriage

/// A conflict's owner and the evidence for it in a few words, worked out
/// from the snapshot alone.
///
/// The same snapshot comes from a breakpoint (`lbreak`), the in-app monitor
/// and a pasted log (`layout-explain`), so all three say the same owner. The
/// rules, each built on real console logs (`Tests/Fixtures/corpus/logs`), run in this
/// order; the first that matches decides:
/// 1. **transient**: an encapsulated size of 0 (or `2.22507e-308`, the
///    smallest normal double UIKit uses for "no height yet"), or a
///    `_UITemporaryLayoutWidth`/`Height` constraint;
/// 2. **system**: every item of every constraint is UIKit- or
///    AppKit-internal (or a margin or safe-area guide), and no constraint is of
///    an app's or a library's class;
/// 3. **yours**: everything else, naming the first view of the app's own.
///
/// A live system conflict also says where it sits (`ConflictPlace`): the
/// framework container and the nearest view and view controller of the app's own.
///
/// The triage never drops a conflict: callers count every owner.
public struct ConflictTriage: Hashable, Sendable {
    /// Whose conflict it is.
    var owner: ConflictOwner
    /// The evidence, in a few words, naming the item it rests on.
    var evidence: String
    /// Where a live system conflict sits in the app (`ConflictPlace`); `nil`
    /// for other owners and for a conflict from a log, which prints no superviews.
    var place: Optional<ConflictPlace>

    /// Creates a triage result.
    init(owner: ConflictOwner, evidence: String, place: ConflictPlace? = nil) {
        self.owner = owner
        self.evidence = evidence
        self.place = place
    }

    /// The report's first line: `Owner: system (only UIKit-internal views: …)`,
    /// then, live, where it sits: `, in a toolbar inside SettingsViewController's <SettingsPanel:0x…>`.
    var line: String {
        "Owner: \(owner.rawValue) (\(evidence))" + (place.map { ", " + $0.text } ?? "")
    }

    /// Classifies a conflict.
    ///
    /// - Parameter conflict: The conflict, from any source.
    /// - Returns: Its owner and evidence.
    /// - Complexity: O(n) in the number of constraints.
    static func classify(_ conflict: ConflictSnapshot) -> ConflictTriage {
        let constraints = conflict.mutuallyExclusive + (conflict.brokenConstraint.map { [$0] } ?? [])
        if let evidence = transientEvidence(constraints) { return ConflictTriage(owner: .transient, evidence: evidence) }
        if let evidence = systemEvidence(constraints) {
            return ConflictTriage(owner: .system, evidence: evidence, place: ConflictPlace.find(in: conflict))
        }
        let evidence = HostingConflict.evidence(conflict, constraints) ?? yoursEvidence(conflict, constraints)
        return ConflictTriage(owner: .yours, evidence: evidence)
    }

    /// A conflict's owner alone, as `classify` finds it, without wording the
    /// evidence: a summary needs the owner of thousands of signatures and
    /// shows no evidence.
    ///
    /// - Parameter conflict: The conflict, from any source.
    /// - Returns: `classify(conflict).owner`.
    public static func owner(of conflict: ConflictSnapshot) -> ConflictOwner {
        // Each constraint is read where it lies rather than joined into one
        // array as `classify` does: joining copies every constraint, about a
        // third of this function's cost.
        var evidence = OwnerEvidence()
        for c in conflict.mutuallyExclusive { evidence.add(OwnerEvidence(of: c)) }
        if let broken = conflict.brokenConstraint { evidence.add(OwnerEvidence(of: broken)) }
        return evidence.owner
    }

    // MARK: - Rules

    /// Rule 1, transient. An encapsulated size of 0 is what a table or
    /// collection view gives a cell it is reusing or has not sized yet:
    /// `'UIView-Encapsulated-Layout-Height' App.Zephyr1View.height == 0` in corpus
    /// `logs/018.txt`, `== 2.22507e-308` in `logs/001.txt` (UITableView-FDTemplateLayoutCell
    /// #133, SnapKit #667). A nonzero encapsulated size is the cell's real size and
    /// the app's to meet (`logs/007.txt`: height 80, `logs/006.txt`: 123.5), so it
    /// does not count. `_UITemporaryLayoutWidth` is the width UIKit sets on a
    /// title view before the bar lays it out (deltachat-ios #2227: `== 0` on
    /// a navigation title view); the next layout pass removes it.
    static func transientEvidence(_ constraints: [ConstraintSnapshot]) -> String? {
        for c in constraints {
            if let evidence = transientEvidence(of: c) { return evidence }
        }
        return nil
    }

    /// Rule 1 for one constraint: its evidence when it is transient.
    static func transientEvidence(of c: ConstraintSnapshot) -> String? {
        guard let identifier = c.identifier, isTransient(c, identifier: identifier) else { return nil }
        // Worded only for a constraint that decides: most identifiers do not.
        let item = c.firstItem.map(FrameworkClassNames.label) ?? "a view"
        if identifier.hasPrefix("_UITemporaryLayout") {
            return "'\(identifier)' on \(item), replaced by the next layout pass"
        }
        let axis = identifier.hasSuffix("Height") ? "height" : "width"
        return "encapsulated \(axis) \(ConstraintSnapshot.number(c.constant)) on \(item), "
            + "not sized yet, as in cell reuse"
    }

    /// Rule 1's test, with `identifier` read as the constraint's: a summary
    /// shares one reading among lines that differ only in their identifier.
    static func isTransient(_ c: ConstraintSnapshot, identifier: String?) -> Bool {
        guard let identifier else { return false }
        if identifier.hasPrefix("_UITemporaryLayoutWidth") || identifier.hasPrefix("_UITemporaryLayoutHeight") {
            return true
        }
        let isEncapsulatedSize = identifier == "UIView-Encapsulated-Layout-Height"
            || identifier == "UIView-Encapsulated-Layout-Width"
        // 2.22507e-308 as printed parses just below the smallest normal double.
        return isEncapsulatedSize && c.secondItem == nil && c.relation == .equal && abs(c.constant) < 1e-300
    }

    /// Rule 2, system. Every item is framework-internal or a system guide:
    /// `_UIButtonBarStackView.width <= 0` against its own margins guide in corpus
    /// `logs/019.txt` and `logs/022.txt` (the keyboard's shortcut bar), and the
    /// keyboard's `TUISystemInputAssistantView`/`_UIKBCompatInputView` in
    /// `UIInputSetHostView` of IQKeyboardManager #1615. Corpus `logs/023.txt`
    /// holds keyboard views too, but the app's own `Harbor1View` (an input
    /// accessory pinned to the safe area) is in it, so it stays the app's.
    /// In the SwiftUI era: SwiftUI's hosting classes, bar-button wrappers
    /// (`_UIModernBarButton`, `ButtonWrapper`), `_UIToolbarContentView`, the
    /// keyboard's `TUIKeyboardContentView`, `TUIKeyplaneView` and
    /// `SystemInputAssistantView` (`FrameworkClassNames`), and a plain `UIView`
    /// beside an alert controller's `_UIAlertController…` views (`OwnerEvidence`).
    static func systemEvidence(_ constraints: [ConstraintSnapshot]) -> String? {
        // Decided as `owner(of:)` decides it (`OwnerEvidence`); only the names are gathered here.
        var evidence = OwnerEvidence()
        for c in constraints { evidence.add(OwnerEvidence(of: c)) }
        guard !evidence.excludesSystem, evidence.namesInternalView else { return nil }
        var internalNames: [String] = []
        for item in constraints.flatMap({ [$0.firstItem, $0.secondItem] }).compactMap({ $0 })
        where FrameworkClassNames.kind(of: item) == .frameworkInternal && !internalNames.contains(item.className) {
            internalNames.append(item.className)
        }
        guard let first = internalNames.first else { return nil }
        let framework = first.hasPrefix("_NS") ? "AppKit"
            : FrameworkClassNames.swiftUIPrefixes.contains(where: first.hasPrefix) ? "SwiftUI" : "UIKit"
        let shown = internalNames.prefix(3).joined(separator: ", ") + (internalNames.count > 3 ? ", …" : "")
        return "only \(framework)-internal views: \(shown)"
    }

    /// Rule 3, yours: names the first view of the app's own class (corpus
    /// `logs/023.txt`: `Harbor1View`), else the first public framework view the
    /// app placed (`logs/007.txt`: `UIImageView`). The app's own constraints are
    /// looked at first, so a cell's content view, named by the encapsulated
    /// size UIKit gives it, yields to the view the app pinned inside it.
    static func yoursEvidence(_ conflict: ConflictSnapshot, _ constraints: [ConstraintSnapshot]) -> String {
        let ordered = constraints.filter { !$0.isSystemConstraint } + constraints
        let items = ordered.flatMap { [$0.firstItem, $0.secondItem] }.compactMap { $0 }
        if let app = items.first(where: { FrameworkClassNames.kind(of: $0) == .app }) {
            return "the app's \(FrameworkClassNames.label(app))"
        }
        if let view = items.first(where: { FrameworkClassNames.kind(of: $0) == .publicFramework }) {
            return "\(FrameworkClassNames.label(view)), a view the app placed"
        }
        if conflict.isRedacted { return "the OS redacted the constraints; counted as the app's" }
        return "no framework-internal view alone; counted as the app's"
    }
}
