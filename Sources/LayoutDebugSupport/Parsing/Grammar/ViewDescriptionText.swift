// MARK: - View descriptions in a log

/// One UIKit view description with its frame, as `-[UIView description]`
/// prints it and `recursiveDescription` repeats it per view:
/// `<UILabel: 0x7fd; frame = (16 100; 358 21); text = 'Hi'; layer = <_UILabelLayer: 0x…>>`.
/// The grammar, rule by rule, is in `docs/parser-grammar.md` (section 9).
struct ViewDescriptionText {
    /// The view's address.
    var address: UInt64
    /// Its class as printed (`UILabel`, `MyApp.HeaderView`), for the reasons a view is not placed.
    var className: String
    /// `frame = (x y; w h)`, in its superview's coordinates; `nil` when a
    /// number is not one (`nan`, `inf`).
    var frame: SnapshotRect?
    /// A scroll view's `contentOffset: {x, y}` (its bounds' origin), which
    /// shifts its subviews up and left; zero for other views.
    var contentOffset: (x: Double, y: Double)
    /// The index after the description's closing `>`, or the line's end
    /// when it has none (a description elided with `[…]`).
    var end: Int
}

extension ByteText {
    /// The blanks and `|` a line of a hierarchy dump starts with: where they
    /// end, and how many `|` (the depth: `recursiveDescription` adds `   | `
    /// per level, `_autolayoutTrace` `|   `).
    func hierarchyGutter(from: Int, to: Int) -> (end: Int, pipes: Int) {
        var index = from, pipes = 0
        while index < to {
            let byte = base[index]
            if byte == UInt8(ascii: "|") {
                pipes += 1
            } else if !ByteClass.isBlank(byte) {
                break
            }
            index += 1
        }
        return (index, pipes)
    }

    /// The view description that starts at `index` (its `<`), with a frame;
    /// `nil` when the text there is not one (a constraint, a layer, a guide).
    ///
    /// `<` class `:` [blank] `0x`hex `;` then `key = value;` pairs up to
    /// `frame = (`: `baseClass = UIButton;` comes before it for a class
    /// UIKit does not know; a `<` or `>` first means the object has no frame.
    func viewDescription(at index: Int, end: Int) -> ViewDescriptionText? {
        guard index < end, base[index] == UInt8(ascii: "<") else { return nil }
        var cursor = index + 1
        while cursor < end, ByteClass.isClassName(base[cursor]) { cursor += 1 }
        let nameEnd = cursor
        guard nameEnd > index + 1, cursor < end, base[cursor] == UInt8(ascii: ":") else { return nil }
        cursor += 1
        while cursor < end, ByteClass.isBlank(base[cursor]) { cursor += 1 }
        guard let (address, afterAddress) = hexAddress(at: cursor, end: end),
              afterAddress < end, base[afterAddress] == UInt8(ascii: ";"),
              let frameStart = frameKey(from: afterAddress + 1, end: end) else { return nil }
        let (frame, afterFrame) = frameValue(at: frameStart, end: end)
        var description = ViewDescriptionText(address: address, className: string(index + 1, nameEnd), frame: frame,
                                              contentOffset: (0, 0), end: end)
        scanRest(from: afterFrame, end: end, into: &description)
        return description
    }

    /// Where the numbers of `frame = (` start, at or after `from` and before
    /// any nested `<` or the description's `>`.
    private func frameKey(from: Int, end: Int) -> Int? {
        var cursor = from
        while cursor < end {
            let byte = base[cursor]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") { return nil }
            if byte == UInt8(ascii: "f"), has("frame = (", at: cursor) { return cursor + 9 }
            cursor += 1
        }
        return nil
    }

    /// `x y; w h)` as `%g` prints them; the frame is `nil` when any of the
    /// four is not a finite number. Returns where reading stopped.
    private func frameValue(at index: Int, end: Int) -> (SnapshotRect?, Int) {
        var values: [Double] = []
        var cursor = index
        for separator in [" ", "; ", " ", ")"] as [StaticString] {
            guard let (value, next) = number(at: cursor, end: end), value.isFinite,
                  has(separator, at: next) else { return (nil, cursor) }
            values.append(value)
            cursor = next + separator.utf8CodeUnitCount
        }
        return (SnapshotRect(x: values[0], y: values[1], width: values[2], height: values[3]), cursor)
    }

    /// Finds the description's closing `>` (nested `<…>` counted) and, on
    /// its own level, a scroll view's `contentOffset: {x, y}`.
    private func scanRest(from: Int, end: Int, into description: inout ViewDescriptionText) {
        var depth = 1, cursor = from
        while cursor < end {
            let byte = base[cursor]
            if byte == UInt8(ascii: "<") {
                depth += 1
            } else if byte == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 {
                    description.end = cursor + 1
                    return
                }
            } else if depth == 1, byte == UInt8(ascii: "c"), has("contentOffset: {", at: cursor),
                      let offset = point(at: cursor + 16, end: end) {
                description.contentOffset = (offset.x, offset.y)
                cursor = offset.next
                continue
            }
            cursor += 1
        }
    }

    /// `x, y}`.
    private func point(at index: Int, end: Int) -> (x: Double, y: Double, next: Int)? {
        guard let (x, afterX) = number(at: index, end: end), has(", ", at: afterX),
              let (y, afterY) = number(at: afterX + 2, end: end), has("}", at: afterY),
              x.isFinite, y.isFinite else { return nil }
        return (x, y, afterY + 1)
    }

    /// The address and class of the `_autolayoutTrace` node at `index`: an optional
    /// marker (`*` auto layout, `+` autoresizing, `•` the engine's host),
    /// then `UILabel:0x…` (newer systems, followed by the line's end, a
    /// blank, `'title'` or `- AMBIGUOUS LAYOUT…`) or `<UILabel:0x…>` (older).
    func traceNode(at index: Int, end: Int) -> (address: UInt64, className: String)? {
        var cursor = index
        if cursor < end, base[cursor] == UInt8(ascii: "*") || base[cursor] == UInt8(ascii: "+") {
            cursor += 1
        } else if has("\u{2022}", at: cursor) {
            cursor += 3
        }
        let bracketed = cursor < end && base[cursor] == UInt8(ascii: "<")
        if bracketed { cursor += 1 }
        let nameStart = cursor
        while cursor < end, ByteClass.isClassName(base[cursor]) { cursor += 1 }
        guard cursor > nameStart, cursor < end, base[cursor] == UInt8(ascii: ":"),
              let (address, next) = hexAddress(at: cursor + 1, end: end) else { return nil }
        let node = (address, string(nameStart, cursor))
        if bracketed { return next < end && base[next] == UInt8(ascii: ">") ? node : nil }
        guard next < end else { return node }
        let following = base[next]
        return ByteClass.isBlank(following) || following == UInt8(ascii: "'") || following == UInt8(ascii: "-")
            ? node : nil
    }
}
