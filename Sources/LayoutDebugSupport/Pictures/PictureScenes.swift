// MARK: - PictureScenes

/// Pictures made from snapshots: a view's subtree at its real frames, or a
/// conflict from a log at frames our solver computes.
public enum PictureScenes {
    /// `root` and everything below it at their frames, each constraint drawn
    /// where it is installed; with a conflict, its constraints are highlighted
    /// and the broken one red.
    static func tree(_ root: ViewSnapshot, conflict: ConflictSnapshot? = nil, caption: String = "") -> LayoutPicture {
        var boxes: [LayoutPicture.Box] = []
        var rects: [UInt64: SnapshotRect] = [:]
        var installed: [ConstraintSnapshot] = []
        // Pre-order with an explicit stack; the root sits at the origin.
        let origin = SnapshotRect(x: 0, y: 0, width: root.frame.width, height: root.frame.height)
        var stack: [(view: ViewSnapshot, rect: SnapshotRect, depth: Int)] = [(root, origin, 0)]
        while let (view, rect, depth) = stack.popLast() {
            boxes.append(.init(reference: view.reference, rect: rect, frame: view.frame,
                               isAmbiguous: view.hasAmbiguousLayout, isGuide: view.isLayoutGuide, depth: depth))
            if let address = view.reference.address { rects[address] = rect }
            installed += view.constraints
            for child in view.children.reversed() {
                stack.append((child, drawnRect(of: child.frame, in: rect, flipped: view.isFlipped ?? true), depth + 1))
            }
        }
        var constraints = installed
        if let conflict {
            // A conflict's constraints may be held above the root, or broken and so not drawn from it.
            let known = Set(installed.compactMap(\.address))
            constraints += conflict.mutuallyExclusive.filter { $0.address.map { !known.contains($0) } ?? true }
        }
        let title = conflict.map(ConflictReportRenderer.header) ?? root.reference.bracketed
        return LayoutPicture(title: title, caption: caption, boxes: boxes,
                             marks: marks(constraints, rects: rects, conflict: conflict, earlierBreaks: true))
    }

    /// Where a subview with `frame` is drawn, given where its superview is
    /// drawn: the picture's y runs downward. UIKit's does too (`flipped`);
    /// an unflipped AppKit view measures its subviews' frames up from its
    /// bottom edge, so each level is turned over within its superview.
    static func drawnRect(of frame: SnapshotRect, in superview: SnapshotRect, flipped: Bool) -> SnapshotRect {
        let top = flipped ? frame.y : superview.height - frame.y - frame.height
        return SnapshotRect(x: superview.x + frame.x, y: superview.y + top, width: frame.width, height: frame.height)
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
                references[address].map { LayoutPicture.Box(reference: $0, rect: rect, frame: rect, isAmbiguous: false,
                                                            isGuide: $0.className.hasSuffix("LayoutGuide"), depth: 0) }
            }
        // The note first: the reader must know these frames are not measured.
        let caption = "Frames computed by our solver from the listed constraints, the broken one left out "
            + "(\(framesNote)). " + (reason ?? "")
        return LayoutPicture(title: ConflictReportRenderer.header(conflict), caption: caption, boxes: boxes,
                             marks: marks(conflict.mutuallyExclusive, rects: frames, conflict: conflict, earlierBreaks: false))
    }

    /// The marks, plain ones first so the conflict's are drawn over them.
    ///
    /// - Parameter earlierBreaks: Whether a constraint the engine broke before
    ///   (`isBroken`, which the text report marks `[broken]`) is drawn broken too:
    ///   in a tree, yes; in a conflict at computed frames, which honour every
    ///   constraint but this conflict's broken one, no.
    private static func marks(_ constraints: [ConstraintSnapshot], rects: [UInt64: SnapshotRect],
                              conflict: ConflictSnapshot?, earlierBreaks: Bool) -> [LayoutPicture.Mark] {
        let exclusive = Set(conflict?.mutuallyExclusive.compactMap(\.address) ?? [])
        let broken = conflict?.brokenConstraint?.address
        let geometry = PictureMarks(rects: rects)
        let made = constraints.compactMap { c -> LayoutPicture.Mark? in
            let role: LayoutPicture.Role
            if (earlierBreaks && c.isBroken) || (c.address != nil && c.address == broken) {
                role = .broken
            } else {
                role = c.address.map(exclusive.contains) == true ? .exclusive : .plain
            }
            return geometry.mark(for: c, role: role)
        }
        let order: [LayoutPicture.Role] = [.plain, .exclusive, .broken]
        return order.flatMap { role in made.filter { $0.role == role } }
    }
}
