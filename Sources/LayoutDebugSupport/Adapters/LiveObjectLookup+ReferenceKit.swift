#if !canImport(UIKit) && os(Linux)
import ReferenceKit

// MARK: - Validating addresses under ReferenceKit

/// Turns a raw address from the debugger into an object, but only when it
/// names a live object.
///
/// Under ReferenceKit every object registers in `LiveObjects`, so the check is
/// a table lookup: an address that is not in the table is never dereferenced.
enum LiveObjectLookup {
    /// The live object at `address`, or `nil`.
    static func object(at address: UInt) -> AnyObject? {
        guard address != 0 else { return nil }
        return LiveObjects.object(at: address)
    }

    /// The constraints in the list object the conflict breakpoint passes as
    /// `$arg2` (a `UIConstraintList` here, an `NSArray` on Apple platforms),
    /// or `nil` when `address` is not one.
    static func constraintList(at address: UInt) -> [AnyObject]? {
        guard let list = object(at: address) as? UIConstraintList else { return nil }
        return list.constraints
    }

    /// Why lookups would fail whatever the address: never, under ReferenceKit, whose
    /// registry is the lookup itself.
    static var selfCheckProblem: String? { nil }
}
#endif
