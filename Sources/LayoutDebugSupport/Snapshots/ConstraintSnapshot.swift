// MARK: - ConstraintSnapshot

/// Everything a report needs to know about one constraint, as a value.
///
/// A constraint says `firstItem.firstAttribute  relation  multiplier ×
/// secondItem.secondAttribute + constant`. A unary constraint (`width == 20`)
/// has no second item and `secondAttribute == .notAnAttribute`.
public struct ConstraintSnapshot: Encodable, Hashable, Sendable {
    // Optional properties are spelled `Optional<…>`, not `…?`: a `var` of
    // type `T?` starts as `nil` before the initializer assigns it, and with
    // that the optimised initializer ended by retaining and releasing the
    // whole snapshot (a dozen strings), for every snapshot a report makes.
    // The spelled-out type has no implicit initial value; the type is the same.

    /// The constraint's class as printed: `NSLayoutConstraint`,
    /// `NSAutoresizingMaskLayoutConstraint`, `NSContentSizeLayoutConstraint`,
    /// `SnapKit.LayoutConstraint`, `MASLayoutConstraint`, ….
    var className: String
    /// The constraint's own address, when known.
    var address: Optional<UInt64>
    /// The identifier (`'UIView-Encapsulated-Layout-Width'`, a user's), or `nil`.
    var identifier: Optional<String>
    /// The nametag a user gave the constraint in the debugger (`lname`), or `nil`
    /// (live sources only). Reports print it where UIKit prints the identifier;
    /// what the constraint is (a system one, an encapsulated size) is still read
    /// from the identifier.
    var name: Optional<String>
    /// The first item; `nil` only for a log line that could not name it.
    var firstItem: Optional<ObjectReference>
    /// The first item's attribute.
    var firstAttribute: LayoutAttribute
    /// The relation between the two sides.
    var relation: LayoutRelation
    /// The second item, or `nil` for a unary constraint.
    var secondItem: Optional<ObjectReference>
    /// The second item's attribute, `.notAnAttribute` when there is none.
    var secondAttribute: LayoutAttribute
    /// The multiplier applied to the second item's attribute.
    var multiplier: Double
    /// The constant added to the right-hand side.
    var constant: Double
    /// The `UILayoutPriority` raw value, 1 to 1000.
    var priority: Double
    /// `true` for `(active)`, `false` for `(inactive)`, `nil` when the log did not say.
    var isActive: Optional<Bool>
    /// The source location SnapKit recorded, as `File.swift#12`, or `nil`.
    var sourceLocation: Optional<String>
    /// The autoresizing mask text of an `NSAutoresizingMaskLayoutConstraint`
    /// (`h=--& v=--&`), or `nil`.
    var autoresizingMask: Optional<String>
    /// Whether the constant is a system spacing (`NSSpace(8)`,
    /// `NSLayoutAnchorConstraintSpace(8)`) rather than a literal.
    var isSystemSpacing: Bool
    /// The view the constraint is installed on, when known.
    var owner: Optional<ObjectReference>
    /// Whether the engine broke this constraint to recover from a conflict
    /// (live sources only: the library saw it at the conflict breakpoint or hook).
    var isBroken: Bool
    /// How far the current frames are from satisfying the constraint, in
    /// points: `0` when they satisfy it, `nil` when unknown (logs, baselines).
    /// Live adapters compute it; it cannot be derived later because the items'
    /// frames are not part of the snapshot.
    var frameMiss: Optional<Double>
    /// Where the constraint was made, when origin capture was on (live sources only);
    /// `nil` when capture was never started in the process.
    var origin: Optional<ConstraintOrigin>
    /// The first item's superview, when the source names it: a log's
    /// `names: '|':NSTextView:0x…`, or a live adapter that read it. A
    /// position set by a constant (`minX == 0`) is measured from it; see
    /// `isPositionInSuperview`.
    var superview: Optional<ObjectReference>

    /// Creates a snapshot. Defaults describe an active, required,
    /// `NSLayoutConstraint` with multiplier 1 and constant 0.
    init(
        className: String = "NSLayoutConstraint",
        address: UInt64? = nil,
        identifier: String? = nil,
        name: String? = nil,
        firstItem: ObjectReference?,
        firstAttribute: LayoutAttribute,
        relation: LayoutRelation = .equal,
        secondItem: ObjectReference? = nil,
        secondAttribute: LayoutAttribute = .notAnAttribute,
        multiplier: Double = 1,
        constant: Double = 0,
        priority: Double = 1000,
        isActive: Bool? = true,
        sourceLocation: String? = nil,
        autoresizingMask: String? = nil,
        isSystemSpacing: Bool = false,
        owner: ObjectReference? = nil,
        isBroken: Bool = false,
        frameMiss: Double? = nil,
        origin: ConstraintOrigin? = nil,
        superview: ObjectReference? = nil
    ) {
        self.className = className
        self.address = address
        self.identifier = identifier
        self.name = name
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.isActive = isActive
        self.sourceLocation = sourceLocation
        self.autoresizingMask = autoresizingMask
        self.isSystemSpacing = isSystemSpacing
        self.owner = owner
        self.isBroken = isBroken
        self.frameMiss = frameMiss
        self.origin = origin
        self.superview = superview
    }

    /// Whether the constraint is required (priority 1000).
    var isRequired: Bool { priority >= 1000 }

    /// Whether UIKit or AppKit made this constraint rather than the app:
    /// autoresizing, content-size, encapsulated-layout, stack-view (`UISV-`),
    /// margin-guide, safe-area and temporary constraints, and AppKit's window
    /// size (`NSWindow-current-width`).
    var isSystemConstraint: Bool { Self.isSystemConstraint(className: className, identifier: identifier) }

    /// `isSystemConstraint` for a constraint of this class and identifier, so
    /// an adapter can ask before it makes the snapshot.
    static func isSystemConstraint(className: String, identifier: String?) -> Bool {
        if className == "NSAutoresizingMaskLayoutConstraint" || className == "NSContentSizeLayoutConstraint"
            || className == "_UILayoutSupportConstraint" || className == "NSIBPrototypingLayoutConstraint" {
            return true
        }
        guard let identifier else { return false }
        let systemPrefixes = ["UIView-", "UISV-", "_UITemporaryLayout", "UIViewSafeAreaLayoutGuide-",
                              "NSStackView.", "IB auto generated", "_UI", "NSView-", "NSWindow-"]
        return systemPrefixes.contains { identifier.hasPrefix($0) }
    }
}
