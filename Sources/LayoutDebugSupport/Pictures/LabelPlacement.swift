// MARK: - LabelPlacement

/// Where each box's label goes so that no two overlap: a box's label sits in
/// its top-left corner, or on the first row below that no earlier label
/// covers, still inside the box; a box with no free row goes unlabelled
/// (its hover title still names it). Nested boxes that start a few points
/// apart (a cell and its content view) would otherwise print on one another.
struct LabelPlacement {
    /// The width a character of the 10-pixel monospace label font takes:
    /// 0.6 em in each of its families, and a tenth of a pixel to spare.
    static let characterWidth = 6.1
    /// A label's row height: the font's ascent and descent (about 12 pixels) with room between rows.
    static let rowHeight = 13.0
    /// From a row's top to its text's baseline: the ascent, with the row's spare pixel above it.
    static let baselineOffset = 10.0

    /// The labels placed so far, as rectangles.
    private var placed: [SnapshotRect] = []

    /// Places a label `width` wide in `box`; returns its baseline, or `nil` when
    /// every row of the box is taken.
    mutating func place(width: Double, in box: SnapshotRect) -> Double? {
        var top = box.y
        while top + Self.rowHeight <= box.y + box.height {
            let candidate = SnapshotRect(x: box.x + 3, y: top, width: width, height: Self.rowHeight)
            if let covering = placed.first(where: { Self.overlap($0, candidate) }) {
                top = max(top + 1, covering.y + covering.height)
                continue
            }
            placed.append(candidate)
            return top + Self.baselineOffset
        }
        return nil
    }

    /// Whether two rectangles share any area.
    static func overlap(_ a: SnapshotRect, _ b: SnapshotRect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
