import Foundation

// MARK: - LayoutFeedbackLoopDebugger

/// UIKit's layout feedback loop debugger (`_UIViewLayoutFeedbackLoopDebugger`, WWDC 2016
/// session 236): armed by the user default (or launch argument)
/// `UIViewLayoutFeedbackLoopDebuggingThreshold`, it counts how many times each view
/// receives `layoutSubviews` in one turn of the run loop; at the threshold it records
/// the views receiving layout until the loop comes round again, then logs and raises.
///
/// Texts and numbers from UIKitCore (iOS 26.1) as decompiled in
/// EthanArbuckle/iPhone18-3_26.1_23B85_Restore,
/// `_UIViewLayoutFeedbackLoopDebugger.mm`: the threshold clamped to 50…10000; the
/// enabling log; the reason "Degenerate layout! Layout feedback loop detected in
/// subtree of %@. More info may be available in the log for com.apple.UIKit.LayoutLoop",
/// raised as `NSGenericException` (the name confirmed by 52inc/Pulley#390, iOS 14); the
/// description's headings ("Top-level view = ", "Views caught in loop: ", "Views
/// receiving layout in order: ", "*** Views With Geometry Changes ***").
@MainActor
final class LayoutFeedbackLoopDebugger {
    nonisolated static let defaultsKey = "UIViewLayoutFeedbackLoopDebuggingThreshold"

    /// The one debugger, made at the first layout when the threshold is set (UIKit reads it
    /// once, in a dispatch-once block).
    static var shared: LayoutFeedbackLoopDebugger? = fromDefaults()

    /// The debugger the user defaults ask for, with the log UIKit writes on enabling it.
    static func fromDefaults() -> LayoutFeedbackLoopDebugger? {
        let asked = UserDefaults.standard.integer(forKey: defaultsKey)
        guard asked > 0 else { return nil }
        let debugger = LayoutFeedbackLoopDebugger(threshold: min(max(asked, 50), 10_000))
        log("Layout feedback loop debugging enabled via -\(defaultsKey) launch argument with a threshold of \(debugger.threshold)")
        return debugger
    }

    /// How many layouts of one view in one run-loop turn start the recording.
    let threshold: Int
    /// Layouts of each view in this turn.
    private var counts: [ObjectIdentifier: Int] = [:]
    /// Once triggered: the view that reached the threshold, and the views receiving
    /// layout since, with the frame each had.
    private var trigger: UIView?
    private var received: [(view: UIView, frame: CGRect)] = []

    init(threshold: Int) { self.threshold = threshold }

    /// A new run-loop turn: counts start again.
    func beginTurn() {
        counts = [:]
        trigger = nil
        received = []
    }

    /// `view` is about to receive `layoutSubviews`.
    func willLayout(_ view: UIView) {
        if let trigger {
            if trigger === view, !received.isEmpty { dump(topLevel: topLevelView()) }
            received.append((view, view.frame))
            return
        }
        let count = counts[ObjectIdentifier(view), default: 0] + 1
        counts[ObjectIdentifier(view)] = count
        if count >= threshold {
            trigger = view
            received = [(view, view.frame)]
        }
    }

    // MARK: - The dump

    /// The outermost view caught in the loop: the one whose ancestors are none of the others.
    private func topLevelView() -> UIView {
        let caught = received.map(\.view)
        return caught.first { view in !caught.contains { $0 !== view && view.isDescendant(of: $0) } } ?? caught[0]
    }

    /// Logs the loop under `[LayoutLoop]` and raises, as UIKit's `dumpInfoWithInfoCollectionSuccess:`.
    private func dump(topLevel: UIView) -> Never {
        let reason = "Degenerate layout! Layout feedback loop detected in subtree of \(topLevel.description). "
        Self.log(reason + "\n" + description(topLevel: topLevel))
        raiseException(name: "NSGenericException", reason: reason + "More info may be available in the log for com.apple.UIKit.LayoutLoop")
    }

    private func description(topLevel: UIView) -> String {
        var caught: [UIView] = []
        for (view, _) in received where !caught.contains(where: { $0 === view }) { caught.append(view) }
        var text = "Top-level view = \(topLevel.description)\n\n"
        text += "Views caught in loop: (\n" + caught.map { "    \($0.description)" }.joined(separator: ",\n") + "\n)\n\n"
        text += "Views receiving layout in order: (\n" + received.map { "    \($0.view.description)" }.joined(separator: ",\n") + "\n)\n\n"
        text += "\n*** Views With Geometry Changes ***\n"
        // Each view's frame at each layout, and the views' frames now, as the loop comes round.
        let records = received + caught.map { ($0, $0.frame) }
        for view in caught {
            let frames = records.filter { $0.view === view }.map(\.frame)
            guard Set(frames.map { "\($0)" }).count > 1 else { continue }
            text += "Geometry change records for \(view.description):\n"
                + frames.map { "    frame = (\(Self.text($0)))" }.joined(separator: "\n") + "\n"
        }
        return text
    }

    /// A frame as view descriptions write it: `x y; width height`.
    private static func text(_ frame: CGRect) -> String {
        "\(formatNumber(frame.minX)) \(formatNumber(frame.minY)); \(formatNumber(frame.width)) \(formatNumber(frame.height))"
    }

    /// UIKit writes to os_log, subsystem com.apple.UIKit, category LayoutLoop; a console shows
    /// it as `date process[pid:tid] [LayoutLoop] message` (the enabling line as quoted in a
    /// public sample app's comment, research 44.2).
    static func log(_ message: String) {
        FileHandle.standardError.write(Data((ConflictLog.header(category: "LayoutLoop")
            + message + "\n").utf8))
    }
}
