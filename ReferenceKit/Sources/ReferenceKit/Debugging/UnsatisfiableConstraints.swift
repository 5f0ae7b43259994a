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

/// How an engine reports a constraint it had to break: the hook on the host
/// view, the log on stderr, then the alert symbol.
public enum UnsatisfiableConstraints {
    fileprivate static let alerts = LockedCounter()

    /// How many times `UIViewAlertForUnsatisfiableConstraints` has run in this process.
    public static var alertCount: Int { alerts.value }

    private typealias AlertFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// The alert function looked up by its C name, once.
    nonisolated(unsafe) private static let alertFunction: AlertFunction? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "UIViewAlertForUnsatisfiableConstraints") else { return nil }
        return unsafeBitCast(symbol, to: AlertFunction.self)
    }()

    /// Calls the hook, writes the log and calls the alert symbol, in UIKit's order.
    @MainActor
    static func report(engine: LayoutEngine, breaking constraint: NSLayoutConstraint, mutuallyExclusive: [NSLayoutConstraint]) {
        engine.host.engine(engine, willBreakConstraint: constraint, dueToMutuallyExclusiveConstraints: mutuallyExclusive)
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

// MARK: - Hooks

/// Observers of the engine hook `engine(_:willBreakConstraint:dueToMutuallyExclusiveConstraints:)`.
///
/// On Apple platforms a debugger library swizzles that method; here the
/// default implementation calls these observers instead.
@MainActor
public enum ReferenceKitDebugHooks {
    /// Identifies an observer for `removeObserver(_:)`.
    public struct Token: Hashable, Sendable {
        let id: Int
    }

    /// An observer: the engine-host view, the constraint about to be broken,
    /// and the mutually exclusive constraints (the broken one among them).
    public typealias WillBreakConstraintObserver = @MainActor (
        _ hostView: UIView, _ constraint: NSLayoutConstraint, _ mutuallyExclusiveConstraints: [NSLayoutConstraint]
    ) -> Void

    private static var observers: [(Token, WillBreakConstraintObserver)] = []
    private static var nextID = 0

    /// Registers an observer, called before each conflict's log, in registration order.
    ///
    /// - Returns: the token that removes it.
    public static func addWillBreakConstraintObserver(_ observer: @escaping WillBreakConstraintObserver) -> Token {
        let token = makeToken()
        observers.append((token, observer))
        return token
    }

    /// Removes an observer of either kind; an unknown token does nothing.
    public static func removeObserver(_ token: Token) {
        observers.removeAll { $0.0 == token }
        ConstraintLifecycle.remove(token)
    }

    /// A fresh token for a new observer.
    static func makeToken() -> Token {
        nextID += 1
        return Token(id: nextID)
    }

    static func notifyWillBreak(host: UIView, constraint: NSLayoutConstraint, mutuallyExclusive: [NSLayoutConstraint]) {
        for (_, observer) in observers { observer(host, constraint, mutuallyExclusive) }
    }
}
