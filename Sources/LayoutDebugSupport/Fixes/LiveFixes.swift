#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - LiveFixes

/// `lfix` on live objects: apply a change (or reverse one), lay the window
/// out, re-check every constraint of its hierarchy, and compare snapshots
/// taken before and after.
///
/// Every input is checked before anything is touched, so an error leaves the
/// process as it was. The process is stopped while this runs (see
/// `StoppedProcessAccess`), so the changes happen on whichever thread the
/// debugger uses, as every `lds_` call does.
enum LiveFixes {
    /// What a call produced.
    enum Answer: Sendable {
        /// A change applied or reversed, and the layout after it.
        case outcome(FixOutcome)
        /// The changes applied in this stop (`list`), oldest first.
        case listing([FixOutcome.Step])
        /// The `apply 0x…` line a request names (`resolve`).
        case resolved(String)
    }

    /// Carries out `request` at stop `stopID` (the debugger's count of the
    /// process's stops, which scopes undo).
    static func perform(_ request: FixRequest, stopID: UInt64) -> Result<Answer, FixError> {
        StoppedProcessAccess.run {
            switch request {
            case .apply(let target, let change):
                return address(of: target).flatMap { apply(change, at: $0, stop: stopID) }.map(Answer.outcome)
            case .suggestion(let number):
                return suggestion(number).flatMap { apply($0.change, at: $0.address, stop: stopID) }.map(Answer.outcome)
            case .undo:
                return undo(count: 1, stop: stopID).map(Answer.outcome)
            case .undoAll:
                return undo(count: Int.max, stop: stopID).map(Answer.outcome)
            case .list:
                return .success(.listing(FixJournal.shared.entries(atStop: stopID).map(\.step)))
            case .resolve(let inner):
                return resolve(inner).map { "apply " + LookupError.hex($0.address) + " " + $0.change.requestWords }
                    .map(Answer.resolved)
            case .queue(let inner):
                return resolve(inner).flatMap { named in
                    guard let object = LiveObjectLookup.object(at: named.address),
                          object is PlatformView || object is NSLayoutConstraint else { return .failure(.notLive(named.address)) }
                    return check(named.change, on: object, at: named.address).map { _ in
                        FixQueue.callPendingOnNextMainQueueTurn()
                        return .resolved("apply " + LookupError.hex(named.address) + " " + named.change.requestWords)
                    }
                }
            }
        }
    }

    // MARK: - Naming what to change

    /// The change and the object's address that an `apply` or a `suggestion` names.
    private static func resolve(_ request: FixRequest) -> Result<(change: LayoutChange, address: UInt), FixError> {
        switch request {
        case .apply(let target, let change): return address(of: target).map { (change, $0) }
        case .suggestion(let number): return suggestion(number)
        default: return .failure(.malformed("resolve"))
        }
    }

    private static func address(of target: FixTarget) -> Result<UInt, FixError> {
        switch target {
        case .address(let address):
            return .success(address)
        case .reportNumber(let number):
            guard let handles = LastConflictReport.current else { return .failure(.noReport) }
            guard number <= handles.constraints.count else {
                return .failure(.noSuchConstraint(number, count: handles.constraints.count))
            }
            guard let address = handles.constraints[number - 1] else { return .failure(.badHandle("#\(number)")) }
            return .success(UInt(address))
        }
    }

    private static func suggestion(_ number: Int) -> Result<(change: LayoutChange, address: UInt), FixError> {
        guard let handles = LastConflictReport.current else { return .failure(.noReport) }
        guard number <= handles.suggestions.count else {
            return .failure(.noSuchSuggestion(number, count: handles.suggestions.count))
        }
        let fix = handles.suggestions[number - 1]
        guard let change = fix.change, let target = fix.target else { return .failure(.suggestionWithoutTarget(number)) }
        return .success((change, UInt(target)))
    }

    // MARK: - Applying

    private static func apply(_ change: LayoutChange, at address: UInt, stop: UInt64) -> Result<FixOutcome, FixError> {
        guard let object = LiveObjectLookup.object(at: address),
              object is PlatformView || object is NSLayoutConstraint else { return .failure(.notLive(address)) }
        return check(change, on: object, at: address).map { root in
            let saved = state(of: object)
            let (outcome, baseline) = relayOut(root) {
                [step(.applied, change, object: object, saved: saved, reinstalled: mutate(object, change))]
            }
            FixJournal.shared.append(.init(object: object, step: outcome.steps[0], saved: saved, baseline: baseline),
                                     atStop: stop)
            return counted(outcome, stop: stop)
        }
    }

