// MARK: - LoopExplanation

/// What a pasted loop tells from its text alone, as data (`LoopExplanation+Text` words it; its
/// JSON is the `layout-loop` document's item): the pass, the window, the OS era, whether a
/// SwiftUI hosting view drives it, whether a window-frame change runs inside the pass, the app's
/// own frames, and what only a live debugger can tell. Nothing here guesses a cause.
struct LoopExplanation: Sendable, Encodable {
    /// `AppKit` or `UIKit`.
    var platform: String
    var form: LoopForm
    var pass: LoopPass?
    /// The exception's name, when the text gives it.
    var exception: String?
    var window: WindowFacts?
    /// UIKit: the view the exception names, as printed.
    var view: String?
    var viewsInLoop: [String]
    var os: LoopEra
    /// AppKit's DisplayCycle log: the pass limit and the count the window reached.
    var limit: Int?
    var count: Int?
    /// A hang sample: samples of the main thread inside the pass, of all its samples.
    var samplesInPass: Int?
    var samples: Int?
    /// Whether a SwiftUI hosting view takes part (a frame of `NSHostingView`, `_UIHostingView`…).
    var swiftUIHosting: Bool
    /// Those frames, as `#7 SwiftUI NSHostingView.requestUpdate(after:)`, innermost first (at most 3).
    var hostingFrames: [String]
    /// A window-frame change called from inside a pass, when the stack shows one.
    var windowFrameChange: FrameChange?
    /// The app's own frames, innermost first (at most 5).
    var appFrames: [FrameFacts]
    /// How many frames the loop's stack has (0: the text holds none).
    var stackFrames: Int
    /// What only a live debugger can tell.
    var liveOnly: String
    var problems: [LoopProblem]
    /// Pass, window class and the app's top frames: repeated crashes of one loop share it.
    var signature: String

    /// A window's facts, its address as `"0x…"`.
    struct WindowFacts: Sendable, Encodable, Equatable {
        var className: String
        var address: String?
        var number: Int?
        /// x, y, width, height, in screen coordinates.
        var frame: [Double]?
        var title: String?
        var language: String?
    }

    /// One frame, as the report prints it.
    struct FrameFacts: Sendable, Encodable, Equatable {
        var index: Int
        var image: String?
        var symbol: String?
    }

    /// A window-frame setter and the pass frame it runs under.
    struct FrameChange: Sendable, Encodable, Equatable {
        var setter: String
        /// The pass frame, and the pass it runs (`Layout Window`).
        var pass: String
        var passName: String
    }

    /// Explains `loop`.
    /// - Parameters:
    ///   - loop: The loop as read.
    ///   - isFramework: Whether a frame is a framework's or the system's, never the app's (the
    ///     one list `layout-explain` is generated with, `FRAMEWORK_*` in origin_text.py).
    init(_ loop: PastedLoop, isFramework: (LoopFrame) -> Bool) {
        platform = loop.pass == .layoutSubviews ? "UIKit" : "AppKit"
        form = loop.form
        pass = loop.pass
        exception = loop.exceptionName
        window = loop.window.map(Self.facts)
        view = loop.view
        viewsInLoop = loop.viewsInLoop
        os = LoopEra(loop)
        limit = loop.limit
        count = loop.count
        samplesInPass = loop.samplesInPass
        samples = loop.samples
        let hosting = loop.stack.filter(Self.isHosting)
        swiftUIHosting = !hosting.isEmpty
        hostingFrames = hosting.prefix(3).map(\.text)
        // A sample's frames nest from the root down; only a stack says what runs under what.
        windowFrameChange = loop.form == .hangSample ? nil : Self.frameChange(in: loop.stack)
        let own = loop.stack.filter { $0.image != nil && !isFramework($0) && !Self.isEntryPoint($0) }
        appFrames = own.prefix(5).map { FrameFacts(index: $0.index, image: $0.image, symbol: $0.symbol) }
        stackFrames = loop.stack.count
        liveOnly = "which view asks for another pass each time, and what each pass changed (frames, constraint "
            + "constants): a pasted text holds at most the stack of one request"
        problems = loop.problems
        signature = Self.signature(loop, appFrames: own)
    }

    private static func facts(_ window: LoopWindow) -> WindowFacts {
        WindowFacts(className: window.className, address: window.address.map { "0x" + String($0, radix: 16) },
                    number: window.number, frame: window.frame, title: window.title, language: window.language)
    }

    /// Whether the frame is a SwiftUI hosting view's (or its window sizing's).
    static func isHosting(_ frame: LoopFrame) -> Bool {
        guard let symbol = frame.symbol else { return false }
        return LoopWords.hostingTypes.contains { symbol.contains($0) }
            || (frame.image?.hasPrefix("SwiftUI") == true && LoopWords.hostingWindowSizing.contains { symbol.contains($0) })
    }

