#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - LiveAdapter

/// Turns live views, layout guides and `NSLayoutConstraint`s into snapshots.
///
/// This file, and the `LiveAdapter+…` files beside it, are written once against the
/// names in `Platform+UIKit.swift` and `Platform+AppKit.swift`: they compile against
/// UIKit on iOS and Catalyst, AppKit on macOS, and ReferenceKit (which copies UIKit's
/// public API) on Linux, where the tests run them.
///
/// One adapter serves one report: it caches frames, class names and constraint
/// snapshots, so a descent over a thousand views stays linear.
final class LiveAdapter {
    // The caches below are looked up several times per constraint, so they
    // are `AddressTable`s keyed by `key(_:)`: a `Dictionary`'s SipHash cost
    // a tenth of a descent report.
    //
    // They are also exempt from run-time exclusivity checks, which cost
    // about 5% of a descent (a begin and an end access, through thread-local
    // storage, per lookup). That is safe because each is touched only by a
    // single lookup or store of the table, which never calls back into the
    // adapter, so no two accesses overlap; and the adapter is main-actor
    // isolated, so no other thread touches them.

    /// Absolute frames (in the root's coordinates), by view.
    @exclusivity(unchecked) var absoluteFrames = AddressTable<SnapshotRect>()
    /// Whether each view lays out right to left, by view.
    @exclusivity(unchecked) var directions = AddressTable<Bool>()
    /// Class name and superclass chain of each class met, in the order met.
    @exclusivity(unchecked) private var classes: [(name: String, superclasses: [String])] = []
    /// Each class's position in `classes`, by class (`key(ofClass:)`). Positions
    /// rather than the entries: most lookups want only the name (every
    /// constraint's class), and copying an entry out retained and released its
    /// superclass array.
    @exclusivity(unchecked) private var classPositions = AddressTable<Int>()
    /// Constraint snapshots already made, by constraint.
    @exclusivity(unchecked) private var constraintCache = AddressTable<ConstraintSnapshot>()
    /// References already made, in the order made: each view is named by
    /// several constraints, and a name costs a nametag lookup under a lock.
    @exclusivity(unchecked) private var references: [ObjectReference] = []
    /// Each object's position in `references`, by object. Positions rather
    /// than the references themselves: growing a table of `ObjectReference?`
    /// slots copied every reference through the runtime's generic Optional
    /// witness, and cost an eighth of the adapter's time in a descent.
    @exclusivity(unchecked) private var referencePositions = AddressTable<Int>()
    /// Which variables of which view are ambiguous, made on first need.
    lazy var ambiguity = AmbiguityLookup()
    /// The broken constraints as of this report, read once rather than under
    /// a lock per constraint.
    private let broken = BrokenConstraints.current()
    /// Whether any object had a nametag when the report began.
    private let hasNametags = !Nametags.isEmpty
    /// Whether origin capture was ever started: only then do constraints carry an origin.
    private let reportsOrigins = ConstraintOrigins.reportsOrigins
    /// The properties that hold this report's views and guides, or `nil` when
    /// property names are off (`PropertyNames.isEnabled`). A stored property,
    /// not a lazy one: a lazy one is copied out and back for each mutating
    /// call, and its tables with it.
    @exclusivity(unchecked) private var propertyNames: PropertyNames?

    /// Creates an adapter for one report.
    ///
    /// - Parameter namesProperties: Whether references carry the property that holds the
    ///   object (when `PropertyNames.isEnabled`); a quiet storm's tally, which never shows a
    ///   reference, does without.
    init(namesProperties: Bool = true) {
        propertyNames = namesProperties && PropertyNames.isEnabled ? PropertyNames() : nil
    }

    // MARK: - References