    /// The hierarchy's root when `change` can be made to `object`, else why not.
    private static func check(_ change: LayoutChange, on object: AnyObject, at address: UInt) -> Result<PlatformView, FixError> {
        if change.appliesToView {
            guard let view = object as? PlatformView else {
                return .failure(.wrongKind(address, expected: "a view: \(change.optionText) changes a view"))
            }
            guard view.translatesAutoresizingMaskIntoConstraints else {
                return .failure(.noChange("translatesAutoresizingMaskIntoConstraints is already off on \(LookupError.hex(address))"))
            }
            return root(of: view).map(Result.success) ?? .failure(.notInAWindow(address))
        }
        guard let c = object as? NSLayoutConstraint else {
            return .failure(.wrongKind(address, expected: "a constraint: \(change.optionText) changes a constraint"))
        }
        guard let view = LiveAdapter.nearestView(c.firstItem) ?? LiveAdapter.nearestView(c.secondItem),
              let root = root(of: view) else { return .failure(.notInAWindow(address)) }
        switch change {
        case .activate:
            guard !c.isActive else { return .failure(.noChange("\(LookupError.hex(address)) is already active")) }
            guard commonAncestor(of: c) != nil else { return .failure(.noCommonAncestor(address)) }
        case .deactivate:
            guard c.isActive else { return .failure(.noChange("\(LookupError.hex(address)) is already inactive")) }
        case .priority(let value):
            guard Double(c.priority.rawValue) != value else {
                return .failure(.noChange("the priority of \(LookupError.hex(address)) is already \(ConstraintSnapshot.number(value))"))
            }
        case .constant(let value):
            guard Double(c.constant) != value else {
                return .failure(.noChange("the constant of \(LookupError.hex(address)) is already \(ConstraintSnapshot.number(value))"))
            }
        case .noAutoresizing:
            break
        }
        return .success(root)
    }

    /// The topmost ancestor of a view that is in a window; `nil` otherwise.
    private static func root(of view: PlatformView) -> PlatformView? {
        guard Platform.isInWindow(view) else { return nil }
        var root = view
        while let parent = root.superview { root = parent }
        return root
    }

    /// The nearest view both items descend from, where activating installs the constraint.
    private static func commonAncestor(of c: NSLayoutConstraint) -> PlatformView? {
        guard let first = LiveAdapter.nearestView(c.firstItem) else { return nil }
        guard c.secondItem != nil else { return first }
        guard let second = LiveAdapter.nearestView(c.secondItem) else { return nil }
        return LiveAdapter.nearestCommonView(of: [first, second])
    }

    // MARK: - Undoing

    private static func undo(count: Int, stop: UInt64) -> Result<FixOutcome, FixError> {
        let entries = FixJournal.shared.entries(atStop: stop)
        guard !entries.isEmpty else { return .failure(.nothingToUndo) }
        let taken = entries.suffix(count).reversed()
        // The window of the newest change; an entry whose views have left every window is
        // still put back, and the first window found is laid out.
        let views = taken.compactMap { entry -> PlatformView? in
            if let view = entry.object as? PlatformView { return view }
            let c = entry.object as? NSLayoutConstraint
            return LiveAdapter.nearestView(c?.firstItem) ?? LiveAdapter.nearestView(c?.secondItem)
        }
        guard let root = views.lazy.compactMap(root(of:)).first else {
            return .failure(.notInAWindow(UInt(bitPattern: Unmanaged.passUnretained(taken.first!.object).toOpaque())))
        }
        _ = FixJournal.shared.removeLast(taken.count, atStop: stop)
        // The hierarchy goes back to how it was before the oldest change reversed here.
        let (outcome, _) = relayOut(root, restoring: taken.last?.baseline) {
            taken.map { entry in
                let now = state(of: entry.object)
                return step(.undone, entry.step.change, object: entry.object, saved: now,
                            reinstalled: restore(entry.object, to: entry.saved))
            }
        }
        return .success(counted(outcome, stop: stop))
    }

    // MARK: - Laying out and re-checking

