import Cassowary
import Foundation

// MARK: - LayoutEngine

/// The layout engine of one hierarchy: a Cassowary solver over the four
/// variables of every view and guide below its host view.
///
/// The host is the root of the hierarchy, or a window's direct subview (a
/// window frames its subviews by hand). Its origin is the engine's origin;
/// every other item's `minX`/`minY` are in the host's coordinates, and a
/// frame is an item's position minus its superview's.
///
/// Constraints enter in a fixed order: when a subtree joins the engine, every
/// system constraint first (parents before children), then the app's
/// constraints (parents before children, each view's in installation order);
/// after that, each constraint as it is activated.
///
/// **Breaking rule.** When a required constraint cannot be added, the engine
/// breaks the constraint being added: it stays active but out of the solver
/// (`isBroken`), until it is deactivated or changed. The mutually exclusive
/// list is the certificate's constraints with nonzero multipliers, in the order
/// they entered the engine, the broken one last; the engine's own
/// width ≥ 0 and height ≥ 0 rows never appear in it.
@MainActor
final class LayoutEngine {
    /// The view whose hierarchy this engine lays out.
    unowned let host: UIView
    let solver = Solver()

    private var parts: [ObjectIdentifier: [Constraint]] = [:]
    private var owners: [ObjectIdentifier: NSLayoutConstraint] = [:]
    private var entryOrder: [ObjectIdentifier: Int] = [:]
    private var nextEntry = 0
    private(set) var broken: [ObjectIdentifier: NSLayoutConstraint] = [:]
    private var bounds: [ObjectIdentifier: [Constraint]] = [:]
    private var pending: [NSLayoutConstraint]?
    private var pins: [Variable: Constraint] = [:]
    /// Set while frames are written back, so those writes do not refresh constraints.
    var isAssigningFrames = false
    /// UIKit's rules on who may change the engine, and when (`EngineAccess`).
    private var access = EngineAccess()

    /// Creates the engine of `host`'s hierarchy and enrolls it.
    init(host: UIView) {
        self.host = host
        solver.checksInvariants = false
        enroll(host)
    }

    // MARK: - Items

    /// Brings a subtree into the engine: its items, then its system
    /// constraints, then the app's constraints installed in it.
    func enroll(_ root: UIView) {
        willChange()
        let outermost = pending == nil
        if outermost { pending = [] }
        let views = root.subtreeViews()
        for view in views {
            view.enrolledEngine = self
            addBounds(view)
            view.layoutGuides.forEach(addBounds)
        }
        for view in views { view.refreshSystemConstraints() }
        for view in views { pending?.append(contentsOf: view.constraints) }
        if outermost {
            let list = pending ?? []
            pending = nil
            insertInEngineOrder(list)
        }
    }

    /// Brings a guide added to an enrolled view into the engine.
    func enrollGuide(_ guide: UILayoutGuide) {
        willChange()
        addBounds(guide)
    }

    /// Takes a guide out of the engine.
    func withdrawGuide(_ guide: UILayoutGuide) {
        willChange()
        removeBounds(guide)
    }

    /// Takes a subtree out of the engine, leaving its constraints installed.
    func withdraw(_ root: UIView) {
        willChange()
        for view in root.subtreeViews() {
            view.constraints.forEach(remove)
            removeBounds(view)
            view.layoutGuides.forEach(removeBounds)
            view.enrolledEngine = nil
        }
    }

    /// Forgets every item; used when the host joins another hierarchy.
    func dismantle() {
        willChange()
        for view in host.subtreeViews() where view.enrolledEngine === self { view.enrolledEngine = nil }
        solver.reset()
    }

    /// Width ≥ 0 and height ≥ 0, as UIKit's engine keeps them.
    private func addBounds(_ item: LayoutItem) {
        let id = ObjectIdentifier(item)
        guard bounds[id] == nil else { return }
        let variables = item.layoutVariables
        let rows = [Constraint(Cassowary.Expression(variables.width), .greaterThanOrEqual),
                    Constraint(Cassowary.Expression(variables.height), .greaterThanOrEqual)]
        for row in rows { try? solver.addConstraint(row) }
        bounds[id] = rows
    }

    /// Takes an item's bounds, and any ambiguity pins on its variables, out of the solver.
    private func removeBounds(_ item: LayoutItem) {
        for named in item.layoutVariables.named {
            if let pin = pins.removeValue(forKey: named.variable) { try? solver.removeConstraint(pin) }
        }
        guard let rows = bounds.removeValue(forKey: ObjectIdentifier(item)) else { return }
        for row in rows { try? solver.removeConstraint(row) }
    }

    /// Holds `variable` near `value` with the weakest strength, replacing an
    /// earlier pin; `exerciseAmbiguityInLayout()` uses it.
    func pin(_ variable: Variable, to value: Double) {
        willChange()
        if let old = pins.removeValue(forKey: variable) { try? solver.removeConstraint(old) }
        let pin = Constraint(Cassowary.Expression(variable), .equal, Cassowary.Expression(constant: value),
                             strength: Strength(priority: 1))
        if (try? solver.addConstraint(pin)) != nil { pins[variable] = pin }
    }

    // MARK: - Constraints

