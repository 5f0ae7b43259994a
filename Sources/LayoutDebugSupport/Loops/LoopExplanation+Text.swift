// MARK: - The report's text

extension LoopExplanation {
    /// The report, one finding a line, in the words of `layout-explain`'s conflict reports: what
    /// the text says, and plainly what it cannot.
    var text: String {
        var lines = [headline]
        if let exception { lines.append("Raised: \(exception)") }
        if let window { lines.append("Window: " + Self.describe(window)) }
        if let view { lines.append("View: " + viewLine(view)) }
        if !viewsInLoop.isEmpty { lines.append("Views caught in the loop (UIKit's dump): " + viewsInLoop.joined(separator: ", ")) }
        if let count { lines.append("Passes: \(count)" + (limit.map { " against a limit of \($0) (AppKit's DisplayCycle log)" } ?? "")) }
        if let samples, let samplesInPass {
            lines.append("Samples: the main thread was inside the pass in \(samplesInPass) of \(samples); a sample cannot "
                + "tell a loop from one long pass")
        }
        lines.append("OS: " + osLine)
        if platform == "AppKit" { lines.append("SwiftUI: " + hostingLine) }
        if platform == "AppKit" { lines.append("Window frame: " + frameChangeLine) }
        lines += appFrameLines
        lines.append("Only a live debugger can tell " + liveOnly + ".")
        lines.append("Signature: " + signature)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (crash report)`.
    private var headline: String {
        let source = " (\(form.title))"
        switch form {
        case .uikitFeedbackLoop:
            return "Loop: UIKit's layout feedback loop debugger found views laid out again and again" + source
        case .uikitLayoutStillRequired:
            return "Loop: -layoutSubviews left Auto Layout still to do" + source
        case .hangSample:
            let owner = platform == "UIKit" ? "UIKit's" : "AppKit's"
            return "Hang: the main thread was inside \(owner) \(passName) pass" + source
        case .nonFatal:
            return "Loop: AppKit's \(passName) pass ran more times than the window has views; AppKit logged it and "
                + "went on (\"Future marking … might be ignored\")" + source
        case .displayCycleLog:
            return "Loop: AppKit marked the window for another \(passName) pass past its limit" + source
        default:
            return "Loop: AppKit's \(passName) pass ran more times than the window has views" + source
        }
    }

    private var passName: String { pass?.title ?? "(unnamed)" }

    private func viewLine(_ view: String) -> String {
        form == .uikitLayoutStillRequired
            ? "\(view): UIKit's reason says its implementation of -layoutSubviews needs to call super"
            : "\(view), the top of the subtree UIKit found in the loop"
    }

    /// `NSWindow 0x126f5db70, number 655, at (649, 99), 1047 × 787, titled "Reddit", language en`.
    static func describe(_ window: WindowFacts) -> String {
        var parts = [window.className + (window.address.map { " " + $0 } ?? "")]
        if let number = window.number { parts.append("number \(number)") }
        if let frame = window.frame, frame.count == 4 {
            parts.append("at (\(number(frame[0])), \(number(frame[1]))), \(number(frame[2])) × \(number(frame[3]))")
        }
        if let title = window.title { parts.append("titled \"\(title)\"") }
        if let language = window.language { parts.append("language \(language)") }
        return parts.joined(separator: ", ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private var osLine: String {
        if let version = os.version { return "\(version) (\(os.evidence))" }
        if let since = os.since { return "\(since) or later (\(os.evidence))" }
        if let until = os.until { return "\(until) or earlier (\(os.evidence))" }
        return os.evidence
    }

    private var hostingLine: String {
        if swiftUIHosting { return "a hosting view takes part: " + hostingFrames.joined(separator: ", ") }
        let swiftUIWindow = window?.className.hasPrefix("SwiftUI.") == true
        return "no hosting-view frame in the stack" + (swiftUIWindow ? " (the window itself is SwiftUI's)" : "")
    }

    private var frameChangeLine: String {
        guard let change = windowFrameChange else { return "no window-frame change in the stack" }
        return "a window-frame change runs inside a \(change.passName) pass: \(change.setter) is called under "
            + "\(change.pass), so the pass resizes the window it lays out"
    }

    private var appFrameLines: [String] {
        guard stackFrames > 0 else { return ["Your frames: the text holds no stack"] }
        guard !appFrames.isEmpty else {
            return ["Your frames: none in the stack (every frame is a framework's or the system's, or main)"]
        }
        let order = form == .hangSample ? "as the sample nests them, outermost first" : "innermost first"
        return ["Your frames (\(order)):"] + appFrames.map { frame in
            "  #\(frame.index) " + [frame.image, frame.symbol ?? "(no symbol)"].compactMap { $0 }.joined(separator: " ")
        }
    }
}
