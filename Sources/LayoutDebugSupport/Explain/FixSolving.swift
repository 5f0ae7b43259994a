import Cassowary

// MARK: - FixSolving

/// The solves behind `FixRanking`, in the window's coordinates.
struct FixSolving {
    /// A frame the snapshot knows, and how deep its view is.
    private struct Known {
        var frame: SnapshotRect
        var depth: Int
    }

    /// One solve: every item's frame the snapshot places, and every variable's value.
    struct Solution {
        /// The frames, by address, of the items the snapshot places.
        var frames: [UInt64: SnapshotRect]
        /// The value of each of `LinearSystem`'s variables that a row uses.
        var values: [Int: Double]
    }

    private let conflict: ConflictSnapshot
    private let placements: [ViewPlacement]
    private let phrases: ExplanationPhrases
    /// The conflict's rows as the app wrote them, at every priority.
    private let written: LinearSystem
    /// Every view's and superview's frame in the window, by address.
    private let known: [UInt64: Known]
    /// The frame values the constraints decide, by address.
    private let decided: [UInt64: [FixForecast.Value]]

    init(_ conflict: ConflictSnapshot, _ placements: [ViewPlacement], phrases: ExplanationPhrases) {
        self.conflict = conflict
        self.placements = placements
        self.phrases = phrases
        var known: [UInt64: Known] = [:]
        for placement in placements { known[placement.view] = Known(frame: placement.frame, depth: placement.depth) }
        for placement in placements {
            guard let superview = placement.superview, known[superview] == nil else { continue }
            known[superview] = Known(frame: placement.superviewFrame, depth: placement.depth - 1)
        }
        self.known = known
        let written = LinearSystem(conflict, keepingOptional: true)
        self.written = written
        self.decided = Self.decidedValues(conflict, written)
    }

