// MARK: - .ips crash reports

/// What an `.ips` report's JSON says of a loop: `asi` (the reason and the window, as two strings:
/// UTM#3446), `asiBacktraces` (the exception's stack as text), `lastExceptionBacktrace` and the
/// crashed thread (frames as objects naming `usedImages` by index: Whisky#1275), and the header's
/// `os_version` (iina PR#4074).
struct IPSFindings {
    var hasReason = false
    var pass: LoopPass?
    var reasonIsWhole = false
    var window: LoopWindow?
    var osVersion: String?
    var stacks: [LoopStack] = []
    /// A field the loop is read from stops before its end.
    var isCut = false

    /// Adds what the JSON says to what the region's text said (the text first: a "Translated
    /// Report" holds both, and they agree).
    func merge(into loop: inout PastedLoop, stacks: inout [LoopStack]) {
        loop.isModernReport = true
        guard hasReason || !self.stacks.isEmpty || osVersion != nil else { return }
        loop.pass = loop.pass ?? pass
        loop.reasonIsWhole = loop.reasonIsWhole || reasonIsWhole
        loop.window = loop.window ?? window
        loop.osVersion = loop.osVersion ?? osVersion
        stacks += self.stacks
    }
}

extension LoopRegion {
    /// The JSON keys a line of an `.ips` report starts with, from which the region keeps its lines.
    private static let ipsKeys = ["{\"app_name\"", "\"asi\"", "\"asiBacktraces\"", "\"lastExceptionBacktrace\"",
                                  "\"usedImages\"", "\"threads\"", "\"osVersion\""]
    /// The most JSON a region keeps: far more than any crash report.
    private static let ipsLimit = 8 << 20

    /// Keeps `raw` when it is part of an `.ips` report (from its first key line on); whether it was.
    mutating func readIPS(_ raw: Substring, number: Int) -> Bool {
        let trimmed = raw.trimmingBlanks
        guard !ipsBytes.isEmpty || Self.ipsKeys.contains(where: { trimmed.hasPrefix($0) }),
              ipsBytes.count < Self.ipsLimit else { return false }
        ipsBytes += raw.utf8
        ipsBytes.append(0x0A)
        marks.ips = true
        note(number)
        return true
    }

    /// What the region's JSON says.
    func ipsFindings() -> IPSFindings {
        var found = IPSFindings()
        readASI(into: &found)
        if let (value, cut) = LoopJSON.value(after: "asiBacktraces", in: ipsBytes) {
            found.isCut = found.isCut || cut
            var stack = LoopStack(title: "Application Specific Backtrace")
            for text in value.array.compactMap(\.string) {
                for line in text.split(separator: "\n") {
                    if let frame = LoopFrame.read(line, number: lastLine, ordinal: stack.frames.count) {
                        stack.frames.append(frame)
                    }
                }
            }
            found.stacks.append(stack)
        }
        let images = usedImages()
        if let (value, cut) = LoopJSON.value(after: "lastExceptionBacktrace", in: ipsBytes) {
            found.isCut = found.isCut || cut
            found.stacks.append(Self.stack("Last Exception Backtrace", value.array, images: images, line: lastLine))
        }
        if let (value, _) = LoopJSON.value(after: "threads", in: ipsBytes),
           let crashed = value.array.first(where: { if case .bool(true)? = $0["triggered"] { return true } else { return false } }) {
            found.stacks.append(Self.stack("Thread Crashed", crashed["frames"]?.array ?? [], images: images,
                                           line: lastLine))
        }
        found.osVersion = osVersion()
        return found
    }

    /// `"asi" : {"AppKit":["Crashing on exception: The window has been marked …", "<SwiftUI.SwiftUIWindow: …> …"]}`.
    private func readASI(into found: inout IPSFindings) {
        guard let (value, cut) = LoopJSON.value(after: "asi", in: ipsBytes), case .object(let members) = value else {
            return
        }
        found.isCut = found.isCut || cut
        for text in members.flatMap({ $0.1.array.compactMap(\.string) }) {
            let line = Substring(text)
            if let reason = LoopReason(in: line) {
                found.hasReason = true
                found.pass = found.pass ?? reason.pass
                found.reasonIsWhole = found.reasonIsWhole || reason.isWhole
                found.window = found.window ?? LoopWindow.read(in: reason.rest)
            } else if line.hasPrefix("<"), found.window == nil {
                found.window = LoopWindow.read(in: line)
            }
        }
    }

    /// Each `usedImages` entry's name (or its path's last part), by index; `nil` for an entry with neither.
    private func usedImages() -> [String?] {
        guard let (value, _) = LoopJSON.value(after: "usedImages", in: ipsBytes) else { return [] }
        return value.array.map { image in
            image["name"]?.string ?? image["path"]?.string?.split(separator: "/").last.map(String.init)
        }
    }

    /// The header's `os_version` (`macOS 13.0.1 (22A400)`), or the body's `osVersion` train and build.
    private func osVersion() -> String? {
        if let (value, _) = LoopJSON.value(after: "os_version", in: ipsBytes), let text = value.string { return text }
        guard let (value, _) = LoopJSON.value(after: "osVersion", in: ipsBytes), let train = value["train"]?.string
        else { return nil }
        return value["build"]?.string.map { "\(train) (\($0))" } ?? train
    }

    /// Frames given as `{"imageOffset":…,"symbol":"…","symbolLocation":…,"imageIndex":5}`.
    private static func stack(_ title: String, _ frames: [LoopJSON], images: [String?], line: Int) -> LoopStack {
        var stack = LoopStack(title: title)
        for (index, frame) in frames.enumerated() {
            let image = frame["imageIndex"]?.number.flatMap { number -> String? in
                let slot = Int(number)
                return images.indices.contains(slot) ? images[slot] : nil
            }
            stack.frames.append(LoopFrame(index: index, image: image, symbol: frame["symbol"]?.string, line: line))
        }
        return stack
    }
}
