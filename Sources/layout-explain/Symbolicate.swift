import Foundation
import LayoutDebugSupport

// MARK: - Symbolicate

/// `layout-explain --symbolicate DIR [FILE]`: copies the text and turns each
/// `made at <image frames …>` marker of the in-app monitor into `made at File.swift:42 in f()`.
enum Symbolicate {
    /// Runs the mode; returns the exit status (2 when DIR or FILE is missing or there is
    /// no symbolizer, after a one-line error).
    static func run(directory: String, path: String) -> Int32 {
        guard FileManager.default.fileExists(atPath: directory) else {
            Output.error("--symbolicate \(directory): No such file or directory")
            return 2
        }
        let input: Data
        if path == "-" {
            input = FileHandle.standardInput.readDataToEndOfFile()
        } else if let data = FileManager.default.contents(atPath: path) {
            input = data
        } else {
            let exists = FileManager.default.fileExists(atPath: path)
            Output.error("\(path): " + (exists ? "cannot be read" : "No such file or directory"))
            return 2
        }
        let text = [UInt8](input)
        let markers = MarkerRewriter.markers(in: text)
        guard !markers.isEmpty else {
            Output.write(bytes: text)
            return 0
        }
        switch Symbolizer.find() {
        case .failure(let missing):
            Output.error(missing.message)
            return 2
        case .success(let symbolizer):
            var rewriter = MarkerRewriter(binaries: BinaryLocator(root: directory), symbolizer: symbolizer)
            Output.write(bytes: rewriter.rewrite(text, markers: markers))
            return 0
        }
    }
}

// MARK: - MarkerRewriter

/// Replaces the markers of one text, resolving every image's addresses in one run of the
/// symbolizer and each (image, offset) once.
struct MarkerRewriter {
    /// One marker: where it is in the text, its frames, and whether it sits in a JSON line
    /// (a backlog record), where what replaces it must be escaped as a JSON string.
    struct Marker {
        var range: Range<Int>
        var frames: [ImageFrame?]
        var inJSON: Bool
    }

    private var binaries: BinaryLocator
    private let symbolizer: Symbolizer
    private var origins = OriginResolver()

    init(binaries: BinaryLocator, symbolizer: Symbolizer) {
        self.binaries = binaries
        self.symbolizer = symbolizer
    }

    /// The markers of `text`, in order; text that only starts like one is not a marker.
    static func markers(in text: [UInt8]) -> [Marker] {
        let start = Array(ImageMarker.start.utf8)
        var markers: [Marker] = []
        var index = 0
        while let found = firstIndex(of: start, in: text, from: index) {
            guard let (frames, end) = ImageMarker.frames(in: text, from: found + start.count) else {
                index = found + start.count
                continue
            }
            markers.append(Marker(range: found..<end, frames: frames, inJSON: isInsideQuotes(text, at: found)))
            index = end
        }
        return markers
    }

    /// `text` with each of its `markers` replaced by its `made at` line.
    /// The bytes between markers are copied as they are, whatever they hold.
    mutating func rewrite(_ text: [UInt8], markers: [Marker]) -> [UInt8] {
        let lines = origins.lines(for: markers.map(\.frames), binaries: &binaries, symbolizer: symbolizer)
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var copied = 0
        for marker in markers {
            out += text[copied..<marker.range.lowerBound]
            let line = lines[marker.frames] ?? "made at ?"
            out += (marker.inJSON ? JSONText.escaped(line) : line).utf8
            copied = marker.range.upperBound
        }
        out += text[copied...]
        return out
    }

    /// Whether an odd number of unescaped `"` precede `index` on its line: the marker is
    /// then inside a JSON string (a backlog line, or `"report": "…"` in indented JSON). A
    /// report's own `made at` lines hold nothing but indentation before the marker.
    private static func isInsideQuotes(_ text: [UInt8], at index: Int) -> Bool {
        var lineStart = index
        while lineStart > 0, text[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var inside = false, escaped = false
        for byte in text[lineStart..<index] {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inside.toggle()
            }
        }
        return inside
    }

    private static func firstIndex(of needle: [UInt8], in text: [UInt8], from index: Int) -> Int? {
        guard let first = needle.first, text.count >= needle.count else { return nil }
        var at = index
        while at <= text.count - needle.count {
            if text[at] == first, text[at..<(at + needle.count)].elementsEqual(needle) { return at }
            at += 1
        }
        return nil
    }
}