    /// The frames and values of `changed`, solved without the constraints at `dropped`.
    func solve(_ changed: ConflictSnapshot, dropping dropped: Set<Int>) -> Solution {
        let system = LinearSystem(changed, keepingOptional: true)
        let solver = FrameSolver()
        for row in system.rows {
            var strength = Strength.required
            if case .constraint(let index) = row.source {
                if dropped.contains(index) { continue }
                strength = Strength(priority: changed.mutuallyExclusive[index].priority)
            }
            // A required row that cannot hold is left out, as the engine breaks it.
            solver.add(row, strength: strength)
        }
        var solved: [UInt64: [Variable]] = [:]
        for (index, constraint) in changed.mutuallyExclusive.enumerated() {
            for item in [constraint.firstItem, constraint.secondItem, constraint.superview].compactMap({ $0 }) {
                guard let address = item.address, solved[address] == nil,
                      let minX = system.variable(.minX, of: item, constraintIndex: index) else { continue }
                let base = minX - LinearSystem.Kind.minX.rawValue
                let frame = [LinearSystem.Kind.minX, .minY, .width, .height].map { solver.variable(base + $0.rawValue) }
                solved[address] = frame
                prefer(frame, at: known[address], in: solver)
            }
        }
        var frames: [UInt64: SnapshotRect] = [:]
        for (address, frame) in solved where known[address] != nil {
            let values = frame.map { Self.rounded(solver.solver.value(of: $0)) }
            frames[address] = SnapshotRect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        return Solution(frames: frames, values: solver.values.mapValues(Self.rounded))
    }

    /// Holds an item near its frame in the window: a shallower view more
    /// strongly (each depth its own tier, all below any real priority), an
    /// item the snapshot does not place (a guide, margins) at the origin,
    /// weakest of all.
    private func prefer(_ frame: [Variable], at known: Known?, in solver: FrameSolver) {
        let values: [Double] = known.map { [$0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height] } ?? [0, 0, 0, 0]
        let strength = Strength(priority: known.map { 1 + 0.9 / Double($0.depth + 1) } ?? 1)
        for (variable, value) in zip(frame, values) { solver.prefer(variable, equalTo: value, strength: strength) }
        for size in frame[2...] { solver.requireNonNegative(size) }
    }

    // MARK: - Forecast

    /// What changes from `before` to `after`, view by view, in each view's
    /// superview's coordinates; which views end outside, and whether they
    /// were already; and what of the app's own constraints `after` leaves unmet.
    func forecast(from before: Solution, to after: Solution) -> FixForecast {
        var forecast = FixForecast(moves: [], staysOutside: [], keepsViewsInside: true, frameChange: 0)
        var total = 0.0
        for placement in placements {
            let old = local(placement, before.frames), new = local(placement, after.frames)
            let change = abs(new.x - old.x) + abs(new.y - old.y) + abs(new.width - old.width) + abs(new.height - old.height)
            let outside = outsideText(placement, after.frames)
            let wasOutside = outsideText(placement, before.frames)
            if outside != nil { forecast.keepsViewsInside = false }
            let view = conflict.views.first { $0.reference.address == placement.view }?.reference
                ?? item(placement.view) ?? ObjectReference(className: "UIView", address: placement.view)
            if change > Self.tolerance {
                total += change
                forecast.moves.append(.init(view: view, from: old, to: new, outside: outside, wasOutside: wasOutside,
                                            decided: decidedValues(of: placement)))
            } else if let outside {
                forecast.staysOutside.append(.init(view: view, outside: outside, movesOut: wasOutside == nil))
            }
        }
        forecast.frameChange = Self.rounded(total)
        forecast.unmet = unmet(after.values)
        forecast.missed = Self.rounded(forecast.unmet?.reduce(0) { $0 + $1.by } ?? 0)
        return forecast
    }

    /// The views whose frames now differ from the engine's layout, `recovered`,
    /// on a value the conflict's constraints decide: frames from before the
    /// layout pass (a breakpoint at a conflict stops before the engine lays
    /// the views out). Each as a move from its frame now to its frame then.
    func notLaidOut(_ recovered: Solution) -> [FixForecast.Move] {
        placements.compactMap { placement in
            let now = local(placement, [:]), then = local(placement, recovered.frames)
            let values = decidedValues(of: placement)
            let pairs: [FixForecast.Value: (Double, Double)] = [.x: (now.x, then.x), .y: (now.y, then.y),
                                                                .width: (now.width, then.width),
                                                                .height: (now.height, then.height)]
            guard values.contains(where: { abs(pairs[$0]!.0 - pairs[$0]!.1) > Self.tolerance }) else { return nil }
            let view = conflict.views.first { $0.reference.address == placement.view }?.reference
                ?? item(placement.view) ?? ObjectReference(className: "UIView", address: placement.view)
            return FixForecast.Move(view: view, from: now, to: then, outside: nil, decided: values)
        }
    }

    /// The app's required constraints, as written, that `values` do not meet, most missed first.
    private func unmet(_ values: [Int: Double]) -> [FixForecast.Unmet] {
        var unmet: [(index: Int, by: Double)] = []
        for row in written.rows {
            guard case .constraint(let index) = row.source else { continue }
            let constraint = conflict.mutuallyExclusive[index]
            guard constraint.isRequired, !constraint.isSystemConstraint else { continue }
            let left = row.coefficients.reduce(0) { $0 + $1.value * (values[$1.key] ?? 0) } - row.constant
            let miss: Double
            switch row.relation {
            case .equal: miss = abs(left)
            case .lessThanOrEqual: miss = max(0, left)
            case .greaterThanOrEqual: miss = max(0, -left)
            }
            if Self.rounded(miss) > Self.tolerance { unmet.append((index, Self.rounded(miss))) }
        }
        return unmet.sorted { $0.by != $1.by ? $0.by > $1.by : $0.index < $1.index }
            .map { .init(constraint: phrases.formula(conflict.mutuallyExclusive[$0.index]), by: $0.by, constraintIndex: $0.index) }
    }

    /// The frame values the conflict's rows use for each item: the only ones
    /// the solve decides, the others held where the snapshot has them.
    private static func decidedValues(_ conflict: ConflictSnapshot, _ system: LinearSystem) -> [UInt64: [FixForecast.Value]] {
        var used: Set<Int> = []
        for row in system.rows { used.formUnion(row.coefficients.filter { $0.value != 0 }.keys) }
        let kinds: [(FixForecast.Value, LinearSystem.Kind)] = [(.x, .minX), (.y, .minY), (.width, .width), (.height, .height)]
        var decided: [UInt64: [FixForecast.Value]] = [:]
        for (index, constraint) in conflict.mutuallyExclusive.enumerated() {
            for item in [constraint.firstItem, constraint.secondItem, constraint.superview].compactMap({ $0 }) {
                guard let address = item.address, decided[address] == nil,
                      let minX = system.variable(.minX, of: item, constraintIndex: index) else { continue }
                let base = minX - LinearSystem.Kind.minX.rawValue
                decided[address] = kinds.filter { used.contains(base + $0.1.rawValue) }.map(\.0)
            }
        }
        return decided
    }

    /// The frame values the conflict's constraints decide for the placed view; all four for a
    /// view they do not name.
    private func decidedValues(of placement: ViewPlacement) -> [FixForecast.Value] {
        decided[placement.view] ?? FixForecast.Value.allCases
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

    /// Where the solved frame sticks out, on the axes the conflict's constraints decide for
    /// the view: on the other axis its frame is the snapshot's, which no change here moves,
    /// and at a stop before layout is not yet the frame the app will show (a controller's
    /// view is made as large as the screen, then sized by the constraints the conflict does
    /// not list). A superview not laid out yet (no width, or no height) is not held against
    /// it on that axis.
    private func outsideText(_ placement: ViewPlacement, _ frames: [UInt64: SnapshotRect]) -> String? {
        let frame = frames[placement.view] ?? placement.frame
        let axes = DecidedAxes(decidedValues(of: placement))
        var places: [String] = []
        if !Self.contains(superviewFrame(placement, frames), frame, on: axes) { places.append("its superview") }
        if !Self.contains(placement.window, frame, on: axes) { places.append("the window") }
        return places.isEmpty ? nil : places.joined(separator: " and ")
    }

    /// Which of a frame's two axes the constraints decide.
    private struct DecidedAxes {
        var horizontal: Bool
        var vertical: Bool

        init(_ values: [FixForecast.Value]) {
            horizontal = values.contains(.x) || values.contains(.width)
            vertical = values.contains(.y) || values.contains(.height)
        }
    }

    private static func contains(_ outer: SnapshotRect, _ inner: SnapshotRect, on axes: DecidedAxes) -> Bool {
        let horizontal = !axes.horizontal || outer.width <= 0
            || (inner.x >= outer.x - tolerance && inner.x + inner.width <= outer.x + outer.width + tolerance)
        let vertical = !axes.vertical || outer.height <= 0
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