    /// Lays `root` out, snapshots it, runs `change` and re-checks the
    /// hierarchy while watching for conflicts, and snapshots it again.
    ///
    /// - Parameter baseline: For an undo, the hierarchy before the change:
    ///   autoresized frames are put back, and the constraints that failed are
    ///   handed to the engine after every other, since the engine breaks the
    ///   constraint it is given last: the same ones break as before.
    /// - Returns: The outcome, and the baseline of the hierarchy before the change.
    private static func relayOut(_ root: PlatformView, restoring baseline: FixJournal.Baseline? = nil,
                                 change: () -> [FixOutcome.Step]) -> (FixOutcome, FixJournal.Baseline) {
        // Laid out first, so "before" shows the frames the user sees, not ones a
        // pending layout pass would have changed anyway.
        Platform.layOut(root)
        let before = LiveAdapter().tree(of: root)
        let current = self.baseline(of: root, before)
        var steps: [FixOutcome.Step] = []
        var recheck = (checked: 0, retried: 0)
        let seen = ConflictWatch.conflicts {
            // Out of the way before the change is reversed, so that what the change
            // brings back (an autoresizing mask's constraints) enters first.
            let aside = (baseline?.failing ?? []).compactMap { $0 as? NSLayoutConstraint }.filter(\.isActive)
            for c in aside {
                c.isActive = false
                BrokenConstraints.forget(c)
            }
            steps = change()
            for (view, frame) in baseline?.autoresizedFrames ?? [] {
                guard let view = view as? PlatformView, view.translatesAutoresizingMaskIntoConstraints else { continue }
                view.frame = frame
            }
            recheck = settle(root)
            for c in aside { c.isActive = true }
            if !aside.isEmpty { Platform.layOut(root) }
        }
        let after = LiveAdapter().tree(of: root)
        let unsatisfied = FixComparison.unsatisfied(in: after)
        let failing = Set(unsatisfied.compactMap(\.address))
        // One conflict per broken constraint that is still failing: the last report of it.
        var conflicts: [FixOutcome.RemainingConflict] = []
        for conflict in seen.reversed() {
            guard let broken = conflict.brokenConstraint?.address, failing.contains(broken),
                  !conflicts.contains(where: { $0.conflict.brokenConstraint?.address == broken }) else { continue }
            conflicts.insert(.init(conflict: conflict, why: nil), at: 0)
        }
        let named = Set(conflicts.flatMap { $0.conflict.mutuallyExclusive.compactMap(\.address) })
        // The verdict is about what the change touched: conflicts elsewhere that were
        // there before it (a storm's others) are counted apart.
        let touched = FixComparison.touched(by: steps)
        let failingBefore = FixComparison.failingBeforeChange(before)
        let others = conflicts.filter { FixComparison.isOther($0.conflict, touched: touched, failingBefore: failingBefore) }
        var outcome = FixOutcome(
            steps: steps, window: before.reference,
            recheckedConstraints: recheck.checked, retriedConstraints: recheck.retried,
            conflicts: conflicts.filter { !FixComparison.isOther($0.conflict, touched: touched, failingBefore: failingBefore) },
            unsatisfied: unsatisfied.filter { $0.address.map { !named.contains($0) } ?? true },
            frameChanges: FixComparison.frameChanges(before: before, after: after),
            newlyAmbiguous: FixComparison.newlyAmbiguous(before: before, after: after),
            changesInThisStop: 0)
        outcome.otherConflicts = others.count
        return (outcome, current)
    }

    /// The hierarchy's failing constraints and autoresized frames, from the
    /// snapshot `tree` just taken of it.
    private static func baseline(of root: PlatformView, _ tree: ViewSnapshot) -> FixJournal.Baseline {
        var baseline = FixJournal.Baseline()
        baseline.failing = FixComparison.unsatisfied(in: tree).compactMap { c -> AnyObject? in
            c.address.flatMap { LiveObjectLookup.object(at: UInt($0)) as? NSLayoutConstraint }
        }
        var stack = root.subviews
        while let view = stack.popLast() {
            stack.append(contentsOf: view.subviews)
            if view.translatesAutoresizingMaskIntoConstraints { baseline.autoresizedFrames.append((view, view.frame)) }
        }
        return baseline
    }

    /// Lays the hierarchy out, then asks the engine to take again every
    /// required constraint of it that does not hold, and lays out again.
    ///
    /// The engine keeps a broken constraint out until it is changed or
    /// re-activated (UIKit's too), so a fix elsewhere would not bring it back on
    /// its own: re-activating it is what relaunching the app would do.
    /// Constraints the system made are the system's to manage, and are left alone.
    private static func settle(_ root: PlatformView) -> (checked: Int, retried: Int) {
        Platform.layOut(root)
        let adapter = LiveAdapter()
        var checked = 0
        var failing: [NSLayoutConstraint] = []
        var stack = [root]
        while let view = stack.popLast() {
            stack.append(contentsOf: view.subviews)
            for c in view.constraints {
                checked += 1
                guard c.priority.rawValue >= 1000 else { continue }
                let snapshot = adapter.makeSnapshot(of: c, owner: view)
                guard !snapshot.isSystemConstraint else { continue }
                if BrokenConstraints.contains(c) || (snapshot.frameMiss ?? 0) > FixComparison.missTolerance {
                    failing.append(c)
                }
            }
        }
        for c in failing {
            c.isActive = false
            BrokenConstraints.forget(c)
            c.isActive = true
        }
        if !failing.isEmpty { Platform.layOut(root) }
        return (checked, failing.count)
    }

