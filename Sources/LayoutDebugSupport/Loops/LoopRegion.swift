// MARK: - LoopStack

/// One stack of a region, with the title line it came under (`Application Specific Backtrace 1:`,
/// `Thread 0 Crashed::`, `First throw call stack:`).
struct LoopStack {
    var title: String
    var frames: [LoopFrame] = []

    /// Whether it is an exception's backtrace: AppKit's throw site or `objc_exception_throw` is in it.
    var isException: Bool {
        frames.contains { frame in
            guard let symbol = frame.symbol else { return false }
            return symbol.contains("objc_exception_throw") || LoopWords.throwSites.contains { symbol.contains($0.0) }
        }
    }
}

// MARK: - LoopRegion

/// One report, console excerpt, log or sample of a pasted text, read line by line: what it says
/// of a loop, before `loop()` makes it a `PastedLoop`.
struct LoopRegion {
    let startLine: Int
    var lastLine: Int
    private(set) var isTranslated = false
    private(set) var stacks: [LoopStack] = []
    var found = PastedLoop(firstLine: 0, lastLine: 0, form: .stack)
    /// A reason, a DisplayCycle marking or a UIKit exception was read.
    private(set) var hasEvent = false
    private var pendingTitle: String?
    private var stackIsOpen = false
    private var awaitsDescription = false
    private var announcedStackMissing = false
    /// UIKit's dump: its "Views caught in loop:" list goes on until a blank line.
    private var collectingViews = false
    var marks = Marks()
    /// The region's `.ips` JSON, kept from its first key line on (`LoopRegion+IPS`).
    var ipsBytes: [UInt8] = []
    /// A sample's main thread: its sample count, and whether its frames are being read.
    private var sampleThreadTotal: Int?
    private var inMainThread = false
    private var isSample = false

    /// The words seen that tell the form apart.
    struct Marks {
        var crashing = false, terminating = false, futureMarking = false, displayCycle = false
        var handler = false, ips = false
    }

    init(startLine: Int) {
        self.startLine = startLine
        lastLine = startLine
    }

    /// Whether anything of a loop or a stack has been read.
    var hasContent: Bool { hasEvent || !stacks.isEmpty }

    /// Whether `line`, a `*** Terminating app` line, raises the loop of the UIKit feedback-loop
    /// dump this region holds: the debugger logs its dump, then raises naming the same subtree
    /// (its exception's reason is the dump's first line), so the two are one loop and one report,
    /// with the views the dump lists and the stack the exception brings.
    func awaitsException(_ line: Substring) -> Bool {
        guard found.form == .uikitFeedbackLoop, !marks.terminating, stacks.isEmpty, let view = found.view,
              let subtree = line.byteRange(of: LoopWords.feedbackSubtree) else { return false }
        // The class and address name the view; its frame may be printed otherwise.
        let named = view.prefix { $0 != ";" }
        return line[subtree.upperBound...].hasPrefix(named)
    }

    // MARK: - Lines

    /// Reads one line of the region.
    mutating func consume(_ line: Substring, raw: Substring, number: Int, isDisplayCycle: Bool) {
        let trimmed = line.trimmingBlanks
        if trimmed.hasPrefix("Translated Report") { isTranslated = true; found.isModernReport = true }
        // A report's loop starts at its header.
        if ["Translated Report", "Process:", "Sampling process ", "{\"app_name\"", "OS Version:"].contains(where: trimmed.hasPrefix) {
            note(number)
        }
        if readIPS(raw, number: number) { return }
        if awaitsDescription, !trimmed.isEmpty {
            awaitsDescription = false
            if readDescription(trimmed, number: number) { return }
            if found.reasonIsWhole, found.window == nil { found.reasonWithoutDescription = true }
        } else if awaitsDescription, found.reasonIsWhole, !marks.crashing {
            awaitsDescription = false
        }
        if readHeader(trimmed) { return }
        if isDisplayCycle, readDisplayCycle(trimmed, number: number) { return }
        if readReason(trimmed, number: number) || readUIKit(trimmed, number: number) { return }
        if readSampleThread(trimmed) { return }
        readStackLine(trimmed, number: number)
    }

