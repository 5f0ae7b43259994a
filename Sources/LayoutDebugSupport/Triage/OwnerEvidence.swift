// MARK: - OwnerEvidence

/// What some of a conflict's constraints tell of its owner, by the rules of
/// `ConflictTriage`, kept so that the constraints need not be read again:
/// the evidence of each constraint, gathered, decides the conflict's owner.
///
/// Each rule asks whether *some* constraint does a thing (is transient,
/// rules the system out, names a framework-internal view), so one
/// constraint's evidence is worked out once and evidence is gathered with
/// `add`. A summary keeps each distinct constraint line's evidence and finds
/// the owner of thousands of conflicts without reading their constraints.
struct OwnerEvidence: Hashable, Sendable {
    /// Some constraint is transient (rule 1: an encapsulated size of 0, a
    /// temporary layout width or height).
    var isTransient = false
    /// Some constraint rules the system out (rule 2: an app's constraint
    /// class, or an item neither framework-internal nor a system guide), or
    /// a plain view is constrained with no alert controller's internals to
    /// make it the alert's.
    var excludesSystem: Bool { excludesSystemAlone || namesPlainView && !namesAlertInternals }
    /// Some constraint names a framework-internal view other than SwiftUI's
    /// hosting view.
    var namesInternalView = false
    /// Some item rules the system out on its own.
    var excludesSystemAlone = false
    /// Some item is a plain `UIView` with no title or name: UIKit's alert
    /// controller builds its layout of such views, so beside an
    /// `_UIAlertController…` view it is the alert's; elsewhere the app's.
    var namesPlainView = false
    /// Some item is one of an alert controller's internal views (`_UIAlertController…`).
    var namesAlertInternals = false

    /// Evidence of no constraint: its owner is `.yours`.
    init() {}

    /// One constraint's evidence.
    init(of constraint: ConstraintSnapshot) {
        isTransient = ConflictTriage.isTransient(constraint, identifier: constraint.identifier)
        excludesSystemAlone = FrameworkClassNames.isAppConstraintClass(constraint.className)
        // Each item on its own, not in an array made per constraint.
        note(constraint.firstItem)
        note(constraint.secondItem)
    }

    /// One constraint's evidence, this being its evidence, had it been
    /// given `identifier`: only rule 1 reads an identifier.
    func replacingIdentifier(_ identifier: String?, of constraint: ConstraintSnapshot) -> OwnerEvidence {
        var evidence = self
        evidence.isTransient = ConflictTriage.isTransient(constraint, identifier: identifier)
        return evidence
    }

    /// Notes what one item of a constraint says (rule 2).
    private mutating func note(_ item: ObjectReference?) {
        guard let item else { return }
        switch FrameworkClassNames.kind(of: item) {
        case .frameworkInternal:
            // The app makes its hosting views (a `UIHostingController`, an
            // `NSHostingView`) and sets their `sizingOptions`: one alone is no
            // sign of the framework's hand, SwiftUI's hosting view in a toolbar is.
            if !HostingViewNames.isShortHostingName(item.className) { namesInternalView = true }
            if item.className.hasPrefix("_UIAlertController") { namesAlertInternals = true }
        case .systemGuide: break
        case .publicFramework where item.className == "UIView" && item.title == nil && item.name == nil:
            namesPlainView = true
        case .app, .publicFramework, .unknown: excludesSystemAlone = true
        }
    }

    /// Gathers `other`'s evidence into this one.
    mutating func add(_ other: OwnerEvidence) {
        isTransient = isTransient || other.isTransient
        excludesSystemAlone = excludesSystemAlone || other.excludesSystemAlone
        namesInternalView = namesInternalView || other.namesInternalView
        namesPlainView = namesPlainView || other.namesPlainView
        namesAlertInternals = namesAlertInternals || other.namesAlertInternals
    }

    /// The owner the gathered evidence gives: transient first; the system
    /// when nothing rules it out and some view is framework-internal; yours
    /// otherwise.
    var owner: ConflictOwner {
        if isTransient { return .transient }
        return !excludesSystem && namesInternalView ? .system : .yours
    }
}
