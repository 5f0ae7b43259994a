// MARK: - PastedLoop

/// A layout loop as a pasted text tells it: a crash report, a console, an `.ips` file, AppKit's
/// DisplayCycle log lines, an app's own exception handler, a hang sample, or UIKit's
/// feedback-loop exception. Only what the text says is kept; `LoopExplanation` reads it.
///
/// The wordings each field is read from, and where each was seen, are in `LoopWords` and
/// `Tests/Fixtures/loops/SOURCES.md`.
struct PastedLoop: Sendable {
    /// The first and last line (from 1) of the input the loop was read from.
    var firstLine: Int
    var lastLine: Int
    /// The form it was pasted in.
    var form: LoopForm
    /// The pass that never settled, when the text names it (its reason or its throw site).
    var pass: LoopPass?
    /// The exception's name (`NSGenericException`), when the text gives it.
    var exceptionName: String?
    /// The window, from the description AppKit appends to the reason (macOS 11 and later).
    var window: LoopWindow?
    /// UIKit: the view the exception names (the feedback loop's top-level view, or the class
    /// whose `-layoutSubviews` did not call super), as printed.
    var view: String?
    /// UIKit's feedback-loop dump: the views it says are caught in the loop, as printed.
    var viewsInLoop: [String] = []
    /// The OS version the report's header gives (`macOS 11.2.1 (20D75)`).
    var osVersion: String?
    /// AppKit's DisplayCycle log: the pass limit and the count the window reached.
    var limit: Int?
    var count: Int?
    /// The stack that tells the loop: the exception's backtrace, else the crashed thread's, else
    /// the one stack pasted; innermost frame first.
    var stack: [LoopFrame] = []
    /// A hang sample: how many samples the main thread spent in the pass, and how many it took.
    var samplesInPass: Int?
    var samples: Int?
    /// What the text lacks, for the one-line warnings.
    var problems: [LoopProblem] = []
    /// Whether the reason came whole (it ends "… than there are views in the window.").
    var reasonIsWhole = false
    /// Whether the whole reason was followed by no window description (macOS 10.15 and earlier).
    var reasonWithoutDescription = false
    /// Whether the text is a crash report of macOS 12 or later (`Translated Report`, `.ips`).
    var isModernReport = false
}

// MARK: - LoopForm

/// The form a loop was pasted in.
enum LoopForm: String, Sendable, Encodable {
    /// A crash report's text (`Crashing on exception:` under "Application Specific Information").
    case crashReport = "crash-report"
    /// An `.ips` crash report (JSON: `asi`, `asiBacktraces`, `lastExceptionBacktrace`).
    case ips
    /// Console text: `*** Terminating app due to uncaught exception`, `First throw call stack:`.
    case console
    /// macOS 14's log line that goes on: `Future marking as needing … might be ignored.`
    case nonFatal = "non-fatal"
    /// AppKit's `[com.apple.AppKit:DisplayCycle]` log lines, with the limit and the count.
    case displayCycleLog = "display-cycle-log"
    /// An app's own uncaught-exception handler (`name:`, `reason:`, `callStack:`).
    case exceptionHandler = "exception-handler"
    /// A reason or a stack pasted alone, with no report, console or handler around it (a
    /// reporter's symbolicated list, `AppKit: -[NSView …] + 468`).
    case stack
    /// A hang's sample or spindump (a call graph with sample counts).
    case hangSample = "hang-sample"
    /// UIKit's layout feedback loop debugger (`Degenerate layout!`).
    case uikitFeedbackLoop = "uikit-feedback-loop"
    /// UIKit's "Auto Layout still required after executing -layoutSubviews".
    case uikitLayoutStillRequired = "uikit-layout-still-required"