    /// `OS Version:`, the handler's `name:`, and the titles stacks come under.
    private mutating func readHeader(_ line: Substring) -> Bool {
        if line.hasPrefix("OS Version:") {
            found.osVersion = String(line.dropFirst("OS Version:".count).trimmingBlanks)
            return true
        }
        if line.hasPrefix("name: ") {
            found.exceptionName = String(line.dropFirst("name: ".count).trimmingBlanks)
            marks.handler = true
            return true
        }
        if line.hasSuffix(":") || line.holds("Crashed::") || (line.hasPrefix("Thread ") && line.holds("::")) {
            if isStackTitle(line) {
                closeStack()
                pendingTitle = String(line)
                announcedStackMissing = true
                return true
            }
        }
        if line == "Call graph:" { isSample = true; return true }
        return false
    }

    private func isStackTitle(_ line: Substring) -> Bool {
        let titles = ["Application Specific Backtrace", "Last Exception Backtrace", "First throw call stack",
                      "callStack", "Call stack", "Backtrace", "Thread "]
        return titles.contains { line.hasPrefix($0) || line.hasPrefix("*** " + $0) }
    }

    /// AppKit's reason on this line (and the window's description after it, there or on the next line).
    private mutating func readReason(_ line: Substring, number: Int) -> Bool {
        guard let reason = LoopReason(in: line) else { return false }
        note(number)
        hasEvent = true
        if found.pass == nil { found.pass = reason.pass }
        found.reasonIsWhole = found.reasonIsWhole || reason.isWhole
        if line.holds("Crashing on exception:") { marks.crashing = true }
        // An app's own diagnostic: `Uncaught exception NSGenericException. The window has been …` (SuperCmd#98).
        if let uncaught = line.byteRange(of: "Uncaught exception ") {
            found.exceptionName = String(line[uncaught.upperBound...].prefix { $0 != "." && $0 != " " })
            marks.handler = true
        }
        if line.hasPrefix("reason:") { marks.handler = true }
        if let name = Self.uncaughtName(line) { found.exceptionName = name; marks.terminating = true }
        if reason.rest.byteRange(of: LoopWords.futureMarking) != nil { marks.futureMarking = true }
        if let window = LoopWindow.read(in: reason.rest) {
            found.window = found.window ?? window
        } else if reason.isWhole {
            awaitsDescription = true
        }
        return true
    }

    /// The description line after a reason; whether it was one.
    private mutating func readDescription(_ line: Substring, number: Int) -> Bool {
        guard line.hasPrefix("<") || line.hasPrefix("`<"), let window = LoopWindow.read(in: line) else { return false }
        note(number)
        found.window = found.window ?? window
        if line.byteRange(of: LoopWords.futureMarking) != nil { marks.futureMarking = true }
        return true
    }

    /// `*** Terminating app due to uncaught exception 'NSGenericException', reason: …`: the name.
    static func uncaughtName(_ line: Substring) -> String? {
        guard let start = line.byteRange(of: "uncaught exception '") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
    }

    /// `Marking window 0x… as needing Update Constraints in Window for identifier 1 (limit: 198, count: 204 …)`.
    private mutating func readDisplayCycle(_ line: Substring, number: Int) -> Bool {
        marks.displayCycle = true
        guard line.hasPrefix(LoopWords.displayCycleMarking.description) else { return false }
        note(number)
        hasEvent = true
        if let needing = line.byteRange(of: " as needing "), let end = line.byteRange(of: " for identifier") {
            found.pass = found.pass ?? LoopPass(appKitTitle: line[needing.upperBound..<end.lowerBound])
        }
        if let limit = Self.integer(after: "(limit: ", in: line) { found.limit = limit }
        if let count = Self.integer(after: "count: ", in: line) { found.count = max(found.count ?? 0, count) }
        return true
    }

