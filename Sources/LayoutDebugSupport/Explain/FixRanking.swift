import Cassowary

// MARK: - FixForecast

/// What our solver predicts one suggested fix does to the conflict's views.
struct FixForecast: Codable, Hashable, Sendable {
    /// One view the fix moves, with its frames in its superview's
    /// coordinates, as `lfix` and the report's `Views:` print them.
    struct Move: Codable, Hashable, Sendable {
        /// The view.
        var view: ObjectReference
        /// Its frame as the engine lays it out without the fix (the broken
        /// constraint left out).
        var from: SnapshotRect
        /// Its frame with the fix.
        var to: SnapshotRect
        /// `its superview`, `the window` or both, when it ends outside them; `nil` inside.
        var outside: String?
    }

    /// A view the fix leaves where it is, outside its superview or the window.
    struct Outside: Codable, Hashable, Sendable {
        /// The view.
        var view: ObjectReference
        /// `its superview`, `the window` or both.
        var outside: String
    }

    /// The views whose frame changes, in the order of the report's views.
    var moves: [Move]
    /// The views that do not move but stay outside their superview or the window.
    var staysOutside: [Outside]
    /// Whether every view ends inside its superview and the window.
    var keepsViewsInside: Bool
    /// The sum of |Δx| + |Δy| + |Δw| + |Δh| over the views, in points.
    var frameChange: Double
}

// MARK: - FixRanking

/// Orders a conflict's suggested fixes by what each moves, solved on the
/// snapshot with our solver as `lfix` would apply it.
///
/// Each fix is one system: its change made (a priority below 1000 makes the
/// constraint optional at that strength; a constant replaces the constant;
/// deactivating drops the constraint; turning autoresizing off drops that
/// view's autoresizing constraints), every other listed constraint at its own
/// priority, the broken one included, since the fix is meant to let it hold.
/// The views' frames in the window are weak preferences, so what no
/// constraint pins stays where it is; a view's preference is stronger than
/// its subviews', because what places a superview is mostly outside the
/// conflict. Each fix is compared with the layout the engine gives without
/// it: the same system with the broken constraint left out.
///
/// The order: the fixes that resolve the whole conflict before those that
/// leave another contradiction; then those that leave every view inside its
/// superview and the window; then the least total frame change; ties keep
/// the explainer's order.
enum FixRanking {
    /// The fixes, ranked, each with its forecast, `rank` and `tryFirst`; or
    /// unchanged with the reason they could not be ranked.
    ///
    /// - Complexity: one solve per fix, plus one, over the listed constraints.
    static func rank(_ fixes: [ConflictExplanation.Fix], in conflict: ConflictSnapshot)
        -> (fixes: [ConflictExplanation.Fix], notRanked: String?) {
        guard !fixes.isEmpty else { return (fixes, nil) }
        guard let placements = conflict.placements, !placements.isEmpty else {
            return (fixes, conflict.whyNotPlaced ?? (conflict.views.isEmpty ? "the log holds no frames"
                : "the views' frames in their window are not known"))
        }
        let solving = FixSolving(conflict, placements)
        let broken = conflict.brokenConstraint.flatMap { broken in
            conflict.mutuallyExclusive.firstIndex { $0.address != nil && $0.address == broken.address }
                ?? conflict.mutuallyExclusive.firstIndex(of: broken)
        }
        let before = solving.frames(conflict, dropping: broken.map { [$0] } ?? [])
        var forecasts: [FixForecast?] = []
        for fix in fixes {
            forecasts.append(applied(fix, to: conflict).map { changed, dropped in
                solving.forecast(from: before, to: solving.frames(changed, dropping: dropped))
            })
        }
        let order = fixes.indices.sorted { a, b in
            let left = key(fixes[a], forecasts[a]), right = key(fixes[b], forecasts[b])
            return left != right ? left.lexicographicallyPrecedes(right) : a < b
        }
        var ranked: [ConflictExplanation.Fix] = []
        for (position, index) in order.enumerated() {
            var fix = fixes[index]
            fix.forecast = forecasts[index]
            fix.rank = position + 1
            fix.tryFirst = position == 0
            ranked.append(fix)
        }
        return (ranked, nil)
    }

