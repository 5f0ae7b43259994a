// MARK: - PastedProse

/// A reporter's own sentence pasted among a log's constraints ("here is the
/// rest:", "I tried removing the height constraint"), which the parser
/// passes over and the report's `Note:` counts.
///
/// A line is prose only when it can hold no part of a constraint: every
/// constraint prints `<…>` and an address, a relation (`==`, `<=`, `>=`)
/// or a visual format's `[…]` and `|`, so a line with none of `<`, `>`,
/// `=`, `[`, `]`, `|` and no `0x` followed by a hexadecimal digit, and with
/// a letter in it, is words. A wrapped constraint's tail (`(active)>",`,
/// `names: '|':UIView:0x…`) is not prose: it is joined back onto its line
/// (`WrappedConstraintLine`) or listed `unparsed:`. Nor are
/// the envelope's trailers ("… to catch this in the debugger.", "… may also
/// be helpful."), which end a list as they always did.
enum PastedProse {
    static func isProse(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        var hasLetter = false
        var index = start
        while index < end {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "|"):
                return false
            case UInt8(ascii: "0"):
                if index + 2 < end, text[index + 1] | 0x20 == UInt8(ascii: "x"), ByteClass.isHexDigit(text[index + 2]) {
                    return false
                }
            default:
                if (byte | 0x20) &- UInt8(ascii: "a") < 26 { hasLetter = true }
            }
            index += 1
        }
        return hasLetter && !isTrailer(text, start, end)
    }

    /// UIKit's and AppKit's sentences after a conflict ("Make a symbolic
    /// breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in
    /// the debugger.", "Break on objc_exception_throw to catch this in the
    /// debugger.", "… listed in <UIKitCore/UIView.h> may also be helpful.").
    private static func isTrailer(_ text: ByteText, _ start: Int, _ end: Int) -> Bool {
        text.firstIndex(of: "catch this in the debugger", from: start, to: end) != nil
            || text.firstIndex(of: "may also be helpful", from: start, to: end) != nil
    }
}
