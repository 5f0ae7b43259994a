import LayoutDebugSupport

// MARK: - Loops

/// The layout loops of every input (`LoopText`): each file's, written after its conflicts (text),
/// or as one `layout-loop` document after the conflicts' (`--json`), or grouped by signature
/// (`--summary`). A file is searched through its mapping; standard input, read once, has its
/// first 16 MB kept as the conflict parser reads it (`StandardInputCapture`).
struct Loops {
    private(set) var reports: [LoopReport] = []
    private(set) var summary = LoopSummary()
    /// Whether an input's loop had a problem (cut off, unsymbolicated, no AppKit frame).
    private(set) var incomplete = false

    /// Whether a frame of `image` and `symbol` is a framework's or the system's: the one list
    /// (`FrameworkImages`).
    static func isFramework(image: String?, symbol: String?) -> Bool {
        if let image, FrameworkImages.contains(image: image) { return true }
        return symbol.map(FrameworkImages.contains(symbol:)) ?? false
    }

    /// Adds the loops `reading` found in `path`, writing each problem as one line on standard error.
    mutating func add(_ reading: LoopReading, path: String) {
        for report in reading.reports(source: path == "-" ? "<stdin>" : path, isFramework: Self.isFramework) {
            for line in report.problemLines {
                Output.error(line)
                incomplete = true
            }
            reports.append(report)
            summary.add(report)
        }
    }

    /// The reports of `path` not yet written, as text (after the file's conflicts).
    mutating func writeText(from index: inout Int, separated: Bool) {
        while index < reports.count {
            Output.write((separated || index > 0 ? "\n" : "") + reports[index].text)
            index += 1
        }
    }

    /// The `layout-loop` document: every loop, or with `summary` the signatures' counts.
    func json(summary asSummary: Bool) -> String {
        JSONText.encode(asSummary ? LoopDocument(summary: summary) : LoopDocument(loops: reports)) + "\n"
    }
}

// MARK: - StandardInputCapture

/// Standard input's first bytes, kept as the conflict parser reads them, for the loop reader:
/// standard input can be read only once. A crash report or a console excerpt is far smaller
/// than the limit; a longer stream's loops past it are not read (docs/LOOPS.md says so).
final class StandardInputCapture {
    private(set) var bytes: [UInt8] = []
    private static let limit = 16 << 20

    /// Keeps `run` while under the limit.
    func keep(_ run: UnsafeBufferPointer<UInt8>) {
        guard bytes.count < Self.limit else { return }
        bytes += run.prefix(Self.limit - bytes.count)
    }

    /// The loops of what was kept; `always` reads it for what it is even without a loop's words.
    func loops(always: Bool) -> LoopReading? {
        bytes.withUnsafeBufferPointer { LoopText.read(bytes: $0, always: always) }
    }
}
