import Cassowary

// MARK: - ComputedFrames

/// Frames for a conflict that came with none (a pasted log): the ones that
/// satisfy every listed constraint but the broken one, from our solver.
///
/// A log fixes only what its constraints say; the rest (a position nothing
/// pins, a height nothing names) is held by weak preferences, 100×44 at the
/// origin, so every box has a size to draw. The rows are the explainer's
/// (`LinearSystem`), solved by `Layout/`'s `FrameSolver`. The frames are shifted so the
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
        let solver = FrameSolver()
        for row in system.rows {
            if case .constraint(let index) = row.source, index == brokenIndex { continue }
            // A second contradiction in the list is left out rather than drawn wrong.
            solver.add(row)
        }
        var items: [(address: UInt64, item: Int)] = []
        var seen: Set<UInt64> = []
        for (index, c) in conflict.mutuallyExclusive.enumerated() {
            for item in [c.firstItem, c.secondItem, c.superview].compactMap({ $0 }) {
                guard let address = item.address, seen.insert(address).inserted,
                      let number = system.item(of: item, constraintIndex: index) else { continue }
                items.append((address, number))
            }
        }
        let weak = Strength(priority: 1)
        for (_, item) in items {
            for (kind, value) in [(FrameVariable.width, preferredSize.width), (.height, preferredSize.height), (.minX, 0), (.minY, 0)] {
                solver.prefer(solver.variable(kind, of: item), equalTo: value, strength: weak)
            }
            for size in [FrameVariable.width, .height] {
                solver.requireNonNegative(solver.variable(size, of: item))
            }
        }
        var frames: [UInt64: SnapshotRect] = [:]
        for (address, item) in items {
            frames[address] = solver.frame(of: item)
        }
        let left = frames.values.map(\.x).min() ?? 0
        let top = frames.values.map(\.y).min() ?? 0
        return frames.mapValues { SnapshotRect(x: $0.x - left, y: $0.y - top, width: $0.width, height: $0.height) }
    }
}