    /// `main` and Swift's `$main()`: every app's, telling nothing of the loop.
    private static func isEntryPoint(_ frame: LoopFrame) -> Bool {
        guard let symbol = frame.symbol else { return false }
        return symbol == "main" || symbol.hasSuffix("$main()") || symbol.hasSuffix("$main")
    }

    /// The nearest pass frame outside a window-frame setter, and the outermost setter under it
    /// (`_setFrameCommon:display:fromServer:` rather than the `_oldPlaceWindow:` it calls).
    private static func frameChange(in stack: [LoopFrame]) -> FrameChange? {
        guard let innermost = stack.firstIndex(where: isWindowFrameSetter),
              let passIndex = stack[(innermost + 1)...].firstIndex(where: { passOf($0) != nil }),
              let pass = passOf(stack[passIndex]),
              let setter = stack[innermost..<passIndex].lastIndex(where: isWindowFrameSetter) else { return nil }
        return FrameChange(setter: stack[setter].text, pass: stack[passIndex].text, passName: pass.title)
    }

    /// The pass a frame runs (`LoopWords.passFrames`).
    private static func passOf(_ frame: LoopFrame) -> LoopPass? {
        guard let symbol = frame.symbol else { return nil }
        return LoopWords.passFrames.first { symbol.contains($0.0) }?.1
    }

    /// `-[NSWindow setFrame:display:]`, `-[NSPanel setContentSize:]`, SwiftUI's `updateAnimatedWindowSize`.
    private static func isWindowFrameSetter(_ frame: LoopFrame) -> Bool {
        guard let symbol = frame.symbol else { return false }
        if symbol.contains("updateAnimatedWindowSize") { return true }
        guard symbol.hasPrefix("-[NS"), let space = symbol.firstIndex(of: " "),
              symbol[..<space].contains("Window") || symbol[..<space].contains("Panel") else { return false }
        let selector = symbol[symbol.index(after: space)...]
        return LoopWords.windowFrameSetters.contains { selector.hasPrefix($0) }
    }

    /// `Update Constraints in Window | NSWindow | MyApp.Panel.resize() < MyApp.Panel.layout()`.
    private static func signature(_ loop: PastedLoop, appFrames: [LoopFrame]) -> String {
        let pass = loop.pass?.title ?? "unknown pass"
        let owner = loop.window?.className ?? loop.view.map(viewClass) ?? "unknown window"
        let frames = appFrames.prefix(3).map { $0.symbol ?? "\($0.image ?? "?") (no symbol)" }
        return [pass, owner, frames.isEmpty ? "no frame of the app's" : frames.joined(separator: " < ")]
            .joined(separator: " | ")
    }

    /// `UIView` from `<UIView: 0x7f95d20056e0; frame = …>`; a bare class name as it is.
    private static func viewClass(_ view: String) -> String {
        let inner = view.hasPrefix("<") ? view.dropFirst() : Substring(view)
        return String(inner.prefix { $0 != ":" && $0 != ";" && $0 != ">" && $0 != " " })
    }
}

// MARK: - LoopEra

/// The OS a loop happened on: the report's own version when it gives one, else the era its form
/// shows, with the evidence in a few words.
struct LoopEra: Sendable, Encodable, Equatable {
    /// The version the report's header gives (`macOS 11.2.1 (20D75)`).
    var version: String?
    /// The lowest and highest major version the form allows, when it tells.
    var since: String?
    var until: String?
    /// Why, in a few words.
    var evidence: String

    init(_ loop: PastedLoop) {
        if let version = loop.osVersion {
            self.version = version
            evidence = "the report's header"
            return
        }
        switch loop.form {
        case .uikitLayoutStillRequired:
            until = "iOS 7"
            evidence = "UIKit raises this only before iOS 8"
        case .uikitFeedbackLoop:
            since = "iOS 10"
            evidence = "UIKit's feedback-loop debugger came with iOS 10"
        case .nonFatal:
            since = "macOS 14"
            evidence = "the non-fatal \"Future marking\" form"
        default:
            if loop.isModernReport {
                since = "macOS 12"
                evidence = loop.form == .ips ? "an .ips report" : "a \"Translated Report\""
            } else if loop.window?.address != nil {
                since = "macOS 11"
                evidence = "the reason carries the window's description, which macOS 11 added"
            } else if loop.reasonWithoutDescription {
                until = "macOS 10.15"
                evidence = "the whole reason, with no window description after it"
            } else {
                evidence = "not told by this text"
            }
        }
    }
}
