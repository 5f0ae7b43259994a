#if canImport(AppKit) && os(macOS) && !canImport(UIKit)
import AppKit

// MARK: - AppKitAdapter

/// `NSView` and `NSLayoutConstraint` → snapshots, for Mac apps. Compiled only
/// on macOS, where UIKit and ReferenceKit are absent; kept small because it
/// cannot be built on the Linux machines the rest is tested on.
///
/// Differences from UIKit: no content modes or margin attributes, and frames
/// are in each superview's (often unflipped) coordinates, so `frameMiss` is
/// left unknown rather than computed wrongly.
@MainActor
final class AppKitAdapter {
    private var cache: [ObjectIdentifier: ConstraintSnapshot] = [:]

    func reference(_ object: AnyObject) -> ObjectReference {
        var name = Nametags.name(for: object)
        if name == nil, let view = object as? NSView {
            let identifier = view.accessibilityIdentifier()
            name = identifier.isEmpty ? view.identifier?.rawValue : identifier
        }
        return ObjectReference(className: NSStringFromClass(type(of: object)),
                               address: UInt64(Nametags.address(of: object)), name: name)
    }

    func snapshot(of view: NSView, ancestorConstraints: [ConstraintSnapshot]? = nil) -> ViewSnapshot {
        var superclasses: [String] = []
        var next: AnyClass? = class_getSuperclass(type(of: view))
        while let current = next, ObjectIdentifier(current) != ObjectIdentifier(NSObject.self) {
            superclasses.append(NSStringFromClass(current))
            next = class_getSuperclass(current)
        }
        let size = view.intrinsicContentSize
        return ViewSnapshot(
            reference: reference(view), superclassNames: superclasses,
            frame: SnapshotRect(x: view.frame.origin.x, y: view.frame.origin.y,
                                width: view.frame.size.width, height: view.frame.size.height),
            intrinsicContentSize: SnapshotSize(width: size.width, height: size.height),
            hugging: AxisPriorities(horizontal: Double(view.contentHuggingPriority(for: .horizontal).rawValue),
                                    vertical: Double(view.contentHuggingPriority(for: .vertical).rawValue)),
            compressionResistance: AxisPriorities(
                horizontal: Double(view.contentCompressionResistancePriority(for: .horizontal).rawValue),
                vertical: Double(view.contentCompressionResistancePriority(for: .vertical).rawValue)),
            translatesAutoresizingMask: view.translatesAutoresizingMaskIntoConstraints,
            autoresizingMask: AutoresizingText.describe(UInt(view.autoresizingMask.rawValue)),
            hasAmbiguousLayout: view.hasAmbiguousLayout,
            constraints: view.constraints.map { snapshot(of: $0, owner: view) },
            ancestorConstraints: ancestorConstraints ?? onAncestors(naming: view))
    }

    func tree(of view: NSView) -> ViewSnapshot {
        var node = snapshot(of: view)
        node.children = view.subviews.map { tree(of: $0) }
        return node
    }

    func onAncestors(naming view: NSView) -> [ConstraintSnapshot] {
        var found: [ConstraintSnapshot] = []
        var ancestor = view.superview
        while let current = ancestor {
            for c in current.constraints where c.firstItem === view || c.secondItem === view {
                found.append(snapshot(of: c, owner: current))
            }
            ancestor = current.superview
        }
        return found
    }

    func snapshot(of c: NSLayoutConstraint, owner: NSView?) -> ConstraintSnapshot {
        if let known = cache[ObjectIdentifier(c)] { return known }
        let made = ConstraintSnapshot(
            className: NSStringFromClass(type(of: c)), address: UInt64(Nametags.address(of: c)),
            identifier: c.identifier, firstItem: c.firstItem.map(reference),
            firstAttribute: AttributeTable.attribute(c.firstAttribute.rawValue) ?? .notAnAttribute,
            relation: LayoutRelation(rawValue: c.relation.rawValue) ?? .equal,
            secondItem: c.secondItem.map(reference),
            secondAttribute: AttributeTable.attribute(c.secondAttribute.rawValue) ?? .notAnAttribute,
            multiplier: Double(c.multiplier), constant: Double(c.constant), priority: Double(c.priority.rawValue),
            isActive: c.isActive, owner: owner.map(reference), isBroken: BrokenConstraints.contains(c))
        cache[ObjectIdentifier(c)] = made
        return made
    }
}

