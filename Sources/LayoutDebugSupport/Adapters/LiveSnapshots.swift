#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - LiveSnapshots

/// Snapshots of live objects named by raw addresses: what the C surface and
/// the in-app monitor ask for. Every address is validated before it is used,
/// so a wrong one gives a `LookupError`, never a crash.
///
/// Safe to call from any thread of a process the debugger stopped (see
/// `StoppedProcessAccess`).
enum LiveSnapshots {
    /// What an address names.
    enum Subject: Sendable {
        /// A view and, unless told not to descend, its subtree.
        case view(ViewSnapshot)
        /// A constraint and snapshots of its items (without children).
        case constraint(ConstraintSnapshot, items: [ViewSnapshot])
    }

    /// The view (with its subtree when `descend`) or the constraint at `address`.
    static func subject(at address: UInt, descend: Bool) -> Result<Subject, LookupError> {
        StoppedProcessAccess.run {
            let object = LiveObjectLookup.object(at: address)
            let adapter = LiveAdapter()
            if let view = object as? PlatformView {
                return .success(.view(descend ? adapter.tree(of: view) : adapter.snapshot(of: view)))
            }
            if let c = object as? NSLayoutConstraint {
                let items = [c.firstItem, c.secondItem].compactMap { item -> ViewSnapshot? in
                    if let view = item as? PlatformView { return adapter.snapshot(of: view, ancestorConstraints: []) }
                    return (item as? PlatformLayoutGuide).map { adapter.snapshot(of: $0) }
                }
                return .success(.constraint(adapter.snapshot(of: c, owner: adapter.owner(of: c)), items: items))
            }
            return .failure(.notAViewOrConstraint(address))
        }
    }

    /// Visits the view at `address` and everything below it in pre-order,
    /// without building a tree (see `LiveAdapter.descend(from:visit:)`).
    ///
    /// - Parameter visit: Called with each view or guide (without children),
    ///   its depth and whether it has guides or subviews; returns whether to
    ///   visit those.
    /// - Returns: `.notAView` when `address` is not a view (it may still be a
    ///   constraint, which `subject(at:descend:)` reports).
    static func descend(at address: UInt, visit: (ViewSnapshot, Int, Bool) -> Bool) -> Result<Void, LookupError> {
        StoppedProcessAccess.run {
            guard let view = LiveObjectLookup.object(at: address) as? PlatformView else { return .failure(.notAView(address)) }
            LiveAdapter().descend(from: view, visit: visit)
            return .success(())
        }
    }

    /// `descend(at:visit:)` from the view at `address`, or with `nil` from the view
    /// the user sees (see `traceRoot(at:)`).
    static func descend(fromTraceRootAt address: UInt?, visit: (ViewSnapshot, Int, Bool) -> Bool) -> Result<Void, LookupError> {
        StoppedProcessAccess.run {
            let root: PlatformView
            if let address {
                guard let view = LiveObjectLookup.object(at: address) as? PlatformView else { return .failure(.notAView(address)) }
                root = view
            } else {
                guard let front = Platform.frontRootView() else { return .failure(.noWindow) }
                root = front
            }
            LiveAdapter().descend(from: root, visit: visit)
            return .success(())
        }
    }

    /// The view at `address` alone, with the constraints its ancestors hold about it.
    static func view(at address: UInt) -> Result<ViewSnapshot, LookupError> {
        StoppedProcessAccess.run {
            guard let view = LiveObjectLookup.object(at: address) as? PlatformView else { return .failure(.notAView(address)) }
            return .success(LiveAdapter().snapshot(of: view))
        }
    }

    /// The tree for the autolayout trace: the view at `address`, or with `nil`
    /// the view the user sees (see `Platform.frontRootView`).
    static func traceRoot(at address: UInt?) -> Result<ViewSnapshot, LookupError> {
        StoppedProcessAccess.run {
            let root: PlatformView
            if let address {
                guard let view = LiveObjectLookup.object(at: address) as? PlatformView else {
                    return .failure(.notAView(address))
                }
                root = view
            } else {
                guard let front = Platform.frontRootView() else {
                    return .failure(.noWindow)
                }
                root = front
            }
            return .success(LiveAdapter().tree(of: root))
        }
    }

    /// The tree of a view the caller holds (an app's own tests), rather than
    /// one named by a debugger's address.
    static func tree(of view: PlatformView) -> ViewSnapshot {
        LiveAdapter().tree(of: view)
    }

    /// What `lname` named: a view or guide as reports name it, or a constraint as
    /// its report line shows it (the nametag where UIKit prints the identifier).
    enum Named {
        case item(ObjectReference)
        case constraint(ConstraintSnapshot)
    }

    /// Sets (or, with an empty name, clears) the nametag of the view, guide or
    /// constraint at `address`.
    ///
    /// - Returns: How the object is named now.
    static func setName(_ name: String, at address: UInt) -> Result<Named, LookupError> {
        StoppedProcessAccess.run {
            guard let object = LiveObjectLookup.object(at: address),
                  object is PlatformView || object is PlatformLayoutGuide || object is NSLayoutConstraint else {
                return .failure(.notAnObject(address))
            }
            Nametags.set(name, for: object)
            if let constraint = object as? NSLayoutConstraint {
                return .success(.constraint(LiveAdapter().makeSnapshot(of: constraint, owner: nil as ObjectReference?)))
            }
            return .success(.item(LiveAdapter().reference(object)))
        }
    }

    /// The conflict at a breakpoint on `UIViewAlertForUnsatisfiableConstraints`
    /// (`$arg1` the constraint being broken, `$arg2` the mutually exclusive list),
    /// or on AppKit's `engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`.
    /// Records the constraint as broken and numbers the conflict.
    static func conflict(constraintAt constraint: UInt, listAt list: UInt,
                         detail: ConflictDetail = .report) -> Result<ConflictSnapshot, LookupError> {
        StoppedProcessAccess.run {
            guard let broken = LiveObjectLookup.object(at: constraint) as? NSLayoutConstraint else {
                return .failure(.notAConstraint(constraint))
            }
            guard let items = LiveObjectLookup.constraintList(at: list) else {
                return .failure(.notAConstraintList(list))
            }
            let ordinal = ConflictOrdinals.ordinal(constraint: constraint, list: list)
            return .success(conflict(broken: broken, list: items.compactMap { $0 as? NSLayoutConstraint }, ordinal: ordinal,
                                     detail: detail))
        }
    }

    /// A conflict the engine is reporting, from its live objects: records the constraint as
    /// broken, then snapshots the conflict. The breakpoint's path
    /// (`conflict(constraintAt:listAt:)`) and the in-process hook (`ConflictHook`) both take
    /// their conflicts here.
    ///
    /// The engine is in the middle of its report: the snapshot asks it nothing
    /// (`LiveAdapter.conflict`).
    static func conflict(broken: NSLayoutConstraint, list: [NSLayoutConstraint], ordinal: Int?,
                         detail: ConflictDetail = .report) -> ConflictSnapshot {
        BrokenConstraints.record(broken)
        return LiveAdapter(namesProperties: detail == .report).conflict(broken: broken, list: list, ordinal: ordinal,
                                                                        detail: detail)
    }
}
#endif
