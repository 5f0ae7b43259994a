import Foundation

// MARK: - The alert symbol

/// The function UIKit calls after logging an unsatisfiable-constraints
/// conflict, so that a symbolic breakpoint on its name stops there.
///
/// ReferenceKit calls it through its C symbol (found with `dlsym`), never as
/// a Swift call, so a debugger breakpoint on `UIViewAlertForUnsatisfiableConstraints`
/// fires. `constraint` is an unretained pointer to the broken
/// `NSLayoutConstraint`; `mutuallyExclusiveConstraints` is an unretained
/// pointer to a `UIConstraintList` (UIKit passes an `NSArray`).
@_cdecl("UIViewAlertForUnsatisfiableConstraints")
public func UIViewAlertForUnsatisfiableConstraints(_ constraint: UnsafeMutableRawPointer?,
                                                   _ mutuallyExclusiveConstraints: UnsafeMutableRawPointer?) {
    UnsatisfiableConstraints.alerts.increment()
}

// MARK: - UIConstraintList

/// The list of mutually exclusive constraints passed to
/// `UIViewAlertForUnsatisfiableConstraints`, standing in for UIKit's `NSArray`.
public final class UIConstraintList {
    /// The mutually exclusive constraints, in the engine's order; the broken one is among them.
    public let constraints: [NSLayoutConstraint]

    /// Creates a list and registers it in `LiveObjects`.
    public init(constraints: [NSLayoutConstraint]) {
        self.constraints = constraints
        LiveObjects.register(self)
    }

    deinit { LiveObjects.unregister(LiveObjects.address(of: self)) }
}

// MARK: - Reporting

/// What UIKit's engine-host view does about a constraint the engine breaks: the
/// default implementation of `engine(_:willBreakConstraint:dueToMutuallyExclusiveConstraints:)`,
/// which writes the log and calls the alert symbol.
public enum UnsatisfiableConstraints {
    fileprivate static let alerts = LockedCounter()

    /// How many times `UIViewAlertForUnsatisfiableConstraints` has run in this process.
    public static var alertCount: Int { alerts.value }

    private typealias AlertFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// The alert function looked up by its C name, once.
    private static let alertFunction: AlertFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "UIViewAlertForUnsatisfiableConstraints") else { return nil }
        return unsafeBitCast(symbol, to: AlertFunction.self)
    }()

    /// The method's own implementation, as UIKit's: the log, then the alert symbol.
    ///
    /// UIKit calls `UIViewAlertForUnsatisfiableConstraints` from inside
    /// `-[UIView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]`
    /// (LinkedIn's LayoutTest-iOS moved its swizzle to that method in 2023 for that
    /// reason: "Apple uses this method to trigger Xcode's constraint error breakpoint",
    /// linkedin/LayoutTest-iOS#65), so a swizzle of the method runs between the
    /// engine and the alert, and the alert's breakpoint stops below it.
    static let original = WillBreakConstraintImplementation { _, _, constraint, list in
        uncheckedMainActor { logAndAlert(breaking: constraint, mutuallyExclusive: list) }
    }

    /// Writes the log and calls the alert symbol, in UIKit's order.
    @MainActor
    @inline(never)
    static func logAndAlert(breaking constraint: NSLayoutConstraint, mutuallyExclusive: [NSLayoutConstraint]) {
        FileHandle.standardError.write(Data((ConflictLog.header() + ConflictLog.text(breaking: constraint, mutuallyExclusive: mutuallyExclusive)).utf8))
        let list = UIConstraintList(constraints: mutuallyExclusive)
        withExtendedLifetime((constraint, list)) {
            let constraintPointer = Unmanaged.passUnretained(constraint).toOpaque()
            let listPointer = Unmanaged.passUnretained(list).toOpaque()
            if let alertFunction {
                alertFunction(constraintPointer, listPointer)
            } else {
                UIViewAlertForUnsatisfiableConstraints(constraintPointer, listPointer)
            }
        }
    }
}

// MARK: - The method a debugger library swizzles

/// One implementation of `UIView.engine(_:willBreakConstraint:dueToMutuallyExclusiveConstraints:)`,
/// compared by identity as the Objective-C runtime compares an `IMP`.
public final class WillBreakConstraintImplementation: @unchecked Sendable {
    /// The body: the engine-host view, the engine, the constraint about to be broken,
    /// and the mutually exclusive constraints (the broken one among them).
    ///
    /// Not main-actor isolated: the engine calls it on the thread that lays out, as UIKit
    /// calls an `IMP`, and a hierarchy the main thread never touched may be laid out on
    /// another (see `uncheckedMainActor`).
    public typealias Body = (
        _ hostView: UIView, _ engine: AnyObject, _ constraint: NSLayoutConstraint, _ mutuallyExclusiveConstraints: [NSLayoutConstraint]
    ) -> Void

    /// What a call runs.
    public let body: Body

    /// Wraps `body`, as `imp_implementationWithBlock` wraps a block.
    public init(_ body: @escaping Body) {
        self.body = body
    }
}

/// Hooks a debugger library installs, as it would on UIKit.
///
/// On Apple platforms such a library replaces the implementation of
/// `-[UIView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]`
/// (`method_getImplementation`, then `method_setImplementation` with a block that
/// calls the old one). ReferenceKit has no Objective-C runtime, so it keeps that one
/// method's implementation here, with the same two calls.
public enum ReferenceKitDebugHooks {
    /// Identifies a constraint observer for `removeObserver(_:)`.
    public struct Token: Hashable, Sendable {
        let id: Int
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var current = UnsatisfiableConstraints.original
    nonisolated(unsafe) private static var nextID = 0

    /// The method's implementation now: `method_getImplementation`.
    public static var willBreakConstraintImplementation: WillBreakConstraintImplementation {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Makes `implementation` the method's implementation and returns the one it
    /// replaces: `method_setImplementation`. A hook that wants the conflict logged and
    /// the alert called calls the returned implementation from its own.
    @discardableResult
    public static func setWillBreakConstraintImplementation(_ implementation: WillBreakConstraintImplementation)
        -> WillBreakConstraintImplementation {
        lock.lock()
        defer { lock.unlock() }
        let replaced = current
        current = implementation
        return replaced
    }

    /// Removes a constraint observer (`addConstraintObserver(_:)`); an unknown token does nothing.
    public static func removeObserver(_ token: Token) {
        ConstraintLifecycle.remove(token)
    }

    /// A fresh token for a new observer.
    static func makeToken() -> Token {
        lock.lock()
        defer { lock.unlock() }
        nextID += 1
        return Token(id: nextID)
    }
}
