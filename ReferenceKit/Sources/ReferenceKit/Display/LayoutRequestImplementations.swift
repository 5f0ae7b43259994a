import Foundation

// MARK: - The methods a debugger library swizzles to see a view ask for another pass

/// One implementation of `UIView.setNeedsLayout()` or `UIView.setNeedsUpdateConstraints()`,
/// compared by identity as the Objective-C runtime compares an `IMP`.
public final class MarkImplementation: @unchecked Sendable {
    /// The body: the view being marked.
    public typealias Body = (_ view: UIView) -> Void

    /// What a call runs.
    public let body: Body

    /// Wraps `body`, as `imp_implementationWithBlock` wraps a block.
    public init(_ body: @escaping Body) {
        self.body = body
    }
}

/// One implementation of the frame setter (`-[UIView setFrame:]`), compared by identity.
public final class SetFrameImplementation: @unchecked Sendable {
    /// The body: the view and its new frame.
    public typealias Body = (_ view: UIView, _ frame: CGRect) -> Void

    /// What a call runs.
    public let body: Body

    /// Wraps `body`, as `imp_implementationWithBlock` wraps a block.
    public init(_ body: @escaping Body) {
        self.body = body
    }
}

/// The two marking methods whose implementation a debugger can replace.
public enum MarkMethod: Sendable {
    /// `setNeedsLayout()`.
    case setNeedsLayout
    /// `setNeedsUpdateConstraints()`.
    case setNeedsUpdateConstraints
}

/// The current implementations: read on every call without a lock, as the Objective-C
/// runtime reads a method's `IMP` (a replacement is one pointer store); replaced under
/// `ReferenceKitDebugHooks`' lock.
enum LayoutRequestMethods {
    /// The methods' own implementations, which the methods run inline while they are current.
    static let ownSetNeedsLayout = MarkImplementation { view in
        uncheckedMainActor { view.markNeedsLayout() }
    }
    static let ownSetNeedsUpdateConstraints = MarkImplementation { view in
        uncheckedMainActor { view.markNeedsUpdateConstraints() }
    }
    nonisolated(unsafe) static var setNeedsLayout = ownSetNeedsLayout
    nonisolated(unsafe) static var setNeedsUpdateConstraints = ownSetNeedsUpdateConstraints
    nonisolated(unsafe) static var setFrame = SetFrameImplementation { view, frame in
        uncheckedMainActor { view.storedFrame = frame }
    }
    static let lock = NSLock()
}

extension ReferenceKitDebugHooks {
    /// Makes `implementation` the implementation of `method` and returns the one it replaces:
    /// `method_setImplementation` on `-[UIView setNeedsLayout]` or
    /// `-[UIView setNeedsUpdateConstraints]`. A replacement that wants the view marked calls
    /// the returned implementation from its own.
    @discardableResult
    public static func setImplementation(of method: MarkMethod, _ implementation: MarkImplementation) -> MarkImplementation {
        LayoutRequestMethods.lock.lock()
        defer { LayoutRequestMethods.lock.unlock() }
        switch method {
        case .setNeedsLayout:
            let replaced = LayoutRequestMethods.setNeedsLayout
            LayoutRequestMethods.setNeedsLayout = implementation
            return replaced
        case .setNeedsUpdateConstraints:
            let replaced = LayoutRequestMethods.setNeedsUpdateConstraints
            LayoutRequestMethods.setNeedsUpdateConstraints = implementation
            return replaced
        }
    }

    /// Makes `implementation` the frame setter's implementation (`-[UIView setFrame:]`; the
    /// bounds setter goes through it) and returns the one it replaces.
    @discardableResult
    public static func setFrameImplementation(_ implementation: SetFrameImplementation) -> SetFrameImplementation {
        LayoutRequestMethods.lock.lock()
        defer { LayoutRequestMethods.lock.unlock() }
        let replaced = LayoutRequestMethods.setFrame
        LayoutRequestMethods.setFrame = implementation
        return replaced
    }
}
