// MARK: - ViewDescriptions

/// The views a log describes with their frames, and how they nest: what
/// `po view.recursiveDescription()` (or `[[UIWindow keyWindow]
/// recursiveDescription]`) printed next to a conflict, and the nesting of an
/// `_autolayoutTrace`, wherever they are in the log. `place(_:)` turns them
/// into the conflict's `placements`, so the explainer can rank the suggested
/// fixes of a log as it does a live conflict's.
///
/// Read line by line, before or after the conflicts, as the bytes come
/// (`consume`). Each line at the start of a dump (no `|`) opens a new tree;
/// a line with `|` nests under the last line with one `|` fewer. A line
/// with `|` that is not a view (a guide in a trace, a damaged line) still
/// takes its place, so that what nests under it is not put under another
/// view. Lines that are neither leave the tree open: a dump's lines are
/// printed together, but other output may come between them in a console.
///
/// When the log describes a view more than once, the last description
/// counts: its frame and, where it nests, its superview. The grammar is in
/// `docs/parser-grammar.md` (section 9). AppKit's `_subtreeDescription` is
/// not read: its frames run up, and neither does the explainer's ranking.
///
/// - Complexity: O(input) time; memory proportional to the views described.
struct ViewDescriptions: Sendable {
    /// A frame a description printed.
    struct Described: Sendable {
        var frame: SnapshotRect
        var contentOffset: (x: Double, y: Double)
    }

    /// Each described view's frame, by address.
    private(set) var frames: [UInt64: Described] = [:]
    /// Each view's class as described, by address.
    private(set) var classNames: [UInt64: String] = [:]
    /// Each nested view's superview, by address.
    private(set) var superviews: [UInt64: UInt64] = [:]
    /// Views a dump starts with: the window (or the view it was asked of).
    private(set) var roots: Set<UInt64> = []
    /// Views some dump nests, each under a line that is not a view or one
    /// that is missing (the depth jumps).
    private(set) var unknownSuperview: Set<UInt64> = []
    /// The open path of the dump being read: the view at each depth, `nil`
    /// for a line at that depth that is not a view.
    private var path: [UInt64?] = []
    /// A line cut by the end of a buffer, kept until its rest comes.
    private var partialLine: [UInt8] = []

    /// Creates an empty collection.
    init() {}

    /// Reads every line of `text`.
    init(text: String) {
        var text = text
        text.withUTF8 { consume($0) }
        finish()
    }

    /// Whether the log printed any view's frame; without one, nothing can be placed.
    var holdsFrames: Bool { !frames.isEmpty }

    /// Reads the lines of `buffer`; a line it cuts is completed by the next
    /// buffer, or read as it is by `finish`.
    mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        let text = ByteText(base: base, count: buffer.count)
        var start = 0
        if !partialLine.isEmpty {
            guard let newline = text.firstIndex(of: 0x0A, from: 0, to: text.count) else {
                partialLine.append(contentsOf: buffer)
                return
            }
            partialLine.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<newline]))
            readKeptLine()
            start = newline + 1
        }
        while start < text.count {
            guard let newline = text.firstIndex(of: 0x0A, from: start, to: text.count) else {
                partialLine.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
                return
            }
            read(text, start, newline)
            start = newline + 1
        }
    }

    /// Reads the last line, when the input did not end with a newline.
    mutating func finish() {
        if !partialLine.isEmpty { readKeptLine() }
    }

    private mutating func readKeptLine() {
        let line = partialLine
        partialLine = []
        line.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            read(ByteText(base: base, count: bytes.count), 0, bytes.count)
        }
    }

    // MARK: - One line

    /// Reads the line `start..<end` of `text`.
    mutating func read(_ text: ByteText, _ start: Int, _ end: Int) {
        let (gutterEnd, pipes) = text.hierarchyGutter(from: start, to: end)
        let description = text.viewDescription(at: gutterEnd, end: end)
        var lineStartsNode = false
        if description == nil {
            if let node = text.traceNode(at: gutterEnd, end: end) {
                nest(node.address, depth: pipes)
                if classNames[node.address] == nil { classNames[node.address] = node.className }
                lineStartsNode = true
            } else if pipes > 0 {
                nest(nil, depth: pipes)
                lineStartsNode = true
            }
        }
        // Most lines of a log are not dumps: one search, and they are done.
        guard description != nil || text.firstIndex(of: "frame = (", anchor: 6, from: gutterEnd, to: end) != nil else {
            return
        }
        readDescriptions(text, from: start, to: end, first: description, lineStartsNode: lineStartsNode)
    }

    /// Reads each view description of the line, left to right. One that
    /// follows only blanks and `|` (the line's start, or the end of the one
    /// before: a dump pasted onto one line) is a node of the dump; so is the
    /// line's first when a console prefix ending in `] ` comes before it
    /// (`NSLog`). Any other, such as a guide's `owningView = <UIView: …>`,
    /// gives its view's frame only.
    private mutating func readDescriptions(_ text: ByteText, from start: Int, to end: Int,
                                           first: ViewDescriptionText?, lineStartsNode: Bool) {
        var previousEnd = start
        var isFirst = true
        var cursor = start
        while cursor < end {
            let found: ViewDescriptionText
            if isFirst, let first {
                found = first
                cursor = text.hierarchyGutter(from: start, to: end).end
            } else {
                guard let open = text.firstIndex(of: UInt8(ascii: "<"), from: cursor, to: end) else { return }
                guard let description = text.viewDescription(at: open, end: end) else {
                    cursor = open + 1
                    continue
                }
                found = description
                cursor = open
            }
            let (gapEnd, pipes) = text.hierarchyGutter(from: previousEnd, to: cursor)
            if gapEnd == cursor, isFirst || pipes > 0, !(isFirst && lineStartsNode) {
                nest(found.address, depth: pipes)
            } else if isFirst, !lineStartsNode, Self.endsInConsolePrefix(text, from: previousEnd, to: cursor) {
                nest(found.address, depth: 0)
            }
            record(found)
            isFirst = false
            previousEnd = found.end
            cursor = found.end
        }
    }

    /// Whether `from..<to` ends in `]` and blanks, as `NSLog`'s
    /// `2024-04-21 14:18:22.287 App[85351:6181765] ` does.
    private static func endsInConsolePrefix(_ text: ByteText, from: Int, to: Int) -> Bool {
        let (_, trimmedEnd) = text.trimmed(from, to)
        return trimmedEnd < to && trimmedEnd > from && text[trimmedEnd - 1] == UInt8(ascii: "]")
    }

    /// Puts `address` (`nil`: a line that is not a view) at `depth` of the open dump.
    private mutating func nest(_ address: UInt64?, depth: Int) {
        if depth == 0 {
            path = [address]
            if let address { roots.insert(address) }
            return
        }
        if path.count > depth {
            path.removeLast(path.count - depth)
        } else {
            while path.count < depth { path.append(nil) }
        }
        guard let address else { return path.append(nil) }
        if let superview = path[depth - 1] {
            superviews[address] = superview
            unknownSuperview.remove(address)
        } else if superviews[address] == nil {
            unknownSuperview.insert(address)
        }
        path.append(address)
    }

    /// Keeps a description's frame (or forgets an older one, when this one's cannot be read).
    private mutating func record(_ description: ViewDescriptionText) {
        classNames[description.address] = description.className
        frames[description.address] = description.frame.map { Described(frame: $0, contentOffset: description.contentOffset) }
    }
}
