import Foundation

// MARK: - NSLayoutConstraint

/// A relation between two layout attributes, as in UIKit:
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`.
///
/// A constraint does nothing until it is active. Activating it installs it on
/// the nearest common ancestor of its items; if that view is already laid out
/// by a layout engine, the engine takes the constraint at once and reports a
/// conflict if it cannot hold.
@preconcurrency @MainActor
open class NSLayoutConstraint: Hashable {
    // The items are not retained, as in UIKit (`unowned(unsafe) var firstItem`),
    // and not held weakly either: a Swift weak reference gives its object a
    // side table for good, after which every retain and release of the view
    // is slow. An item freed first clears itself out of the constraints that
    // name it instead (`NamingConstraints`), so these never dangle.
    nonisolated(unsafe) private unowned(unsafe) var first: LayoutItem?
    nonisolated(unsafe) private unowned(unsafe) var second: LayoutItem?

    /// The first attribute.
    public let firstAttribute: Attribute
    /// The second attribute; `.notAnAttribute` for a constant constraint.
    public let secondAttribute: Attribute
    /// The relation between the two sides.
    public let relation: Relation
    /// The multiplier applied to the second attribute.
    public let multiplier: CGFloat

    /// The constant added to the second side. Changing it updates the layout engine.
    open var constant: CGFloat {
        didSet { if constant != oldValue { engineNeedsUpdate() } }
    }

    /// The priority; 1000 is required. Changing it updates the layout engine.
    ///
    /// As in UIKit, an installed (active) constraint cannot change between
    /// required and optional: the engine keeps the two kinds apart, so UIKit
    /// raises `NSInternalInconsistencyException`, and ReferenceKit stops the
    /// program with the same text. Deactivate, change, reactivate instead.
    open var priority: UILayoutPriority = .required {
        willSet {
            if let error = Self.priorityChangeError(from: priority, to: newValue, installed: isActive) {
                error.raise()
            }
        }
        didSet { if priority != oldValue { engineNeedsUpdate() } }
    }

    /// A name for the constraint, printed in quotes after its address.
    open var identifier: String?

    /// The view the constraint is installed on, while it is active; unretained,
    /// since the view holds the constraint, and cleared if the view is freed first.
    nonisolated(unsafe) unowned(unsafe) var owner: UIView?
    /// The creation order, which keeps engine and log orders deterministic.
    let serial: Int
    /// Whether UIKit (here: ReferenceKit) made the constraint rather than the app.
    var isSystemConstraint = false
    /// Whether the description prefers the visual form for a constant size
    /// (`H:[view(768)]`): constraints made from a visual format string and
    /// `'UISV-hiding'` ones.
    var prefersVisualFormat = false
    /// How a system spacing constant prints (`NSSpace(8)`,
    /// `NSLayoutAnchorConstraintSpace(8)`), or `nil` for a literal constant.
    var systemSpacing: SystemSpacing?
    /// For system constraints that place the first item inside its superview
    /// (`NSAutoresizingMaskLayoutConstraint`, encapsulated left and top): the
    /// view whose origin the first item's location is measured from.
    /// Unretained, and cleared if that view is freed first.
    var locationOrigin: UIView? {
        get { origin }
        set {
            guard newValue !== origin else { return }
            let old = origin
            origin = newValue
            if let old, !names(old) { old.namingConstraints.remove(self) }
            newValue?.namingConstraints.insert(self)
        }
    }
    nonisolated(unsafe) private unowned(unsafe) var origin: UIView?

    nonisolated(unsafe) private static var nextSerial = 0

    /// Creates a constraint without validating it; ReferenceKit's own system
    /// constraints and the public initializer use this.
    init(first: LayoutItem, firstAttribute: Attribute, relation: Relation, second: LayoutItem?,
         secondAttribute: Attribute, multiplier: CGFloat, constant: CGFloat) {
        self.first = first
        self.second = second
        self.firstAttribute = firstAttribute
        self.secondAttribute = secondAttribute
        self.relation = relation
        self.multiplier = multiplier
        self.constant = constant
        Self.nextSerial += 1
        self.serial = Self.nextSerial
        LiveObjects.register(self)
        first.namingConstraints.insert(self)
        second?.namingConstraints.insert(self)
        ConstraintLifecycle.notify(self, .made)
    }

    /// Creates a constraint, as UIKit's `constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:`.
    ///
    /// Invalid input stops the program with the message UIKit's exception
    /// carries (a location related to a constant, mixed axes, leading with
    /// left); `validate` gives the same verdict without stopping.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation,
                            toItem view2: Any?, attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        if let error = Self.validate(item: view1, attribute: attr1, toItem: view2, attribute: attr2, multiplier: multiplier) {
            error.raise()
        }
        self.init(first: view1 as! LayoutItem, firstAttribute: attr1, relation: relation,
                  second: view2 as? LayoutItem, secondAttribute: view2 == nil ? .notAnAttribute : attr2,
                  multiplier: multiplier, constant: c)
    }

    deinit {
        // Items still alive stop listing this constraint (one freed earlier
        // has already cleared its field here).
        first?.namingConstraints.remove(self)
        second?.namingConstraints.remove(self)
        origin?.namingConstraints.remove(self)
        ConstraintLifecycle.notify(self, .freed)
        LiveObjects.unregister(LiveObjects.address(of: self))
    }

    /// Clears every place the constraint names `item`, which is being freed;
    /// only its deinit calls this. (A view's deinit clears `owner` in the
    /// constraints installed on it, which need not name it.)
    nonisolated func forget(_ item: LayoutItem) {
        if first === item { first = nil }
        if second === item { second = nil }
        if origin === item { origin = nil }
    }

    /// Whether the constraint names `item` as an item or as its location origin.
    nonisolated func names(_ item: LayoutItem) -> Bool {
        first === item || second === item || origin === item
    }

    // MARK: - Items

    /// The first item: a `UIView` or a `UILayoutGuide`.
    open var firstItem: AnyObject? { first }
    /// The second item, or `nil` for a constant constraint.
    open var secondItem: AnyObject? { second }

    /// The first item as a layout item.
    var firstLayoutItem: LayoutItem? { first }
    /// The second item as a layout item.
    var secondLayoutItem: LayoutItem? { second }

    // MARK: - Activation

    /// Whether the constraint takes part in layout. Setting it installs the
    /// constraint on the nearest common ancestor of its items, or removes it.
    open var isActive: Bool {
        get { owner != nil }
        set {
            if newValue { install() } else { owner?.removeConstraint(self) }
        }
    }

    /// Activates each constraint, in order.
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func install() {
        guard owner == nil else { return }
        switch installationTarget() {
        case .success(let view): view.addConstraint(self)
        case .failure(let error): error.raise()
        }
    }

    /// The view an active constraint belongs on: the nearest common ancestor
    /// of its items' views, or the reason there is none.
    func installationTarget() -> Result<UIView, LayoutConstraintError> {
        guard let firstView = first?.nearestView else {
            return .failure(.noCommonAncestor(description))
        }
        guard let secondItem = second else { return .success(firstView) }
        guard let secondView = secondItem.nearestView,
              let common = firstView.nearestCommonAncestor(with: secondView) else {
            return .failure(.noCommonAncestor(description))
        }
        return .success(common)
    }

    private func engineNeedsUpdate() {
        owner?.enrolledEngine?.update(self)
    }

    // MARK: - Identity

    /// Constraints are equal only to themselves.
    nonisolated public static func == (lhs: NSLayoutConstraint, rhs: NSLayoutConstraint) -> Bool { lhs === rhs }

    /// Hashes the constraint's identity.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
