// MARK: - PictureScenes

/// Pictures made from snapshots: a view's subtree at its real frames, or a
/// conflict from a log at frames our solver computes.
public enum PictureScenes {
    /// `root` and everything below it at their frames, each constraint drawn
    /// where it is installed; with a conflict, its constraints are highlighted
    /// and the broken one red.
    public static func tree(_ root: ViewSnapshot, conflict: ConflictSnapshot? = nil, caption: String = "") -> LayoutPicture {
        var boxes: [LayoutPicture.Box] = []
        var rects: [UInt64: SnapshotRect] = [:]
        var installed: [ConstraintSnapshot] = []
        // Pre-order with an explicit stack; the root sits at the origin.
        var stack: [(ViewSnapshot, Double, Double, Int)] = [(root, -root.frame.x, -root.frame.y, 0)]
        while let (view, originX, originY, depth) = stack.popLast() {
            let rect = SnapshotRect(x: originX + view.frame.x, y: originY + view.frame.y,
                                    width: view.frame.width, height: view.frame.height)
            boxes.append(.init(reference: view.reference, rect: rect, isAmbiguous: view.hasAmbiguousLayout,
                               isGuide: view.isLayoutGuide, depth: depth))
            if let address = view.reference.address { rects[address] = rect }
            installed += view.constraints
            for child in view.children.reversed() { stack.append((child, rect.x, rect.y, depth + 1)) }
        }
        var constraints = installed
        if let conflict {
            // A conflict's constraints may be held above the root, or broken and so not drawn from it.
            let known = Set(installed.compactMap(\.address))
            constraints += conflict.mutuallyExclusive.filter { $0.address.map { !known.contains($0) } ?? true }
        }
        let title = conflict.map(ConflictReportRenderer.header) ?? root.reference.bracketed
        return LayoutPicture(title: title, caption: caption, boxes: boxes,
                             marks: marks(constraints, rects: rects, conflict: conflict))
    }

    /// A conflict with no frames (a pasted log): every item at the frames that
    /// satisfy all the listed constraints but the broken one (`ComputedFrames`).
    ///
    /// - Parameter framesNote: Why the frames are computed, for the caption.
    public static func conflict(_ conflict: ConflictSnapshot, reason: String?,
                                framesNote: String = "the log has none") -> LayoutPicture {
        let frames = ComputedFrames.frames(for: conflict)
        var references: [UInt64: ObjectReference] = [:]
        for c in conflict.mutuallyExclusive {
            for item in [c.firstItem, c.secondItem, c.superview].compactMap({ $0 }) {
                if let address = item.address, references[address] == nil { references[address] = item }
            }
        }
        // Larger boxes first, so smaller ones are drawn over them.
        let boxes = frames.sorted { ($0.value.width * $0.value.height, $1.key) > ($1.value.width * $1.value.height, $0.key) }
            .compactMap { address, rect in
                references[address].map { LayoutPicture.Box(reference: $0, rect: rect, isAmbiguous: false,
                                                            isGuide: $0.className.hasSuffix("LayoutGuide"), depth: 0) }
            }
        // The note first: a long reason is cut, and the reader must know these frames are not measured.
        let caption = "Frames computed by our solver from the listed constraints, the broken one left out "
            + "(\(framesNote)). " + (reason ?? "")
        return LayoutPicture(title: ConflictReportRenderer.header(conflict), caption: caption, boxes: boxes,
                             marks: marks(conflict.mutuallyExclusive, rects: frames, conflict: conflict))
    }

    /// The marks, plain ones first so the conflict's are drawn over them.
    private static func marks(_ constraints: [ConstraintSnapshot], rects: [UInt64: SnapshotRect],
                              conflict: ConflictSnapshot?) -> [LayoutPicture.Mark] {
        let exclusive = Set(conflict?.mutuallyExclusive.compactMap(\.address) ?? [])
        let broken = conflict?.brokenConstraint?.address
        let geometry = PictureMarks(rects: rects)
        let made = constraints.compactMap { c -> LayoutPicture.Mark? in
            let role: LayoutPicture.Role = c.address == nil ? .plain
                : (c.address == broken ? .broken : (exclusive.contains(c.address!) ? .exclusive : .plain))
            return geometry.mark(for: c, role: role)
        }
        let order: [LayoutPicture.Role] = [.plain, .exclusive, .broken]
        return order.flatMap { role in made.filter { $0.role == role } }
    }
}