    /// Takes an activated constraint; reports a conflict if it cannot hold.
    func add(_ constraint: NSLayoutConstraint) {
        willChange()
        if pending != nil {
            pending?.append(constraint)
            return
        }
        insert(constraint)
    }

    /// Drops a constraint from the solver, or forgets that it was broken.
    func remove(_ constraint: NSLayoutConstraint) {
        willChange()
        let id = ObjectIdentifier(constraint)
        pending?.removeAll { $0 === constraint }
        broken[id] = nil
        entryOrder[id] = nil
        guard let rows = parts.removeValue(forKey: id) else { return }
        for row in rows {
            try? solver.removeConstraint(row)
            owners[ObjectIdentifier(row)] = nil
        }
    }

    /// Re-adds a constraint whose constant or priority changed.
    func update(_ constraint: NSLayoutConstraint) {
        willChange()
        let id = ObjectIdentifier(constraint)
        guard parts[id] != nil || broken[id] != nil else { return }
        remove(constraint)
        insert(constraint)
    }

    /// Re-adds every constraint relating a leading or trailing attribute, after
    /// a layout direction changed.
    func updateDirectionalConstraints() {
        willChange()
        let directional = engineConstraints + broken.values.sorted { $0.serial < $1.serial }
        for constraint in directional where constraint.firstAttribute.isDirectional || constraint.secondAttribute.isDirectional {
            update(constraint)
        }
    }

    /// Whether the engine broke `constraint` to recover from a conflict.
    func isBroken(_ constraint: NSLayoutConstraint) -> Bool { broken[ObjectIdentifier(constraint)] != nil }

    /// Whether `constraint` is in the solver.
    func contains(_ constraint: NSLayoutConstraint) -> Bool { parts[ObjectIdentifier(constraint)] != nil }

    /// The constraints in the solver, in the order they entered.
    var engineConstraints: [NSLayoutConstraint] {
        let unique = Dictionary(owners.values.map { (ObjectIdentifier($0), $0) }, uniquingKeysWith: { first, _ in first })
        return unique.values.sorted { entry(of: $0) < entry(of: $1) }
    }

    private func entry(of constraint: NSLayoutConstraint) -> Int {
        entryOrder[ObjectIdentifier(constraint)] ?? Int.max
    }

    private func insertInEngineOrder(_ list: [NSLayoutConstraint]) {
        var seen = Set<ObjectIdentifier>()
        let unique = list.filter { seen.insert(ObjectIdentifier($0)).inserted }
        for constraint in unique where constraint.isSystemConstraint { insert(constraint) }
        for constraint in unique where !constraint.isSystemConstraint { insert(constraint) }
    }

    private func insert(_ constraint: NSLayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        guard parts[id] == nil, broken[id] == nil, constraint.isActive else { return }
        var added: [Constraint] = []
        for row in rows(for: constraint) {
            do {
                try solver.addConstraint(row)
                added.append(row)
                owners[ObjectIdentifier(row)] = constraint
            } catch let error {
                for row in added {
                    try? solver.removeConstraint(row)
                    owners[ObjectIdentifier(row)] = nil
                }
                broken[id] = constraint
                if case .unsatisfiable(_, let certificate) = error as? SolverError {
                    reportConflict(breaking: constraint, certificate: certificate)
                } else {
                    FileHandle.standardError.write(Data("ReferenceKit: the solver rejected \(constraint): \(error)\n".utf8))
                }
                return
            }
        }
        parts[id] = added
        nextEntry += 1
        entryOrder[id] = nextEntry
    }

    // MARK: - Conflicts

    /// The app's constraints named by a certificate, in entry order, the broken one last.
    func mutuallyExclusiveConstraints(_ certificate: Certificate, breaking constraint: NSLayoutConstraint) -> [NSLayoutConstraint] {
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(constraint)]
        var found: [NSLayoutConstraint] = []
        for entry in certificate.entries where abs(entry.multiplier) > 1e-9 {
            guard let owner = owners[ObjectIdentifier(entry.constraint)],
                  seen.insert(ObjectIdentifier(owner)).inserted else { continue }
            found.append(owner)
        }
        return found.sorted { self.entry(of: $0) < self.entry(of: $1) } + [constraint]
    }

    private func reportConflict(breaking constraint: NSLayoutConstraint, certificate: Certificate) {
        let list = mutuallyExclusiveConstraints(certificate, breaking: constraint)
        access.beginReport()
        defer { access.endReport() }
        host.engine(self, willBreakConstraint: constraint, dueToMutuallyExclusiveConstraints: list)
    }

    // MARK: - Access

    /// Whether the engine is inside its report of a constraint it breaks.
    var isReportingConflict: Bool { access.reportDepth > 0 }

    /// Flags `query` when it reads the engine in the middle of its report (`EngineQuery`).
    func willQuery(_ query: EngineQuery) {
        if access.flagsQueries { EngineQuery.flag(query) }
    }

    /// Stops the program, as UIKit's exception would, when the engine may not be
    /// changed now (`EngineAccess`): every change and layout pass starts here.
    func willChange() {
        if let error = access.change(onMainThread: Thread.isMainThread) { error.raise() }
        // The new solution waits for the next layout pass, as UIKit's engine marks its host.
        host.setNeedsLayout()
    }
}