    /// How reports name an object: nametag, else accessibility identifier
    /// (or a guide's identifier), else the class; a view or guide also
    /// carries the property that holds it, which reports show when no name wins.
    func reference(_ object: AnyObject) -> ObjectReference {
        let key = Self.key(object)
        if let position = referencePositions.value(for: key) { return references[position] }
        var name = hasNametags ? Nametags.name(for: object) : nil
        if name == nil, let view = object as? PlatformView { name = Platform.accessibilityName(of: view) }
        if name == nil, let guide = object as? PlatformLayoutGuide { name = Platform.identifier(of: guide) }
        let made = ObjectReference(className: className(of: object),
                                   address: UInt64(Nametags.address(of: object)), name: name,
                                   property: propertyNames?.property(of: object) { className(of: $0) })
        referencePositions.set(references.count, for: key)
        references.append(made)
        return made
    }

    /// The class as logs print it (`UIView`, `App.HeaderView`) and its
    /// superclasses below the root class, nearest first; cached per class.
    func classNames(of object: AnyObject) -> (name: String, superclasses: [String]) {
        classes[classPosition(of: object)]
    }

    /// `classNames(of: object).name`, without copying the superclasses.
    func className(of object: AnyObject) -> String {
        classes[classPosition(of: object)].name
    }

    /// Where the object's class is in `classes`, adding it on first sight.
    private func classPosition(of object: AnyObject) -> Int {
        let type: AnyClass = Swift.type(of: object)
        let key = Self.key(ofClass: type)
        if let known = classPositions.value(for: key) { return known }
        var superclasses: [String] = []
        var next: AnyClass? = _getSuperclass(type)
        while let current = next {
            let name = Self.printedName(current)
            if name != "NSObject" { superclasses.append(name) }
            next = _getSuperclass(current)
        }
        classPositions.set(classes.count, for: key)
        classes.append((Self.printedName(type), superclasses))
        return classes.count - 1
    }

    /// UIKit's and ReferenceKit's own classes print bare, and SwiftUI's
    /// hosting views short (`HostingViewNames`); so do the app's own
    /// (`appModules`), unless the short name is the platform's too; other
    /// modules' classes keep their module.
    static func printedName(_ type: AnyClass) -> String {
        var name = String(reflecting: type)
        for prefix in Platform.frameworkPrefixes where name.hasPrefix(prefix) {
            name.removeFirst(prefix.count)
        }
        if name.hasPrefix("SwiftUI.") || name.hasPrefix("NSKVONotifying_") { name = HostingViewNames.readable(name) }
        if !appModules.isEmpty, name.contains(".") {
            name = AppModuleNames.shortened(name, modules: appModules, isTaken: platformHasClass)
        }
        return literalNames.first { $0 == name } ?? Self.inline(name)
    }

    /// `name` made afresh from its bytes: a name of up to 15 UTF-8 bytes
    /// (`UIView`, `UIStackView`) then becomes a small string, held inline, so
    /// copying it retains nothing. `name` itself, trimmed in place, still
    /// points at the heap buffer `String(reflecting:)` made, and each snapshot
    /// copy took an atomic retain and release per class name it holds (three
    /// or four per constraint).
    private static func inline(_ name: String) -> String {
        String(decoding: Array(name.utf8), as: UTF8.self)
    }

    /// The app's own Swift modules, whose prefix reports drop: the modules named
    /// in `LAYOUT_DEBUG_APP_MODULES` (comma-separated; for an app whose views live
    /// in its own frameworks or packages), else the main executable's module
    /// (Xcode names it after the product: `My App` is `My_App`). Settable for tests.
    nonisolated(unsafe) static var appModules: Set<String> = defaultAppModules()

