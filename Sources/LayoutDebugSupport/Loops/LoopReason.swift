// MARK: - LoopReason

/// AppKit's reason as one line holds it: the pass it names, whether it came whole, and the text
/// after it (where the window's description and macOS 14's "Future marking" go on).
struct LoopReason {
    /// The pass named; `nil` when the text is cut before a name can be told.
    var pass: LoopPass?
    /// Whether the sentence ends ("… than there are views in the window.").
    var isWhole: Bool
    /// What follows the sentence on its line.
    var rest: Substring

    /// The reason in `line`, or `nil` when it holds none.
    init?(in line: Substring) {
        guard let start = line.byteRange(of: LoopWords.reasonStart) else { return nil }
        let after = line[start.upperBound...]
        if let passEnd = after.byteRange(of: LoopWords.reasonPassEnd) {
            pass = LoopPass(appKitTitle: after[..<passEnd.lowerBound])
        } else if let passEnd = after.byteRange(of: " pass") {
            pass = LoopPass(appKitTitle: after[..<passEnd.lowerBound])
        } else {
            pass = Self.passStarting(after)
        }
        if let end = after.byteRange(of: LoopWords.reasonEnd) {
            isWhole = true
            rest = after[end.upperBound...]
        } else {
            isWhole = false
            rest = ""
        }
    }

    /// The one pass whose name starts with the cut text (`Upd…` is Update Constraints in Window),
    /// when at least three letters of it are there.
    private static func passStarting(_ text: Substring) -> LoopPass? {
        let cut = text.trimmingBlanks.filter { $0 != "…" && $0 != "." }
        guard cut.count >= 3 else { return nil }
        let passes = [LoopPass.updateConstraints, .layout, .display].filter { $0.title.hasPrefix(cut) }
        return passes.count == 1 ? passes[0] : nil
    }
}

// MARK: - Reading a window's description

extension LoopWindow {
    /// The window described in `text`: `<NSWindow: 0x126f5db70> 0x28f (655) {{649, 99}, {1047, 787}}
    /// Reddit en`, or abridged as a reporter wrote it, `<App.Panel> {{685, -1883}, {1460, 2990}}`.
    /// The frame is required; the number is kept only when its two spellings agree.
    static func read(in text: Substring) -> LoopWindow? {
        guard let open = text.firstIndex(of: "<"), let close = text[open...].firstIndex(of: ">") else { return nil }
        let inside = text[text.index(after: open)..<close]
        var window = LoopWindow(className: String(inside), address: nil, number: nil, frame: nil, title: nil,
                                language: nil)
        if let colon = inside.byteRange(of: ": 0x") {
            window.className = String(inside[..<colon.lowerBound])
            window.address = UInt64(inside[colon.upperBound...], radix: 16)
        }
        guard !window.className.isEmpty, !window.className.contains(" ") else { return nil }
        var rest = text[text.index(after: close)...].trimmingBlanks
        if let (number, after) = readNumber(rest) {
            window.number = number
            rest = after
        }
        guard let (frame, after) = readFrame(rest) else { return nil }
        window.frame = frame
        readTitleAndLanguage(after, into: &window)
        return window
    }

    /// `0x28f (655)` at the start of `text`: the number, when both spellings agree.
    private static func readNumber(_ text: Substring) -> (Int?, Substring)? {
        guard text.hasPrefix("0x") else { return nil }
        let hex = text.dropFirst(2).prefix { $0.isHexDigit }
        var rest = text.dropFirst(2 + hex.count).trimmingBlanks
        guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return nil }
        let decimal = rest[rest.index(after: rest.startIndex)..<close]
        rest = rest[rest.index(after: close)...].trimmingBlanks
        guard let value = Int(hex, radix: 16), Int(decimal) == value else { return (nil, rest) }
        return (value, rest)
    }

    /// `{{x, y}, {w, h}}` at the start of `text`.
    private static func readFrame(_ text: Substring) -> ([Double], Substring)? {
        guard text.hasPrefix("{{"), let end = text.byteRange(of: "}}") else { return nil }
        let numbers = text[text.index(text.startIndex, offsetBy: 2)..<end.lowerBound]
            .split(whereSeparator: { ",{} ".contains($0) })
            .compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        return (numbers, text[end.upperBound...])
    }

    /// `Reddit en`, `en`, `zh-Hans`, or nothing, after the frame; macOS 14's "Future marking …"
    /// and a console's closing quote are not part of it.
    private static func readTitleAndLanguage(_ text: Substring, into window: inout LoopWindow) {
        var rest = text
        if let marking = rest.byteRange(of: LoopWords.futureMarking) { rest = rest[..<marking.lowerBound] }
        let words = rest.split(separator: " ").map { $0.filter { $0 != "'" && $0 != "`" } }.filter { !$0.isEmpty }
        guard let last = words.last, isLanguage(last) else { return }
        window.language = last
        if words.count > 1 { window.title = words.dropLast().joined(separator: " ") }
    }

    /// `en`, `fr`, `zh-Hans`, `pt-BR`: two or three lowercase letters, then a region or script.
    private static func isLanguage(_ word: String) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard let code = parts.first, (2...3).contains(code.count), code.allSatisfy({ $0.isLowercase }) else { return false }
        return parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
    }
}