    static func integer(after word: StaticString, in line: Substring) -> Int? {
        guard let range = line.byteRange(of: word) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    /// UIKit's feedback-loop exception and dump, and its "Auto Layout still required" exception.
    private mutating func readUIKit(_ line: Substring, number: Int) -> Bool {
        if let name = Self.uncaughtName(line) { found.exceptionName = name; marks.terminating = true }
        // UIKit goes on "Layout feedback loop detected/suspected" on the same line, or ends the
        // line there (its log's head); a sentence that names the words is neither.
        if let degenerate = line.byteRange(of: LoopWords.degenerate),
           line.holds(" Layout feedback loop") || line[degenerate.upperBound...].trimmingBlanks.isEmpty {
            note(number)
            hasEvent = true
            found.form = .uikitFeedbackLoop
            found.pass = .layoutSubviews
            let rest = line[degenerate.upperBound...]
            if let subtree = rest.byteRange(of: LoopWords.feedbackSubtree) {
                let view = rest[subtree.upperBound...]
                if let end = view.byteRange(of: ">.") { found.view = String(view[...end.lowerBound]) }
            }
            return true
        }
        if let caught = line.byteRange(of: LoopWords.viewsCaught) {
            note(number)
            let list = line[caught.upperBound...]
            found.viewsInLoop += Self.descriptions(in: list)
            collectingViews = !list.trimmingBlanks.hasSuffix(")")
            return true
        }
        if collectingViews {
            // The array goes on to its `)`, or to a blank line.
            let item = line.trimmingBlanks
            guard !item.isEmpty else {
                collectingViews = false
                return false
            }
            note(number)
            found.viewsInLoop += Self.descriptions(in: line)
            collectingViews = item != ")"
            return true
        }
        // The dump's head puts the subtree on the line after "Degenerate layout!".
        if found.form == .uikitFeedbackLoop, found.view == nil, let subtree = line.byteRange(of: LoopWords.feedbackSubtree) {
            note(number)
            let view = line[subtree.upperBound...]
            if let end = view.byteRange(of: ">.") { found.view = String(view[...end.lowerBound]) }
            return true
        }
        guard let still = line.byteRange(of: LoopWords.stillRequired) else { return false }
        note(number)
        hasEvent = true
        found.form = .uikitLayoutStillRequired
        found.pass = .layoutSubviews
        let rest = line[still.upperBound...]
        if let end = rest.byteRange(of: LoopWords.stillRequiredEnd) { found.view = String(rest[..<end.lowerBound]) }
        return true
    }

    /// Each `<…>` description on a line (an array's items, however UIKit prints the array).
    static func descriptions(in line: Substring) -> [String] {
        var found: [String] = []
        var rest = line
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            found.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// A sample's thread line, `2529 Thread_3848215   DispatchQueue_1: com.apple.main-thread  (serial)`.
    private mutating func readSampleThread(_ line: Substring) -> Bool {
        let body = line.drop { "+!:| ".contains($0) }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, body.dropFirst(digits.count).trimmingBlanks.hasPrefix("Thread_") else { return false }
        isSample = true
        closeStack()
        inMainThread = line.holds("com.apple.main-thread") || sampleThreadTotal == nil
        if inMainThread { sampleThreadTotal = Int(digits) }
        pendingTitle = inMainThread ? "main thread" : "other thread"
        return true
    }

    /// A frame, or a line that ends the stack being read (a closing `)` keeps it open).
    private mutating func readStackLine(_ line: Substring, number: Int) {
        if line == "(" || line == ")" || line.hasPrefix("...") || line == "…" { return }
        let ordinal = stackIsOpen ? (stacks.last?.frames.count ?? 0) : 0
        guard let frame = LoopFrame.read(line, number: number, ordinal: ordinal) else {
            if !line.isEmpty || stackIsOpen { closeStack() }
            return
        }
        if frame.samples != nil { isSample = true }
        if !stackIsOpen {
            stacks.append(LoopStack(title: pendingTitle ?? ""))
            pendingTitle = nil
            stackIsOpen = true
            announcedStackMissing = false
        }
        stacks[stacks.count - 1].frames.append(frame)
        note(number)
    }

    private mutating func closeStack() {
        stackIsOpen = false
    }

    mutating func note(_ number: Int) {
        if found.firstLine == 0 { found.firstLine = number }
        lastLine = max(lastLine, number)
    }

    // MARK: - The loop

    /// The region as a `PastedLoop`, or `nil` when it tells none.
    func loop() -> PastedLoop? {
        var loop = found
        var stacks = self.stacks
        var ips = IPSFindings()
        if !ipsBytes.isEmpty {
            ips = ipsFindings()
            ips.merge(into: &loop, stacks: &stacks)
        }
        let primary = Self.primaryStack(stacks)
        let throwPass = primary.flatMap(Self.throwSitePass)
        let samplePass = isSample ? Self.samplePass(stacks) : nil
        guard hasEvent || ips.hasReason || throwPass != nil || samplePass != nil else { return nil }
        loop.lastLine = max(lastLine, loop.firstLine)
        if loop.firstLine == 0 { loop.firstLine = startLine }
        loop.pass = loop.pass ?? throwPass ?? samplePass?.pass
        loop.stack = primary?.frames ?? []
        if let samplePass, loop.pass == samplePass.pass, !hasEvent {
            loop.samplesInPass = samplePass.samples
            loop.samples = sampleThreadTotal
        }
        loop.form = form(of: loop, hasSample: samplePass != nil && !hasEvent)
        loop.problems = problems(of: loop, stacks: stacks, ipsIsCut: ips.isCut)
        return loop
    }

    /// The form, from the words seen (UIKit's forms are set as they are read).
    private func form(of loop: PastedLoop, hasSample: Bool) -> LoopForm {
        if loop.form == .uikitFeedbackLoop || loop.form == .uikitLayoutStillRequired { return loop.form }
        if marks.futureMarking { return .nonFatal }
        if marks.displayCycle, loop.limit != nil { return .displayCycleLog }
        if marks.ips, !isTranslated { return .ips }
        if marks.crashing || isTranslated { return .crashReport }
        if marks.handler { return .exceptionHandler }
        if marks.terminating || stacks.contains(where: { $0.title.contains("First throw call stack") }) { return .console }
        if hasSample { return .hangSample }
        return .stack
    }

    /// What the text lacks.
    private func problems(of loop: PastedLoop, stacks: [LoopStack], ipsIsCut: Bool) -> [LoopProblem] {
        var problems: [LoopProblem] = []
        let appKitReason = loop.form != .uikitFeedbackLoop && loop.form != .uikitLayoutStillRequired
            && loop.form != .displayCycleLog && loop.form != .hangSample && loop.form != .stack
        if (appKitReason && !loop.reasonIsWhole) || announcedStackMissing || ipsIsCut {
            problems.append(.truncated)
        }
        if loop.stack.contains(where: { $0.symbol == nil }) { problems.append(.unsymbolicated) }
        let frames = stacks.flatMap(\.frames)
        if !frames.isEmpty, !frames.contains(where: \.isPlatform) {
            // An exception's stack that stops before its first AppKit frame was cut, not misplaced.
            let cut = stacks.contains(where: \.isException) ? LoopProblem.truncated : .noPlatformFrames
            if !problems.contains(cut) { problems.append(cut) }
        }
        return problems
    }

    /// When the region tells no loop: whether it is a stack or a sample that is not one.
    func notALoop() -> NotALoop? {
        let frames = stacks.flatMap(\.frames)
        guard !frames.isEmpty else { return nil }
        if isSample { return .hangWithoutPass }
        if frames.allSatisfy({ $0.symbol == nil }) { return .unsymbolicatedStack }
        if !frames.contains(where: \.isPlatform) { return .stackWithoutPlatformFrames }
        return nil
    }

    // MARK: - Stacks

    /// The stack that tells the loop: the exception's backtrace, else the crashed thread's, else
    /// the first with an AppKit or UIKit frame, else the first.
    static func primaryStack(_ stacks: [LoopStack]) -> LoopStack? {
        let found = stacks.filter { !$0.frames.isEmpty }
        return found.first(where: \.isException)
            ?? found.first(where: { $0.title.contains("Crashed") })
            ?? found.first(where: { $0.title == "main thread" })
            ?? found.first(where: { $0.frames.contains(where: \.isPlatform) })
            ?? found.first
    }

    /// The pass whose throw site the stack holds.
    static func throwSitePass(_ stack: LoopStack) -> LoopPass? {
        for frame in stack.frames {
            guard let symbol = frame.symbol else { continue }
            if let site = LoopWords.throwSites.first(where: { symbol.contains($0.0) }) { return site.1 }
        }
        return nil
    }

    /// A sample's main thread inside a pass: the pass and the most samples any of its frames has.
    static func samplePass(_ stacks: [LoopStack]) -> (pass: LoopPass, samples: Int)? {
        guard let main = stacks.first(where: { $0.title == "main thread" }) ?? stacks.first(where: { !$0.frames.isEmpty })
        else { return nil }
        var found: (pass: LoopPass, samples: Int)?
        for frame in main.frames {
            guard let symbol = frame.symbol, let pass = LoopWords.passFrames.first(where: { symbol.contains($0.0) })?.1
            else { continue }
            if found == nil || (frame.samples ?? 0) > found!.samples { found = (pass, frame.samples ?? 0) }
        }
        return found
    }
}

// MARK: - Platform frames

extension LoopFrame {
    /// Whether the frame is AppKit's or UIKit's (as crash reports name them before and after macOS 12),
    /// or ReferenceKit's, which is UIKit for an app on Linux (its exceptions print Apple's form).
    var isPlatform: Bool {
        guard let image else { return false }
        return ["AppKit", "UIKit", "UIKitCore", "com.apple.AppKit", "com.apple.UIKit", "libReferenceKit.so"].contains(image)
    }
}