    /// `appModules` as the environment and the executable say.
    nonisolated static func defaultAppModules() -> Set<String> {
        if let list = ProcessInfo.processInfo.environment["LAYOUT_DEBUG_APP_MODULES"] {
            return Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
        guard let path = CommandLine.arguments.first, !path.isEmpty else { return [] }
        return [AppModuleNames.moduleName(forProduct: URL(fileURLWithPath: path).lastPathComponent)]
    }

    /// Whether the runtime knows a class of this bare name (UIKit's or another
    /// Objective-C class), so an app class of that name keeps its module. Linux
    /// has no Objective-C runtime to ask; ReferenceKit's names all read as UIKit's
    /// (`AppModuleNames.looksLikeFramework`).
    static func platformHasClass(named name: String) -> Bool {
        #if canImport(ObjectiveC)
        return NSClassFromString(name) != nil
        #else
        return false
        #endif
    }

    /// Names too long for a small string, as literals: every constraint
    /// snapshot holds its class name, and copying a literal costs no atomic
    /// retain, where copying a string made at run time does.
    private static let literalNames = [
        "NSLayoutConstraint", "NSAutoresizingMaskLayoutConstraint", "NSContentSizeLayoutConstraint",
        "UIViewController", "UITableViewCellContentView", "_UILayoutSupportConstraint",
    ]

    // MARK: - Views

    /// A view (or guide) without its children.
    ///
    /// - Parameters:
    ///   - view: The view.
    ///   - ancestorConstraints: Constraints on ancestors that name it; `nil`
    ///     means find them by walking up (single-view reports).
    ///   - asksEngine: `false` while the engine is in the middle of reporting a conflict
    ///     (`conflict(broken:list:ordinal:)`): ambiguity is not asked (the view is taken as
    ///     not ambiguous), and the intrinsic size is read from the content-size constraints
    ///     the engine already holds rather than from `intrinsicContentSize`, which a view may
    ///     answer by asking the engine.
    func snapshot(of view: PlatformView, constraints: [ConstraintSnapshot]? = nil,
                  ancestorConstraints: [ConstraintSnapshot]? = nil, asksEngine: Bool = true) -> ViewSnapshot {
        let classes = classNames(of: view)
        let size = asksEngine ? view.intrinsicContentSize : contentSizeFromConstraints(of: view)
        let ambiguous = asksEngine && view.hasAmbiguousLayout
        return ViewSnapshot(
            reference: reference(view),
            superclassNames: classes.superclasses,
            frame: Self.rect(view.frame),
            intrinsicContentSize: SnapshotSize(width: Double(size.width), height: Double(size.height)),
            contentMode: Platform.contentMode(of: view).map(Self.contentModeName(rawValue:)) ?? "scaleToFill",
            hugging: AxisPriorities(
                horizontal: Double(view.contentHuggingPriority(for: .horizontal).rawValue),
                vertical: Double(view.contentHuggingPriority(for: .vertical).rawValue)),
            compressionResistance: AxisPriorities(
                horizontal: Double(view.contentCompressionResistancePriority(for: .horizontal).rawValue),
                vertical: Double(view.contentCompressionResistancePriority(for: .vertical).rawValue)),
            translatesAutoresizingMask: view.translatesAutoresizingMaskIntoConstraints,
            autoresizingMask: AutoresizingText.describe(UInt(view.autoresizingMask.rawValue)),
            hasAmbiguousLayout: ambiguous,
            ambiguousVariables: ambiguous ? ambiguity.variables(of: view) : [],
            isFlipped: Platform.isFlipped(view),
            viewController: Platform.nextResponder(of: view).flatMap { $0 as? PlatformViewController }
                .map { className(of: $0) },
            constraints: constraints ?? view.constraints.map { snapshot(of: $0, owner: view) },
            ancestorConstraints: ancestorConstraints ?? constraintsOnAncestors(naming: view),
            // Only a hosting view's class is asked for more: the names are already read.
            hosting: HostingViewNames.isShortHostingName(classes.name) ? HostingReader.snapshot(of: view) : nil
        )
    }

    /// The intrinsic size the view's content-size constraints (`NSContentSizeLayoutConstraint`,
    /// one or two per axis, all with the intrinsic metric as constant) hold: what the engine
    /// was given; `noIntrinsicMetric` (-1) on an axis without one.
    private func contentSizeFromConstraints(of view: PlatformView) -> CGSize {
        var size = CGSize(width: -1, height: -1)
        for c in view.constraints where c.firstItem === view && c.secondItem == nil
            && className(of: c) == "NSContentSizeLayoutConstraint" {
            switch c.firstAttribute {
            case .width: size.width = c.constant
            case .height: size.height = c.constant
            default: break
            }
        }
        return size
    }

    /// A layout guide as a childless snapshot, so traces and descents show it.
    func snapshot(of guide: PlatformLayoutGuide) -> ViewSnapshot {
        ViewSnapshot(reference: reference(guide), superclassNames: classNames(of: guide).superclasses,
                     frame: Self.rect(Platform.frame(of: guide)), translatesAutoresizingMask: false,
                     autoresizingMask: "", isLayoutGuide: true)
    }

    /// `view` and everything below it, each view with the constraints its
    /// ancestors hold about it.
    ///
    /// - Complexity: O(views + constraints × depth).
    func tree(of root: PlatformView) -> ViewSnapshot {
        // Built from the pre-order visit: `open` holds the path from the root
        // to the last view visited, each still collecting its children.
        var open: [ViewSnapshot] = []
        func close(downTo depth: Int) {
            while open.count > depth {
                let done = open.removeLast()
                open[open.count - 1].children.append(done)
            }
        }
        descend(from: root) { node, depth, _ in
            close(downTo: depth)
            open.append(node)
            return true
        }
        close(downTo: 1)
        return open[0]
    }

    /// Visits `root` and everything below it in pre-order (each view's guides
    /// before its subviews, as UIKit's trace lists them), without building a
    /// tree: a descent report writes each view as it comes, so no snapshot is
    /// copied into its parent or kept once written.
    ///
    /// - Parameter visit: Called with each view or guide (without children),
    ///   its depth below `root`, and whether it has guides or subviews;
    ///   returns whether to visit those.
    /// - Complexity: O(views + constraints × depth).
    func descend(from root: PlatformView, visit: (ViewSnapshot, Int, Bool) -> Bool) {
        var index = ConstraintIndex()
        // Nearest ancestor first, as `constraintsOnAncestors` lists them for one view.
        var ancestor = root.superview
        while let current = ancestor {
            index.push(current.constraints.map { makeSnapshot(of: $0, owner: current) })
            ancestor = current.superview
        }
        descend(root, depth: 0, index: &index, visit: visit)
    }

    private func descend(_ view: PlatformView, depth: Int, index: inout ConstraintIndex,
                         visit: (ViewSnapshot, Int, Bool) -> Bool) {
        // Each constraint is snapshotted once, on its owner; the index hands
        // the same value to the descendants it names.
        let owner = reference(view)
        // Through a buffer: iterating the array would retain and release
        // each constraint, and a weakly referenced object's count is slow to change.
        let own = view.constraints.withUnsafeBufferPointer { constraints in
            constraints.map { makeSnapshot(of: $0, owner: owner) }
        }
        let guides = view.layoutGuides
        let subviews = view.subviews
        let node = snapshot(of: view, constraints: own, ancestorConstraints: index.constraints(naming: view))
        guard visit(node, depth, !guides.isEmpty || !subviews.isEmpty) else { return }
        for guide in guides { _ = visit(snapshot(of: guide), depth + 1, false) }
        index.push(own)
        for subview in subviews { descend(subview, depth: depth + 1, index: &index, visit: visit) }
        index.pop()
    }

    /// Constraints on the view's ancestors that name it, nearest ancestor first.
    func constraintsOnAncestors(naming view: PlatformView) -> [ConstraintSnapshot] {
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

    // MARK: - Constraints

    /// A constraint, with how far the current frames miss it.
    ///
    /// - Parameters:
    ///   - c: The constraint.
    ///   - owner: The view it is installed on, when known.
    func snapshot(of c: NSLayoutConstraint, owner: PlatformView?) -> ConstraintSnapshot {
        let key = Self.key(c)
        if let cached = constraintCache.value(for: key) { return cached }
        let made = makeSnapshot(of: c, owner: owner)
        constraintCache.set(made, for: key)
        return made
    }

    /// A constraint's snapshot, made afresh (descents make each one once).
    func makeSnapshot(of c: NSLayoutConstraint, owner: PlatformView?) -> ConstraintSnapshot {
        makeSnapshot(of: c, owner: owner.map(reference))
    }

    /// `makeSnapshot(of:owner:)` with the owner already named: a view's
    /// constraints share it. `owner` must be the view whose `constraints`
    /// hold `c`, or `nil` when that is not known.
    func makeSnapshot(of c: NSLayoutConstraint, owner: ObjectReference?) -> ConstraintSnapshot {
        let first = c.firstItem
        let second = c.secondItem
        let className = className(of: c)
        // One the adapter found in a view's `constraints` is installed, so
        // active; asking would load the constraint's weak owner again. (A
        // pattern, not `owner == nil`, which compares a copy of the reference.)
        var isActive: Bool? = true
        if case .none = owner { isActive = c.isActive }
        var mask: String?
        if className == "NSAutoresizingMaskLayoutConstraint", let view = first as? PlatformView {
            mask = AutoresizingText.describe(UInt(view.autoresizingMask.rawValue))
        }
        // Each property is read once and handed to `frameMiss` too: every
        // read of a live constraint is a call into the framework.
        let identifier = c.identifier
        let firstAttribute = AttributeTable.attribute(c.firstAttribute.rawValue)
        let secondAttribute = AttributeTable.attribute(c.secondAttribute.rawValue)
        let relation = LayoutRelation(rawValue: c.relation.rawValue) ?? .equal
        let multiplier = Double(c.multiplier)
        let constant = Double(c.constant)
        // The origin is found before the snapshot is made, not stored into
        // it afterwards: a snapshot assigned to after it is built was copied
        // whole and the first copy destroyed, for every constraint.
        var origin: ConstraintOrigin?
        if reportsOrigins {
            origin = ConstraintOrigins.origin(
                ofConstraintAt: Nametags.address(of: c),
                isSystem: ConstraintSnapshot.isSystemConstraint(className: className, identifier: identifier))
        }
        return ConstraintSnapshot(
            className: className,
            address: UInt64(Nametags.address(of: c)),
            identifier: identifier,
            name: hasNametags ? Nametags.name(for: c) : nil,
            firstItem: first.map(reference),
            firstAttribute: firstAttribute ?? .notAnAttribute,
            relation: relation,
            secondItem: second.map(reference),
            secondAttribute: secondAttribute ?? .notAnAttribute,
            multiplier: multiplier,
            constant: constant,
            priority: Double(c.priority.rawValue),
            isActive: isActive,
            autoresizingMask: mask,
            owner: owner,
            isBroken: broken.contains(c),
            frameMiss: frameMiss(first: first, firstAttribute, relation, second: second, secondAttribute,
                                 multiplier: multiplier, constant: constant),
            origin: origin
        )
    }

    // MARK: - Helpers

    /// An object's key in the adapter's caches: its address (`ObjectKeys`).
    static func key(_ object: AnyObject) -> UInt64 { ObjectKeys.key(object) }

    /// A class's key in `classPositions`: its metadata's address (`ObjectKeys`).
    static func key(ofClass type: AnyClass) -> UInt64 { ObjectKeys.key(ofClass: type) }

    static func rect(_ r: CGRect) -> SnapshotRect {
        SnapshotRect(x: Double(r.origin.x), y: Double(r.origin.y),
                     width: Double(r.size.width), height: Double(r.size.height))
    }

    /// UIKit's name for a content mode, by raw value (the same on every platform).
    static func contentModeName(rawValue: Int) -> String {
        contentModeNames.indices.contains(rawValue) ? contentModeNames[rawValue] : "mode\(rawValue)"
    }

    private static let contentModeNames = [
        "scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top",
        "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
    ]
}
#endif
