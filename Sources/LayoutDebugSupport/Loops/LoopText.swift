// MARK: - LoopReading

/// What `LoopText` found in a text: its loops, or, when it holds none, what it is instead.
public struct LoopReading: Sendable {
    /// Every loop, in the order the text gives them.
    var loops: [PastedLoop] = []
    /// When there is no loop: a text that looks like one's evidence but is not, for its one line.
    var notALoop: NotALoop?

    /// Whether the text holds no loop.
    public var isEmpty: Bool { loops.isEmpty }

    /// When the text holds no loop but a stack or a sample that is not one: the one line saying so.
    public var notALoopSentence: String? { notALoop?.sentence }

    /// Each loop's report.
    /// - Parameters:
    ///   - source: The input's name, as reports print it (`<stdin>` for standard input).
    ///   - isFramework: Whether a frame of this image and symbol is a framework's or the system's,
    ///     never the app's (`layout-explain` asks the one list, `FRAMEWORK_*` in origin_text.py).
    public func reports(source: String, isFramework: (_ image: String?, _ symbol: String?) -> Bool) -> [LoopReport] {
        loops.map { LoopReport(source: source, loop: $0) { isFramework($0.image, $0.symbol) } }
    }
}

/// A text that holds a stack or a sample but no layout loop.
enum NotALoop: String, Sendable, Equatable {
    /// A hang's sample whose threads are never inside a layout pass.
    case hangWithoutPass
    /// A stack with no AppKit or UIKit frame.
    case stackWithoutPlatformFrames
    /// A stack of addresses without symbols.
    case unsymbolicatedStack

    /// The one line it is told in.
    var sentence: String {
        switch self {
        case .hangWithoutPass:
            return "a hang sample whose threads are never inside a layout pass: not a layout loop, and no Auto Layout "
                + "conflict"
        case .stackWithoutPlatformFrames:
            return "a stack with no AppKit or UIKit frame and no loop's reason: not a layout loop, and no Auto Layout "
                + "conflict"
        case .unsymbolicatedStack:
            return "a stack of addresses without symbols and no loop's reason: symbolicate it (Xcode's Organizer, "
                + "atos) and paste it again"
        }
    }
}

// MARK: - LoopText

/// Reads pasted text into `PastedLoop`s: each report, console excerpt, log or sample is a
/// region of the text (a crash report's header, a `Terminating app` line, a new reason once
/// the last one has its stack), and each region that tells a loop becomes one.
public enum LoopText {
    /// Every loop in `text`.
    /// - Complexity: O(n) in the text's length.
    static func read(_ text: String) -> LoopReading {
        var scanner = LoopScanner()
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            scanner.consume(line.last == "\r" ? line.dropLast() : line, number: number)
        }
        return scanner.finish()
    }
}

// MARK: - LoopScanner

/// The line state machine behind `LoopText.read`.
struct LoopScanner {
    private var regions: [LoopRegion] = []
    private var region = LoopRegion(startLine: 1)

    /// Reads one line (without its newline).
    mutating func consume(_ raw: Substring, number: Int) {
        let (line, isDisplayCycle) = Self.unwrapped(raw)
        if startsRegion(line, number: number) { open(at: number) }
        region.consume(line, raw: raw, number: number, isDisplayCycle: isDisplayCycle)
    }

    /// The loops of every region, or what the text is when none tells a loop.
    mutating func finish() -> LoopReading {
        regions.append(region)
        var reading = LoopReading()
        reading.loops = regions.compactMap { $0.loop() }
        if reading.loops.isEmpty { reading.notALoop = regions.lazy.compactMap { $0.notALoop() }.first }
        return reading
    }

    private mutating func open(at number: Int) {
        regions.append(region)
        region = LoopRegion(startLine: number)
    }

    /// Whether `line` starts a new report (its header), a new console exception, or a new loop's
    /// reason once the region already has one with its stack.
    private func startsRegion(_ line: Substring, number: Int) -> Bool {
        let trimmed = line.trimmingBlanks
        if trimmed.hasPrefix("Translated Report") || trimmed.hasPrefix("Sampling process ") { return true }
        // "Process:" opens a text report, unless it is the one a "Translated Report" banner opened.
        if trimmed.hasPrefix("Process:") { return !(region.isTranslated && number - region.startLine <= 4) }
        if trimmed.hasPrefix("{\"app_name\"") { return !region.isTranslated }
        guard region.hasContent else { return false }
        if trimmed.contains("*** Terminating app due to uncaught exception") { return !region.awaitsException(trimmed) }
        let namesLoop = line.byteRange(of: LoopWords.reasonStart) != nil
            || line.byteRange(of: LoopWords.degenerate) != nil
        return namesLoop && region.hasEvent && !region.stacks.isEmpty
    }

    /// The line without a log prefix it carries (AppKit's DisplayCycle lines), a Markdown
    /// quote's `> `, or the quotes of a JSON string it is (`"3   AppKit   0x… + 1716",`).
    static func unwrapped(_ raw: Substring) -> (Substring, Bool) {
        if let prefix = raw.byteRange(of: LoopWords.displayCycle) { return (raw[prefix.upperBound...], true) }
        var line = raw.trimmingBlanks
        while line.hasPrefix(">") { line = line.dropFirst().trimmingBlanks }
        if line.first == "\"", line.filter({ $0 == "\"" }).count == 2 {
            var inner = line.dropFirst()
            if inner.hasSuffix(",") { inner = inner.dropLast() }
            if inner.hasSuffix("\"") { return (inner.dropLast(), false) }
        }
        return (line, false)
    }
}
