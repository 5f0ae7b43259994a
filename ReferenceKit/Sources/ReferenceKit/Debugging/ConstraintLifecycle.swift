// MARK: - Constraint lifecycle hooks

extension ReferenceKitDebugHooks {
    /// What just happened to a constraint.
    public enum ConstraintEvent: Sendable {
        /// It was made: by an anchor, `NSLayoutConstraint(item:…)`, a visual format, or
        /// ReferenceKit itself (a system constraint).
        case made
        /// It was installed on a view: `isActive = true`, `activate(_:)`,
        /// `addConstraint(_:)` or `addConstraints(_:)`.
        case activated
        /// It is being freed; the address is about to be reused.
        case freed
    }

    /// An observer of constraint events, given the constraint's address. It runs inside
    /// the event, on the thread that made, activated or freed the constraint, and must not
    /// touch the constraint (during `.freed` it is half gone).
    public typealias ConstraintObserver = @Sendable (_ constraintAddress: UInt, _ event: ConstraintEvent) -> Void

    /// Registers an observer of every constraint's making, activation and freeing.
    ///
    /// On Apple platforms a debugger library swizzles the methods that make and activate
    /// constraints; ReferenceKit offers this hook instead, as it does for conflicts.
    ///
    /// - Returns: the token that removes it (`removeObserver(_:)`).
    public static func addConstraintObserver(_ observer: @escaping ConstraintObserver) -> Token {
        let token = makeToken()
        ConstraintLifecycle.add(token, observer)
        return token
    }
}

/// The lifecycle observers. Not main-actor isolated: a constraint's deinit reports to them.
enum ConstraintLifecycle {
    nonisolated(unsafe) private static var observers: [(ReferenceKitDebugHooks.Token, ReferenceKitDebugHooks.ConstraintObserver)] = []

    static func add(_ token: ReferenceKitDebugHooks.Token, _ observer: @escaping ReferenceKitDebugHooks.ConstraintObserver) {
        observers.append((token, observer))
    }

    static func remove(_ token: ReferenceKitDebugHooks.Token) {
        observers.removeAll { $0.0 == token }
    }

    /// Tells every observer; costs one emptiness check when there is none.
    @inline(__always)
    static func notify(_ constraint: AnyObject, _ event: ReferenceKitDebugHooks.ConstraintEvent) {
        guard !observers.isEmpty else { return }
        let address = UInt(bitPattern: Unmanaged.passUnretained(constraint).toOpaque())
        for (_, observer) in observers { observer(address, event) }
    }
}