    /// Smaller first: resolves, has a forecast, keeps views inside, moves least.
    private static func key(_ fix: ConflictExplanation.Fix, _ forecast: FixForecast?) -> [Double] {
        [fix.resolvesConflict ? 0 : 1, forecast == nil ? 1 : 0, forecast?.keepsViewsInside == false ? 1 : 0,
         forecast?.frameChange ?? 0]
    }

    /// The conflict with `fix` made, and the constraints it drops; `nil`
    /// when the fix names no change `lfix` could apply.
    static func applied(_ fix: ConflictExplanation.Fix, to conflict: ConflictSnapshot)
        -> (ConflictSnapshot, Set<Int>)? {
        guard let change = fix.change, conflict.mutuallyExclusive.indices.contains(fix.constraintIndex) else {
            return nil
        }
        var changed = conflict
        var dropped: Set<Int> = []
        switch change {
        case .priority(let priority): changed.mutuallyExclusive[fix.constraintIndex].priority = priority
        case .constant(let constant): changed.mutuallyExclusive[fix.constraintIndex].constant = constant
        case .deactivate: dropped.insert(fix.constraintIndex)
        case .activate: break  // listed constraints are active already
        case .noAutoresizing:
            let view = fix.target ?? conflict.mutuallyExclusive[fix.constraintIndex].framedItem?.address
            for (index, constraint) in conflict.mutuallyExclusive.enumerated()
            where constraint.className == "NSAutoresizingMaskLayoutConstraint" && constraint.framedItem?.address == view {
                dropped.insert(index)
            }
        }
        return (changed, dropped)
    }
}

// MARK: - FixSolving

/// The solves behind `FixRanking`, in the window's coordinates.
struct FixSolving {
    /// A frame the snapshot knows, and how deep its view is.
    private struct Known {
        var frame: SnapshotRect
        var depth: Int
    }

    private let conflict: ConflictSnapshot
    private let placements: [ViewPlacement]
    /// Every view's and superview's frame in the window, by address.
    private let known: [UInt64: Known]

    init(_ conflict: ConflictSnapshot, _ placements: [ViewPlacement]) {
        self.conflict = conflict
        self.placements = placements
        var known: [UInt64: Known] = [:]
        for placement in placements { known[placement.view] = Known(frame: placement.frame, depth: placement.depth) }
        for placement in placements {
            guard let superview = placement.superview, known[superview] == nil else { continue }
            known[superview] = Known(frame: placement.superviewFrame, depth: placement.depth - 1)
        }
        self.known = known
    }