    /// The form in a few words, for the report's first line.
    var title: String {
        switch self {
        case .crashReport: return "crash report"
        case .ips: return ".ips crash report"
        case .console: return "console"
        case .nonFatal: return "log line (not fatal)"
        case .displayCycleLog: return "AppKit DisplayCycle log"
        case .exceptionHandler: return "the app's exception handler"
        case .stack: return "pasted stack"
        case .hangSample: return "hang sample"
        case .uikitFeedbackLoop: return "UIKit layout feedback loop"
        case .uikitLayoutStillRequired: return "UIKit exception"
        }
    }
}

// MARK: - LoopPass

/// The pass that never settled: AppKit's three window passes, or UIKit's `-layoutSubviews`.
enum LoopPass: String, Sendable, Encodable, CaseIterable {
    case updateConstraints
    case layout
    case display
    case layoutSubviews

    /// The pass as AppKit's reason names it ("Update Constraints in Window"), or UIKit's method.
    var title: String {
        switch self {
        case .updateConstraints: return "Update Constraints in Window"
        case .layout: return "Layout Window"
        case .display: return "Display Window"
        case .layoutSubviews: return "-layoutSubviews"
        }
    }

    /// The AppKit pass whose reason names it `title`.
    init?(appKitTitle title: Substring) {
        guard let pass = [LoopPass.updateConstraints, .layout, .display].first(where: { $0.title == title }) else {
            return nil
        }
        self = pass
    }
}

// MARK: - LoopWindow

/// A window as AppKit describes it after the reason:
/// `<NSWindow: 0x126f5db70> 0x28f (655) {{649, 99}, {1047, 787}} Reddit en`.
struct LoopWindow: Sendable, Equatable {
    /// The window's class, as printed (`SwiftUI.SwiftUIWindow`, `SPWindow`).
    var className: String
    /// Its address, when printed.
    var address: UInt64?
    /// The number printed twice, in hexadecimal and in decimal (`0x28f (655)`): the window's
    /// number, not its view count (AppKit's DisplayCycle log gives the limit apart).
    var number: Int?
    /// Its frame in screen coordinates: x, y, width, height.
    var frame: [Double]?
    /// Its title, when it has one.
    var title: String?
    /// The language code that ends the description (`en`, `fr`, `zh-Hans`).
    var language: String?
}

// MARK: - LoopFrame

/// One frame of a pasted stack.
struct LoopFrame: Sendable, Equatable {
    /// The frame's number as printed (innermost is 0), or its place when unnumbered.
    var index: Int
    /// The image (`AppKit`, `SwiftUI`, `MyApp`); `com.apple.AppKit` is kept as printed.
    var image: String?
    /// The symbol (`-[NSView setNeedsUpdateConstraints:]`), without its `+ offset`; `nil` when the
    /// frame is an address alone.
    var symbol: String?
    /// The line (from 1) it was read from.
    var line: Int
    /// A hang sample's count of samples in this frame.
    var samples: Int?

    /// The frame as a report prints it: `#3 AppKit -[NSView layout]`.
    var text: String {
        "#\(index) " + [image, symbol ?? "(no symbol)"].compactMap { $0 }.joined(separator: " ")
    }
}

// MARK: - LoopProblem

/// What a pasted loop lacks: each gets one line, and `layout-explain` exits 1.
enum LoopProblem: String, Sendable, Encodable, Equatable {
    /// The text stops inside the report (the reason is cut, or a stack is announced and missing).
    case truncated
    /// Frames that are addresses alone.
    case unsymbolicated
    /// The stacks pasted have no AppKit or UIKit frame: none is the loop's.
    case noPlatformFrames

    /// The one line the problem is told in.
    var sentence: String {
        switch self {
        case .truncated:
            return "the text is cut off before the loop's report ends; what follows is read from the part pasted"
        case .unsymbolicated:
            return "some frames are addresses without symbols; symbolicate the report (Xcode's Organizer, atos) "
                + "to see whose they are"
        case .noPlatformFrames:
            return "the stack pasted has no AppKit or UIKit frame, so it is not the loop's; the pass and the "
                + "window come from the reason alone"
        }
    }
}
