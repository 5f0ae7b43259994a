import Cassowary

// MARK: - ComputedFrames

/// Frames for a conflict that came with none (a pasted log): the ones that
/// satisfy every listed constraint but the broken one, from our solver.
///
/// A log fixes only what its constraints say; the rest (a position nothing
/// pins, a height nothing names) is held by weak preferences, 100×44 at the
/// origin, so every box has a size to draw. The frames are shifted so the
/// picture starts at (0, 0).
enum ComputedFrames {
    /// The default size of a box nothing sizes.
    static let preferredSize = (width: 100.0, height: 44.0)

    /// Frames by item address, in one shared coordinate space.
    static func frames(for conflict: ConflictSnapshot) -> [UInt64: SnapshotRect] {
        let system = LinearSystem(conflict)
        let brokenIndex = conflict.brokenConstraint.flatMap { broken in
            conflict.mutuallyExclusive.firstIndex { $0.address != nil && $0.address == broken.address }
        }
        let solver = Solver()
        var variables: [Int: Variable] = [:]
        func variable(_ key: Int) -> Variable {
            if let known = variables[key] { return known }
            let made = Variable("v\(key)")
            variables[key] = made
            return made
        }
        for row in system.rows {
            if case .constraint(let index) = row.source, index == brokenIndex { continue }
            // A second contradiction in the list is left out rather than drawn wrong.
            try? solver.addConstraint(row.constraint(variable))
        }
        var items: [(address: UInt64, minX: Variable, width: Variable, minY: Variable, height: Variable)] = []
        var seen: Set<UInt64> = []
        for (index, c) in conflict.mutuallyExclusive.enumerated() {
            for item in [c.firstItem, c.secondItem, c.superview].compactMap({ $0 }) {
                guard let address = item.address, seen.insert(address).inserted,
                      let minX = system.variable(.minX, of: item, constraintIndex: index) else { continue }
                let base = minX - LinearSystem.Kind.minX.rawValue
                items.append((address, variable(base + LinearSystem.Kind.minX.rawValue),
                              variable(base + LinearSystem.Kind.width.rawValue),
                              variable(base + LinearSystem.Kind.minY.rawValue),
                              variable(base + LinearSystem.Kind.height.rawValue)))
            }
        }
        let weak = Strength(priority: 1)
        for item in items {
            for (variable, value) in [(item.width, preferredSize.width), (item.height, preferredSize.height),
                                      (item.minX, 0), (item.minY, 0)] {
                try? solver.addConstraint(Constraint(Expression(variable), .equal, Expression(constant: value), strength: weak))
            }
            for size in [item.width, item.height] {
                try? solver.addConstraint(Constraint(Expression(size), .greaterThanOrEqual))
            }
        }
        var frames: [UInt64: SnapshotRect] = [:]
        for item in items {
            frames[item.address] = SnapshotRect(x: solver.value(of: item.minX), y: solver.value(of: item.minY),
                                                width: solver.value(of: item.width), height: solver.value(of: item.height))
        }
        let left = frames.values.map(\.x).min() ?? 0
        let top = frames.values.map(\.y).min() ?? 0
        return frames.mapValues { SnapshotRect(x: $0.x - left, y: $0.y - top, width: $0.width, height: $0.height) }
    }
}