// MARK: - LiveSnapshots (AppKit)

/// Snapshots of live AppKit objects named by raw addresses; see the UIKit
/// version for the contract. Addresses are validated by `LiveObjectLookup`.
public enum LiveSnapshots {
    /// What an address names.
    public enum Subject: Sendable {
        /// A view and, unless told not to descend, its subtree.
        case view(ViewSnapshot)
        /// A constraint and snapshots of its view items.
        case constraint(ConstraintSnapshot, items: [ViewSnapshot])
    }

    /// The view or constraint at `address`.
    public static func subject(at address: UInt, descend: Bool) -> Result<Subject, LookupError> {
        StoppedProcessAccess.run {
            let object = LiveObjectLookup.object(at: address)
            let adapter = AppKitAdapter()
            if let view = object as? NSView {
                return .success(.view(descend ? adapter.tree(of: view) : adapter.snapshot(of: view)))
            }
            if let c = object as? NSLayoutConstraint {
                let items = [c.firstItem, c.secondItem].compactMap { ($0 as? NSView).map { adapter.snapshot(of: $0) } }
                return .success(.constraint(adapter.snapshot(of: c, owner: nil), items: items))
            }
            return .failure(.notAViewOrConstraint(address))
        }
    }

    /// The view at `address` alone.
    public static func view(at address: UInt) -> Result<ViewSnapshot, LookupError> {
        StoppedProcessAccess.run {
            guard let view = LiveObjectLookup.object(at: address) as? NSView else { return .failure(.notAView(address)) }
            return .success(AppKitAdapter().snapshot(of: view))
        }
    }

    /// The view at `address`, or the key window's content view.
    public static func traceRoot(at address: UInt?) -> Result<ViewSnapshot, LookupError> {
        StoppedProcessAccess.run {
            if let address {
                guard let view = LiveObjectLookup.object(at: address) as? NSView else { return .failure(.notAView(address)) }
                return .success(AppKitAdapter().tree(of: view))
            }
            let window = NSApplication.shared.keyWindow ?? NSApplication.shared.windows.first
            guard let root = window?.contentView else { return .failure(.noWindow) }
            return .success(AppKitAdapter().tree(of: root))
        }
    }

    /// Sets or clears the nametag of the view or constraint at `address`.
    public static func setName(_ name: String, at address: UInt) -> Result<ObjectReference, LookupError> {
        StoppedProcessAccess.run {
            guard let object = LiveObjectLookup.object(at: address),
                  object is NSView || object is NSLayoutConstraint else { return .failure(.notAnObject(address)) }
            Nametags.set(name, for: object)
            return .success(AppKitAdapter().reference(object))
        }
    }

    /// The conflict for a constraint and the `NSArray` of mutually exclusive ones.
    public static func conflict(constraintAt constraint: UInt, listAt list: UInt) -> Result<ConflictSnapshot, LookupError> {
        StoppedProcessAccess.run {
            guard let broken = LiveObjectLookup.object(at: constraint) as? NSLayoutConstraint else {
                return .failure(.notAConstraint(constraint))
            }
            guard let items = LiveObjectLookup.constraintList(at: list) else { return .failure(.notAConstraintList(list)) }
            BrokenConstraints.record(broken)
            let adapter = AppKitAdapter()
            return .success(ConflictSnapshot(
                ordinal: ConflictOrdinals.ordinal(constraint: constraint, list: list),
                brokenConstraint: adapter.snapshot(of: broken, owner: nil),
                mutuallyExclusive: items.compactMap { ($0 as? NSLayoutConstraint).map { adapter.snapshot(of: $0, owner: nil) } }))
        }
    }
}
#endif
