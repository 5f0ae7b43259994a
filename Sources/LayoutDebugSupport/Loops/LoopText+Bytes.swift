// MARK: - Reading bytes and files

extension LoopText {
    /// The most bytes read whole; a bigger text is read only around the words a loop prints.
    static let wholeLimit = 16 << 20
    /// How much is read before and after each such word in a bigger text.
    static let window = 256 << 10

    /// Every loop in `bytes`. A text under 16 MB is read whole; a bigger one only around the
    /// words a loop prints (`LoopText.anchors`), or, with `always`, its first 16 MB when it holds
    /// none (to tell what it is instead).
    public static func read(bytes: UnsafeBufferPointer<UInt8>, always: Bool = true) -> LoopReading? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return always ? LoopReading() : nil }
        let text = ByteText(base: base, count: bytes.count)
        let hits = anchorHits(text)
        if hits.isEmpty, !always { return nil }
        if text.count <= wholeLimit { return read(text, 0..<text.count, firstLine: 1) }
        guard !hits.isEmpty else { return read(text, 0..<lineEnd(text, wholeLimit), firstLine: 1) }
        var reading = LoopReading()
        var done = 0
        for range in windows(text, around: hits) where range.upperBound > done {
            let start = max(range.lowerBound, done)
            let part = read(text, start..<range.upperBound, firstLine: 1 + text.newlines(from: 0, to: start))
            reading.loops += part.loops
            reading.notALoop = reading.notALoop ?? part.notALoop
            done = range.upperBound
        }
        if !reading.loops.isEmpty { reading.notALoop = nil }
        return reading
    }

    /// The loops of the regular file open at `descriptor`, through a mapping (the caller handles
    /// `SIGBUS`, as for `ConsoleLogReader.read(mapping:)`); `nil` when it cannot be mapped, or, without
    /// `always`, when it holds none of the words a loop prints.
    public static func read(descriptor: Int32, always: Bool) -> LoopReading? {
        guard let mapped = MappedFileRange(descriptor: descriptor, range: 0..<Int.max) else {
            return always ? LoopReading() : nil
        }
        defer { mapped.unmap() }
        return read(bytes: UnsafeBufferPointer(start: mapped.base, count: mapped.count), always: always)
    }

    /// `range` of `text` read as lines numbered from `firstLine`.
    private static func read(_ text: ByteText, _ range: Range<Int>, firstLine: Int) -> LoopReading {
        var scanner = LoopScanner()
        var number = firstLine - 1
        var start = range.lowerBound
        while start < range.upperBound {
            let end = text.firstIndex(of: 0x0A, from: start, to: range.upperBound) ?? range.upperBound
            var line = text.string(start, end)[...]
            if line.last == "\r" { line = line.dropLast() }
            number += 1
            scanner.consume(line, number: number)
            start = end + 1
        }
        return scanner.finish()
    }

    /// Words every loop's text holds one of, grouped by a byte rare in logs that each holds at
    /// the given offset, so one `memchr` pass per byte finds them all: AppKit's reason and its
    /// DisplayCycle marking (`in Window pass`, `Window for identifier`) and its throw site share
    /// the `W`; UIKit's two exceptions have theirs.
    private static let anchors: [(byte: UInt8, words: [(StaticString, Int)])] = [
        (UInt8(ascii: "W"), [(" Window ", 1), ("_postWindowNeeds", 5)]),
        (UInt8(ascii: "D"), [("Degenerate layout", 0)]),
        (UInt8(ascii: "q"), [("still required after", 8)]),
    ]

    /// Where the anchors' words start, in order (at most 64 per byte, one per window).
    private static func anchorHits(_ text: ByteText) -> [Int] {
        var hits: [Int] = []
        for (byte, words) in anchors {
            var found = 0
            var from = 0
            while found < 64, let candidate = text.firstIndex(of: byte, from: from, to: text.count) {
                from = candidate + 1
                guard let start = words.lazy.compactMap({ word, offset -> Int? in
                    text.has(word, at: candidate - offset) ? candidate - offset : nil
                }).first else { continue }
                hits.append(start)
                found += 1
                from = start + window
            }
        }
        return hits.sorted()
    }

    /// `window` bytes before and after each hit, merged, cut at line ends.
    private static func windows(_ text: ByteText, around hits: [Int]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for hit in hits {
            let start = lineStart(text, max(0, hit - window))
            let end = lineEnd(text, min(text.count, hit + window))
            if let last = ranges.last, start <= last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, end)
            } else {
                ranges.append(start..<end)
            }
        }
        return ranges
    }

    private static func lineStart(_ text: ByteText, _ index: Int) -> Int {
        index == 0 ? 0 : (text.lastIndex(of: 0x0A, from: 0, to: index).map { $0 + 1 } ?? 0)
    }

    private static func lineEnd(_ text: ByteText, _ index: Int) -> Int {
        guard index < text.count else { return text.count }
        return text.firstIndex(of: 0x0A, from: index, to: text.count).map { $0 + 1 } ?? text.count
    }
}
