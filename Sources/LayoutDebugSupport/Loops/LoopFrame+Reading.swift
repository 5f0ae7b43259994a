// MARK: - Reading one frame

extension LoopFrame {
    /// The frame a stack line holds, in any of the forms pasted loops use, or `nil`:
    /// - a crash report's, an exception's or `callStackSymbols`' line,
    ///   `3   AppKit   0x00007fff32048735 -[NSWindow(NSDisplayCycle) _postWindow…] + 1590`
    ///   (also without its number, as 32-bit iOS printed it, and unsymbolicated:
    ///   `0x7fff31d0b000 + 3403573` or `???` where the symbol goes);
    /// - a reporter's symbolicated list, `AppKit: -[NSView setNeedsUpdateConstraints:] + 468`;
    /// - a `sample` call graph's, `+ 2529 -[NSApplication run]  (in AppKit) + 1136  [0x7fff…]`, and
    ///   a spindump's, `30  -[NSView layout] + 96 (AppKit + 393904) [0x1976132b0]`.
    ///
    /// - Parameters:
    ///   - line: The line, without a log prefix or JSON quotes (`LoopLines` takes those off).
    ///   - number: Its line number, from 1.
    ///   - ordinal: The frame's place in its stack, for a line that prints no number.
    static func read(_ line: Substring, number: Int, ordinal: Int) -> LoopFrame? {
        let text = line.drop { $0 == " " || $0 == "\t" }
        if let frame = readSampled(text, number: number, ordinal: ordinal) { return frame }
        if let frame = readNumbered(text, number: number, ordinal: ordinal) { return frame }
        return readSymbolicatedList(text, number: number, ordinal: ordinal)
    }

    /// `N   Image   0xADDR symbol + offset` (the number optional).
    private static func readNumbered(_ text: Substring, number: Int, ordinal: Int) -> LoopFrame? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        var rest = text.dropFirst(digits.count)
        if !digits.isEmpty {
            guard rest.first == " " || rest.first == "\t" else { return nil }
            rest = rest.drop { $0 == " " || $0 == "\t" }
        }
        guard let address = addressToken(in: rest) else { return nil }
        let image = rest[..<address.lowerBound].trimmingBlanks
        // An image name has no colon or parenthesis, and a space only in a numbered frame
        // (`Exception Codes: 0x1, 0x…` and a log's `Incrementing window 0x…` are not frames).
        guard !image.isEmpty, !image.hasPrefix("0x"), !image.contains("("), !image.contains(":"),
              !digits.isEmpty || !image.contains(" ") else { return nil }
        let symbol = rest[address.upperBound...].trimmingBlanks
        return LoopFrame(index: Int(digits) ?? ordinal, image: String(image), symbol: Self.symbol(symbol),
                         line: number)
    }

    /// The range of the first ` 0x…` word of `text` (after the image), or `nil`.
    private static func addressToken(in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while let found = text[index...].byteRange(of: "0x") {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let hex = text[found.upperBound...].prefix { $0.isHexDigit }
            let after = text[found.upperBound...].dropFirst(hex.count).first
            if (before == " " || before == "\t"), !hex.isEmpty, after == nil || after == " " || after == "\t" {
                return found.lowerBound..<text.index(found.upperBound, offsetBy: hex.count)
            }
            index = found.upperBound
        }
        return nil
    }

    /// `Image: symbol + offset`, as a reporter writes a symbolicated stack.
    private static func readSymbolicatedList(_ text: Substring, number: Int, ordinal: Int) -> LoopFrame? {
        guard let colon = text.byteRange(of: ": ") else { return nil }
        let image = text[..<colon.lowerBound]
        guard !image.isEmpty, image.allSatisfy({ $0.isLetter || $0.isNumber || "._+-".contains($0) }),
              endsWithOffset(text) else { return nil }
        let symbol = text[colon.upperBound...].trimmingBlanks
        return LoopFrame(index: ordinal, image: String(image), symbol: Self.symbol(symbol), line: number)
    }

    /// A `sample` or spindump call-graph line: a count, then the symbol and its image.
    private static func readSampled(_ text: Substring, number: Int, ordinal: Int) -> LoopFrame? {
        let body = text.drop { "+!:| ".contains($0) }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let count = Int(digits) else { return nil }
        let rest = body.dropFirst(digits.count).trimmingBlanks
        if let inImage = rest.byteRange(of: "(in ") {
            // sample: `symbol  (in Image) + 1136  [0x…]`
            guard let close = rest[inImage.upperBound...].firstIndex(of: ")") else { return nil }
            let image = rest[inImage.upperBound..<close]
            return LoopFrame(index: ordinal, image: String(image), symbol: symbol(rest[..<inImage.lowerBound].trimmingBlanks),
                             line: number, samples: count)
        }
        // spindump: `symbol + 96 (AppKit + 393904) [0x1976132b0]`
        guard rest.hasSuffix("]"), let open = rest.lastIndex(of: "("), let close = rest.lastIndex(of: ")"),
              open < close else { return nil }
        let inside = rest[rest.index(after: open)..<close]
        guard let plus = inside.byteRange(of: " + ") else { return nil }
        return LoopFrame(index: ordinal, image: String(inside[..<plus.lowerBound]),
                         symbol: symbol(rest[..<open].trimmingBlanks), line: number, samples: count)
    }

    /// The symbol without its `+ offset` and source location, or `nil` when the frame has
    /// none (an address, `???`).
    private static func symbol(_ text: Substring) -> String? {
        var symbol = text
        if let plus = symbol.byteRanges(of: " + ").last, symbol[plus.upperBound...].first?.isNumber == true {
            symbol = symbol[..<plus.lowerBound]
        }
        symbol = symbol.trimmingBlanks
        if symbol.isEmpty || symbol.hasPrefix("0x") || symbol.hasPrefix("???") { return nil }
        return String(symbol)
    }

    /// Whether `text` ends in ` + 123`.
    private static func endsWithOffset(_ text: Substring) -> Bool {
        let trimmed = text.trimmingBlanks
        let digits = trimmed.reversed().prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && trimmed.dropLast(digits.count).hasSuffix(" + ")
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingBlanks: Substring {
        let start = drop { $0 == " " || $0 == "\t" }
        var end = start.endIndex
        while end > start.startIndex, start[start.index(before: end)] == " " || start[start.index(before: end)] == "\t" {
            end = start.index(before: end)
        }
        return start[..<end]
    }
}
