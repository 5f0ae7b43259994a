import Foundation

// MARK: - LayoutConstraintError

/// The misuse UIKit raises an exception for, with UIKit's message.
///
/// UIKit throws an Objective-C exception; Swift cannot catch one, so
/// ReferenceKit raises it as an uncaught one (`raise()`): the same text, and the
/// stop in `objc_exception_throw` with the raiser's frames below, where a debugger's
/// exception breakpoint stops on Apple platforms. `validate` returns the error
/// instead, for callers and tests that want to check first.
struct LayoutConstraintError: Error, Equatable, CustomStringConvertible {
    /// The exception's name: `NSInvalidArgumentException` or `NSGenericException`.
    let name: String
    /// The exception's reason.
    let reason: String

    var description: String {
        "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
    }

    /// Raises the exception as UIKit does, uncaught (`raiseException`).
    func raise() -> Never {
        raiseException(name: name, reason: reason)
    }

    private static let factory = "*** +[NSLayoutConstraint constraintWithItem:attribute:relatedBy:toItem:attribute:multiplier:constant:]: "

    static let locationEqualToConstant = LayoutConstraintError(
        name: "NSInvalidArgumentException",
        reason: factory + "A multiplier of 0 or a nil second item together with a location for the first attribute "
            + "creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs.")

    static let invalidPairing = LayoutConstraintError(
        name: "NSInvalidArgumentException",
        reason: factory + "Invalid pairing of layout attributes.")

    static let leadingWithLeft = LayoutConstraintError(
        name: "NSInvalidArgumentException",
        reason: factory + "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. "
            + "Use leading/trailing for both or neither.")

    static let notAnItem = LayoutConstraintError(
        name: "NSInvalidArgumentException",
        reason: factory + "Constraint items must each be a view or layout guide.")

    /// No common ancestor for the items of `constraint` (its description).
    static func noCommonAncestor(_ constraint: String) -> LayoutConstraintError {
        LayoutConstraintError(
            name: "NSGenericException",
            reason: "Unable to activate constraint with anchors \(constraint) because they have no common ancestor. "
                + "Does the constraint or its anchors reference items in different view hierarchies?  That's illegal.")
    }
}

extension LayoutConstraintError {
    /// A priority that crosses between required and optional on an installed constraint.
    static func priorityMutation(passed: UILayoutPriority, existing: UILayoutPriority) -> LayoutConstraintError {
        LayoutConstraintError(
            name: "NSInternalInconsistencyException",
            reason: "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported.  "
                + "You passed priority \(formatPriority(passed)) and the existing priority was \(formatPriority(existing)).")
    }
}

extension NSLayoutConstraint {
    /// The error UIKit raises for setting `priority` from `old` to `new`, or `nil`
    /// when the change is allowed: any change on an inactive constraint, and any
    /// change that stays on one side of required.
    static func priorityChangeError(from old: UILayoutPriority, to new: UILayoutPriority,
                                    installed: Bool) -> LayoutConstraintError? {
        guard installed, (old == .required) != (new == .required) else { return nil }
        return .priorityMutation(passed: new, existing: old)
    }

    /// Checks the arguments of `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`
    /// the way UIKit does.
    ///
    /// - Returns: the error UIKit would raise, or `nil` when the constraint is valid.
    static func validate(item view1: Any, attribute attr1: Attribute, toItem view2: Any?,
                         attribute attr2: Attribute, multiplier: CGFloat) -> LayoutConstraintError? {
        guard view1 is LayoutItem, view2 == nil || view2 is LayoutItem else { return .notAnItem }
        let hasSecond = view2 != nil && attr2 != .notAnAttribute
        if !attr1.isSize && (!hasSecond || multiplier == 0) { return .locationEqualToConstant }
        guard hasSecond else { return nil }
        if attr1.isSize != attr2.isSize { return .invalidPairing }
        if attr1.isSize { return nil }
        if attr1.axis != attr2.axis { return .invalidPairing }
        if (attr1.isDirectional && attr2.isAbsoluteHorizontal) || (attr1.isAbsoluteHorizontal && attr2.isDirectional) {
            return .leadingWithLeft
        }
        return nil
    }
}