    /// The frames, by address, of the known items of `changed`, solved
    /// without the constraints at `dropped`.
    func frames(_ changed: ConflictSnapshot, dropping dropped: Set<Int>) -> [UInt64: SnapshotRect] {
        let system = LinearSystem(changed, keepingOptional: true)
        let solver = Solver()
        var variables: [Int: Variable] = [:]
        func variable(_ key: Int) -> Variable {
            if let made = variables[key] { return made }
            let made = Variable("v\(key)")
            variables[key] = made
            return made
        }
        for row in system.rows {
            var strength = Strength.required
            if case .constraint(let index) = row.source {
                if dropped.contains(index) { continue }
                strength = Strength(priority: changed.mutuallyExclusive[index].priority)
            }
            let required = row.constraint(variable)
            // A required row that cannot hold is left out, as the engine breaks it.
            try? solver.addConstraint(Constraint(required.expression, required.relation, strength: strength))
        }
        var solved: [UInt64: [Variable]] = [:]
        for (index, constraint) in changed.mutuallyExclusive.enumerated() {
            for item in [constraint.firstItem, constraint.secondItem, constraint.superview].compactMap({ $0 }) {
                guard let address = item.address, solved[address] == nil,
                      let minX = system.variable(.minX, of: item, constraintIndex: index) else { continue }
                let base = minX - LinearSystem.Kind.minX.rawValue
                let frame = [LinearSystem.Kind.minX, .minY, .width, .height].map { variable(base + $0.rawValue) }
                solved[address] = frame
                prefer(frame, at: known[address], in: solver)
            }
        }
        var frames: [UInt64: SnapshotRect] = [:]
        for (address, frame) in solved where known[address] != nil {
            let values = frame.map { Self.rounded(solver.value(of: $0)) }
            frames[address] = SnapshotRect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        return frames
    }

    /// Holds an item near its frame in the window: a shallower view more
    /// strongly (each depth its own tier, all below any real priority), an
    /// item the snapshot does not place (a guide, margins) at the origin,
    /// weakest of all.
    private func prefer(_ frame: [Variable], at known: Known?, in solver: Solver) {
        let values: [Double] = known.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] } ?? [0, 0, 0, 0]
        let strength = Strength(priority: known.map { 1 + 0.9 / Double($0.depth + 1) } ?? 1)
        for (variable, value) in zip(frame, values) {
            try? solver.addConstraint(Constraint(Expression(variable), .equal, Expression(constant: value), strength: strength))
        }
        for size in frame[2...] { try? solver.addConstraint(Constraint(Expression(size), .greaterThanOrEqual)) }
    }

    /// What changes from `before` to `after`, view by view, in each view's
    /// superview's coordinates, and which views end outside.
    func forecast(from before: [UInt64: SnapshotRect], to after: [UInt64: SnapshotRect]) -> FixForecast {
        var forecast = FixForecast(moves: [], staysOutside: [], keepsViewsInside: true, frameChange: 0)
        var total = 0.0
        for placement in placements {
            let old = local(placement, before), new = local(placement, after)
            let change = abs(new.x - old.x) + abs(new.y - old.y) + abs(new.width - old.width) + abs(new.height - old.height)
            let outside = outsideText(placement, after)
            if outside != nil { forecast.keepsViewsInside = false }
            let view = conflict.views.first { $0.reference.address == placement.view }?.reference
                ?? item(placement.view) ?? ObjectReference(className: "UIView", address: placement.view)
            if change > Self.tolerance {
                total += change
                forecast.moves.append(.init(view: view, from: old, to: new, outside: outside))
            } else if let outside {
                forecast.staysOutside.append(.init(view: view, outside: outside))
            }
        }
        forecast.frameChange = Self.rounded(total)
        return forecast
    }

    /// The constraints' item at `address`, as the log named it (a log's
    /// conflict lists no views).
    private func item(_ address: UInt64) -> ObjectReference? {
        for constraint in [conflict.brokenConstraint].compactMap({ $0 }) + conflict.mutuallyExclusive {
            for item in [constraint.firstItem, constraint.secondItem] where item?.address == address { return item }
        }
        return nil
    }

    /// The view's frame in its superview's coordinates, the superview where the same solve puts it.
    private func local(_ placement: ViewPlacement, _ frames: [UInt64: SnapshotRect]) -> SnapshotRect {
        let frame = frames[placement.view] ?? placement.frame
        let parent = superviewFrame(placement, frames)
        return SnapshotRect(x: Self.rounded(frame.x - parent.x), y: Self.rounded(frame.y - parent.y),
                            width: frame.width, height: frame.height)
    }

    private func superviewFrame(_ placement: ViewPlacement, _ frames: [UInt64: SnapshotRect]) -> SnapshotRect {
        placement.superview.flatMap { frames[$0] } ?? placement.superviewFrame
    }

    /// Where the solved frame sticks out: a superview not laid out yet (no
    /// width, or no height) is not held against it on that axis.
    private func outsideText(_ placement: ViewPlacement, _ frames: [UInt64: SnapshotRect]) -> String? {
        let frame = frames[placement.view] ?? placement.frame
        var places: [String] = []
        if !Self.contains(superviewFrame(placement, frames), frame) { places.append("its superview") }
        if !Self.contains(placement.window, frame) { places.append("the window") }
        return places.isEmpty ? nil : places.joined(separator: " and ")
    }

    private static func contains(_ outer: SnapshotRect, _ inner: SnapshotRect) -> Bool {
        let horizontal = outer.width <= 0
            || (inner.x >= outer.x - tolerance && inner.x + inner.width <= outer.x + outer.width + tolerance)
        let vertical = outer.height <= 0
            || (inner.y >= outer.y - tolerance && inner.y + inner.height <= outer.y + outer.height + tolerance)
        return horizontal && vertical
    }

    /// Frames closer than this are the same frame.
    static let tolerance = 0.001

    /// To a ten-thousandth, as reports print numbers, so solver noise never shows.
    static func rounded(_ value: Double) -> Double {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == 0 ? 0 : rounded
    }
}
