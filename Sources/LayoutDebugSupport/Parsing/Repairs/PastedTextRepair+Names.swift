// MARK: - A constraint's opening and names, as a paste damaged them

extension PastedTextRepair {
    /// A constraint that lost its `"<Class:` and starts at its address
    /// (`0x6000… H:|-(16)-[UILabel:0x…]   (active, names: …)>",`): after
    /// nothing but blanks and quote or comment marks (`"`, `>`, `/`, `*`,
    /// `|`, a typographic quote or a non-breaking space), `0x`, hexadecimal
    /// digits and a blank, on a line holding no `<`. `ConstraintLine.find` and
    /// `bareOpening` are asked first; this is for the lines both miss.
    static func classlessOpening(_ text: ByteText, _ start: Int, _ end: Int) -> ConstraintLine.Opening? {
        var index = start
        while index < end, isPrefixMark(text[index]) { index += 1 }
        guard let address = text.hexAddress(at: index, end: end), address.next < end,
              ByteClass.isBlank(text[address.next]),
              text.firstIndex(of: UInt8(ascii: "<"), from: start, to: end) == nil else { return nil }
        return .constraint(start: index, end: end, quoted: false, named: true)
    }

    private static func isPrefixMark(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, UInt8(ascii: "\""), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "|"):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// Puts back, in place, the `<Class:` of a constraint that starts at its
    /// address (`classlessOpening`), and its `>` when that went too. The class
    /// is the one the text names: only `NSAutoresizingMaskLayoutConstraint`
    /// prints a mask (`h=--& v=--&`) and only `NSContentSizeLayoutConstraint`
    /// prints `Hug:` and `CompressionResistance:`; any other is read as
    /// `NSLayoutConstraint`, which the report's `Note:` says. Returns whether
    /// it did.
    static func reopened(_ bytes: inout [UInt8]) -> Bool {
        let found: (start: Int, className: String)? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let text = ByteText(base: base, count: buffer.count)
            guard ConstraintLine.find(text, 0, buffer.count, strict: false) == nil,
                  bareOpening(text, 0, buffer.count) == nil,
                  case .constraint(let start, _, _, _)? = classlessOpening(text, 0, buffer.count) else { return nil }
            return (start, lostClass(text, after: start, buffer.count))
        }
        guard let found else { return false }
        var end = bytes.count
        while end > found.start, [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "*")].contains(bytes[end - 1]) {
            end -= 1
        }
        if bytes[end - 1] != UInt8(ascii: ">") { bytes.insert(UInt8(ascii: ">"), at: end) }
        bytes.insert(contentsOf: Array("<\(found.className):".utf8), at: found.start)
        // `\U2019` shows the list quoted the line (`bracketed` says why the quote goes back).
        if bytes.contains(UInt8(ascii: "\\")), found.start == 0 || bytes[found.start - 1] != UInt8(ascii: "\"") {
            bytes.insert(UInt8(ascii: "\""), at: found.start)
        }
        return true
    }

    /// The class a constraint starting at its address at `start` names by its text.
    private static func lostClass(_ text: ByteText, after start: Int, _ end: Int) -> String {
        var index = text.hexAddress(at: start, end: end)?.next ?? start
        while index < end, ByteClass.isBlank(text[index]) { index += 1 }
        if text.has("h=", at: index) { return "NSAutoresizingMaskLayoutConstraint" }
        if let hug = text.firstIndex(of: " Hug:", from: index, to: end),
           text.firstIndex(of: "CompressionResistance:", from: hug, to: end) != nil {
            return "NSContentSizeLayoutConstraint"
        }
        return "NSLayoutConstraint"
    }

    // MARK: - Underscores a renderer turned into `*`

    /// Whether the line holds a `*`, which `underscored` looks at.
    static func holdsStar(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        text.firstIndex(of: UInt8(ascii: "*"), from: start, to: end) != nil
    }

    /// Reads back, in place, the `_` a Markdown renderer wrote as `*` (it
    /// takes `_…_` for emphasis and writes emphasis `*…*`), where the grammar
    /// leaves `*` no other reading (`standsForUnderscore`). Returns whether it
    /// changed any.
    static func underscored(_ bytes: inout [UInt8]) -> Bool {
        var changed = false
        for index in bytes.indices where bytes[index] == UInt8(ascii: "*") && standsForUnderscore(bytes, index) {
            bytes[index] = UInt8(ascii: "_")
            changed = true
        }
        return changed
    }

    /// A constraint prints `*` only as a multiplier (`0.5*UIView:0x…`,
    /// `UIView:0x….width * 0.5`) and inside a title or an identifier, which
    /// are free text; a class name never holds one. So a `*` is a name's
    /// `_` where it starts an item's class (`*UIView:0x…` after `<`, `[`,
    /// `(`, `:`, `"`, a blank or a multiplier's `*`), where it ends one
    /// (`…View*:0x…`), or where it starts an identifier before `UI` or `NS`
    /// and a capital (`'*UITemporaryLayoutWidth'`: UIKit and AppKit begin
    /// their private names `_UI`, `_NS`). Anywhere else it stays.
    private static func standsForUnderscore(_ bytes: [UInt8], _ index: Int) -> Bool {
        let next = index + 1
        let previous: UInt8? = index > 0 ? bytes[index - 1] : nil
        if let previous, previous != UInt8(ascii: "."), ByteClass.isClassName(previous), addressFollows(bytes, colon: next) {
            return true
        }
        guard next < bytes.count, isNameStart(bytes[next]) else { return false }
        var nameEnd = next
        while nameEnd < bytes.count, ByteClass.isClassName(bytes[nameEnd]) { nameEnd += 1 }
        if let previous, opensItem(previous, bytes, index), addressFollows(bytes, colon: nameEnd) { return true }
        return previous == UInt8(ascii: "'") && index >= 2 && ByteClass.isBlank(bytes[index - 2])
            && next + 2 < bytes.count && (bytes[next...].starts(with: Array("UI".utf8)) || bytes[next...].starts(with: Array("NS".utf8)))
            && bytes[next + 2] &- UInt8(ascii: "A") < 26
    }

    /// Whether `bytes[colon]` is the `:` of `Class:0x…` (or `Class: 0x…`).
    private static func addressFollows(_ bytes: [UInt8], colon: Int) -> Bool {
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return false }
        var index = colon + 1
        if index < bytes.count, bytes[index] == 0x20 { index += 1 }
        return index + 2 < bytes.count && bytes[index] == UInt8(ascii: "0") && bytes[index + 1] == UInt8(ascii: "x")
            && ByteClass.isHexDigit(bytes[index + 2])
    }

    /// A byte before which an item's class starts; a `*` only when it is a
    /// multiplier's (after a digit: `0.5**UIView:0x…`).
    private static func opensItem(_ previous: UInt8, _ bytes: [UInt8], _ index: Int) -> Bool {
        switch previous {
        case UInt8(ascii: "<"), UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: ":"), UInt8(ascii: "\""), 0x20, 0x09:
            return true
        case UInt8(ascii: "*"):
            return index >= 2 && ByteClass.isDigit(bytes[index - 2])
        default:
            return false
        }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte == UInt8(ascii: "_")
    }
}
