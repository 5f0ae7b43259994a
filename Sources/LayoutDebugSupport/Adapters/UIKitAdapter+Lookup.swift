#if canImport(UIKit)
import UIKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || os(Linux)
import Foundation

// MARK: - LiveSnapshots

/// Snapshots of live objects named by raw addresses: what the C surface and
/// the in-app monitor ask for. Every address is validated before it is used,
/// so a wrong one gives a `LookupError`, never a crash.
///
/// Safe to call from any thread of a process the debugger stopped (see
/// `StoppedProcessAccess`).
public enum LiveSnapshots {
    /// What an address names.
    public enum Subject: Sendable {
        /// A view and, unless told not to descend, its subtree.
        case view(ViewSnapshot)
        /// A constraint and snapshots of its items (without children).
        case constraint(ConstraintSnapshot, items: [ViewSnapshot])
    }

    /// The view (with its subtree when `descend`) or the constraint at `address`.
    public static func subject(at address: UInt, descend: Bool) -> Result<Subject, LookupError> {
        StoppedProcessAccess.run {
            let object = LiveObjectLookup.object(at: address)
            let adapter = UIKitAdapter()
            if let view = object as? UIView {
                return .success(.view(descend ? adapter.tree(of: view) : adapter.snapshot(of: view)))
            }
            if let c = object as? NSLayoutConstraint {
                let items = [c.firstItem, c.secondItem].compactMap { item -> ViewSnapshot? in
                    if let view = item as? UIView { return adapter.snapshot(of: view, ancestorConstraints: []) }
                    return (item as? UILayoutGuide).map { adapter.snapshot(of: $0) }
                }
                return .success(.constraint(adapter.snapshot(of: c, owner: adapter.owner(of: c)), items: items))
            }
            return .failure(.notAViewOrConstraint(address))
        }
    }

    /// Visits the view at `address` and everything below it in pre-order,
    /// without building a tree (see `UIKitAdapter.descend(from:visit:)`).
    ///
    /// - Parameter visit: Called with each view or guide (without children),
    ///   its depth and whether it has guides or subviews; returns whether to
    ///   visit those.
    /// - Returns: `.notAView` when `address` is not a view (it may still be a
    ///   constraint, which `subject(at:descend:)` reports).
    public static func descend(at address: UInt, visit: (ViewSnapshot, Int, Bool) -> Bool) -> Result<Void, LookupError> {
        StoppedProcessAccess.run {
            guard let view = LiveObjectLookup.object(at: address) as? UIView else { return .failure(.notAView(address)) }
            UIKitAdapter().descend(from: view, visit: visit)
            return .success(())
        }
    }

    /// The view at `address` alone, with the constraints its ancestors hold about it.
    public static func view(at address: UInt) -> Result<ViewSnapshot, LookupError> {
        StoppedProcessAccess.run {
            guard let view = LiveObjectLookup.object(at: address) as? UIView else { return .failure(.notAView(address)) }
            return .success(UIKitAdapter().snapshot(of: view))
        }
    }

    /// The tree for the autolayout trace: the view at `address`, or with `nil`
    /// the key window (see `frontWindow`).
    public static func traceRoot(at address: UInt?) -> Result<ViewSnapshot, LookupError> {
        StoppedProcessAccess.run {
            let root: UIView
            if let address {
                guard let view = LiveObjectLookup.object(at: address) as? UIView else {
                    return .failure(.notAView(address))
                }
                root = view
            } else {
                guard let window = frontWindow() else {
                    return .failure(.noWindow)
                }
                root = window
            }
            return .success(UIKitAdapter().tree(of: root))
        }
    }

    /// The window the user sees: the key window of a connected window scene, the
    /// foreground-active scenes first, then foreground-inactive, then background;
    /// a scene without a key window offers its first window.
    ///
    /// `UIApplication.keyWindow` and `.windows` are deprecated because in an app
    /// with several scenes (iPad, Catalyst) they can name another scene's window.
    @MainActor static func frontWindow() -> UIWindow? {
        let order: [UIScene.ActivationState] = [.foregroundActive, .foregroundInactive, .background]
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        for state in order {
            for scene in scenes where scene.activationState == state {
                if let window = scene.windows.first(where: \.isKeyWindow) ?? scene.windows.first { return window }
            }
        }
        return nil
    }

    /// Sets (or, with an empty name, clears) the nametag of the view, guide or
    /// constraint at `address`.
    ///
    /// - Returns: How the object is named now.
    public static func setName(_ name: String, at address: UInt) -> Result<ObjectReference, LookupError> {
        StoppedProcessAccess.run {
            guard let object = LiveObjectLookup.object(at: address),
                  object is UIView || object is UILayoutGuide || object is NSLayoutConstraint else {
                return .failure(.notAnObject(address))
            }
            Nametags.set(name, for: object)
            return .success(UIKitAdapter().reference(object))
        }
    }

    /// The conflict at a breakpoint on `UIViewAlertForUnsatisfiableConstraints`:
    /// `$arg1` the constraint being broken, `$arg2` the mutually exclusive list.
    /// Records the constraint as broken and numbers the conflict.
    public static func conflict(constraintAt constraint: UInt, listAt list: UInt) -> Result<ConflictSnapshot, LookupError> {
        StoppedProcessAccess.run {
            guard let broken = LiveObjectLookup.object(at: constraint) as? NSLayoutConstraint else {
                return .failure(.notAConstraint(constraint))
            }
            guard let items = LiveObjectLookup.constraintList(at: list) else {
                return .failure(.notAConstraintList(list))
            }
            BrokenConstraints.record(broken)
            let ordinal = ConflictOrdinals.ordinal(constraint: constraint, list: list)
            let exclusive = items.compactMap { $0 as? NSLayoutConstraint }
            return .success(UIKitAdapter().conflict(broken: broken, list: exclusive, ordinal: ordinal))
        }
    }
}
#endif