    private static func counted(_ outcome: FixOutcome, stop: UInt64) -> FixOutcome {
        var counted = outcome
        counted.changesInThisStop = FixJournal.shared.entries(atStop: stop).count
        return counted
    }

    // MARK: - Changing live objects

    private static func state(of object: AnyObject) -> FixJournal.SavedState {
        if let view = object as? PlatformView {
            return .view(translatesAutoresizingMask: view.translatesAutoresizingMaskIntoConstraints)
        }
        let c = unsafeDowncast(object, to: NSLayoutConstraint.self)
        return .constraint(priority: Double(c.priority.rawValue), constant: Double(c.constant), isActive: c.isActive)
    }

    /// Makes the change; returns whether the constraint was reinstalled around it.
    private static func mutate(_ object: AnyObject, _ change: LayoutChange) -> Bool {
        if let view = object as? PlatformView {
            view.translatesAutoresizingMaskIntoConstraints = false
            return false
        }
        let c = unsafeDowncast(object, to: NSLayoutConstraint.self)
        switch change {
        case .priority(let value): return setPriority(value, of: c)
        case .constant(let value): c.constant = CGFloat(value)
        case .deactivate:
            c.isActive = false
            // Out of the engine, it is no longer broken; reactivated, the engine decides anew.
            BrokenConstraints.forget(c)
        case .activate: c.isActive = true
        case .noAutoresizing: break
        }
        return false
    }

    /// Puts back a saved state; returns whether the constraint was reinstalled.
    private static func restore(_ object: AnyObject, to saved: FixJournal.SavedState) -> Bool {
        switch saved {
        case .view(let translates):
            (object as? PlatformView)?.translatesAutoresizingMaskIntoConstraints = translates
            return false
        case .constraint(let priority, let constant, let isActive):
            let c = unsafeDowncast(object, to: NSLayoutConstraint.self)
            var reinstalled = false
            if Double(c.priority.rawValue) != priority { reinstalled = setPriority(priority, of: c) }
            if Double(c.constant) != constant { c.constant = CGFloat(constant) }
            if c.isActive != isActive {
                c.isActive = isActive
                if !isActive { BrokenConstraints.forget(c) }
            }
            return reinstalled
        }
    }

    /// Sets a priority the way UIKit allows: an installed constraint that
    /// crosses between required and optional is deactivated, changed and
    /// reactivated, since UIKit raises on the direct change.
    private static func setPriority(_ value: Double, of c: NSLayoutConstraint) -> Bool {
        let crosses = c.isActive && ((c.priority.rawValue >= 1000) != (value >= 1000))
        if crosses {
            c.isActive = false
            BrokenConstraints.forget(c)
        }
        Platform.setPriority(value, of: c)
        if crosses { c.isActive = true }
        return crosses
    }

    /// The step for a change, read off the object after it was made.
    private static func step(_ action: FixOutcome.Action, _ change: LayoutChange, object: AnyObject,
                             saved: FixJournal.SavedState, reinstalled: Bool) -> FixOutcome.Step {
        let adapter = LiveAdapter()
        if let view = object as? PlatformView {
            guard case .view(let translated) = saved else { fatalError("a view's state") }
            return FixOutcome.Step(action: action, change: change, constraint: nil, view: adapter.reference(view),
                                   property: "translatesAutoresizingMaskIntoConstraints",
                                   from: String(translated), to: String(view.translatesAutoresizingMaskIntoConstraints),
                                   reinstalled: false)
        }
        let c = unsafeDowncast(object, to: NSLayoutConstraint.self)
        guard case .constraint(let priority, let constant, let isActive) = saved else { fatalError("a constraint's state") }
        var snapshot = adapter.makeSnapshot(of: c, owner: adapter.owner(of: c))
        let property: String, from: String, to: String
        if Double(c.priority.rawValue) != priority {
            (property, from, to) = ("priority", ConstraintSnapshot.number(priority), ConstraintSnapshot.number(Double(c.priority.rawValue)))
        } else if Double(c.constant) != constant {
            (property, from, to) = ("constant", ConstraintSnapshot.number(constant), ConstraintSnapshot.number(Double(c.constant)))
        } else {
            (property, from, to) = ("active", String(isActive), String(c.isActive))
        }
        // The line shows the constraint as it was before the step.
        snapshot.priority = priority
        snapshot.constant = constant
        return FixOutcome.Step(action: action, change: change, constraint: snapshot, view: nil,
                               property: property, from: from, to: to, reinstalled: reinstalled)
    }
}
#endif
