// MARK: - LoopWords

/// The words AppKit and UIKit print around a layout loop, each as it was seen (the sources are
/// in `Tests/Fixtures/loops/SOURCES.md`), and the frames that tell a pass apart.
enum LoopWords {
    /// AppKit's reason: `The window has been marked as needing another <PASS> pass, but it has
    /// already had more <PASS> passes than there are views in the window.` (iina#3505, UTM#3446;
    /// the Layout twin in LiveWallpaperMacOS#35, the Display twin in gasmask#172).
    static let reasonStart: StaticString = "The window has been marked as needing another "
    static let reasonPassEnd: StaticString = " pass, but it has already had more "
    static let reasonEnd: StaticString = "passes than there are views in the window."
    /// macOS 14's non-fatal form goes on after the window's description (Sequel-Ace#1774).
    static let futureMarking: StaticString = "Future marking as needing "
    /// `[com.apple.AppKit:DisplayCycle] Marking window 0x… as needing Update Constraints in
    /// Window for identifier 1 (limit: 198, count: 204 w/identifier 1)` (cmux#2299).
    static let displayCycle: StaticString = "[com.apple.AppKit:DisplayCycle] "
    static let displayCycleMarking: StaticString = "Marking window "
    /// UIKit's feedback-loop exception: `Degenerate layout! Layout feedback loop detected in
    /// subtree of <UIView: 0x…; frame = (0 0; 375 812); …>.` (Pulley#390).
    static let degenerate: StaticString = "Degenerate layout!"
    static let feedbackSubtree: StaticString = " in subtree of "
    static let viewsCaught: StaticString = "Views caught in loop: "
    /// iOS 6/7: `Auto Layout still required after executing -layoutSubviews. MGScrollView's
    /// implementation of -layoutSubviews needs to call super.` (MGBoxKit#115).
    static let stillRequired: StaticString = "Auto Layout still required after executing -layoutSubviews. "
    static let stillRequiredEnd: StaticString = "'s implementation of -layoutSubviews"

    /// The frame AppKit raises from, per pass: `_postWindowNeedsUpdateConstraints` (macOS 15 and
    /// later; `…UnlessPostingDisabled` on 10.15 to 13), `_postWindowNeedsLayout`.
    static let throwSites: [(String, LoopPass)] = [
        ("_postWindowNeedsUpdateConstraints", .updateConstraints), ("_postWindowNeedsLayout", .layout),
    ]

    /// Frames that run a pass (the window's, or one view's part of it): a hang sample inside one,
    /// and a window-frame change under one, are told by them.
    static let passFrames: [(String, LoopPass)] = [
        ("__NSWindowGetDisplayCycleObserverForUpdateConstraints", .updateConstraints),
        ("updateConstraintsIfNeeded]", .updateConstraints),
        ("updateConstraintsForSubtreeIfNeeded", .updateConstraints),
        ("__NSWindowGetDisplayCycleObserverForLayout", .layout),
        ("_layoutViewTree]", .layout),
        ("NSWindow(NSConstraintBasedLayoutInternal) layoutIfNeeded]", .layout),
        ("layoutSubtreeIfNeeded]", .layout),
        ("layoutSublayersOfLayer:]", .layoutSubviews),
    ]

    /// SwiftUI's hosting types: a frame of one means a hosting view takes part in the loop
    /// (`NSHostingView.requestUpdate(after:)`, `$s7SwiftUI13NSHostingViewC…`, `_UIHostingView`).
    static let hostingTypes = ["NSHostingView", "UIHostingView", "NSHostingController", "UIHostingController"]
    /// SwiftUI frames that follow a hosting view's size with the window's (TypeWhisper PR#1232).
    static let hostingWindowSizing = ["updateAnimatedWindowSize", "updateWindowContentSizeExtremaIfNecessary"]

    /// Calls that change a window's frame (`-[NSWindow setFrame:display:]`, and the path
    /// SuperCmd#128 traced: `_setFrameCommon:display:fromServer:`, `_oldPlaceWindow:fromServer:`).
    static let windowFrameSetters = ["setFrame:", "_setFrameCommon:", "_oldPlaceWindow:", "setContentSize:",
                                     "setFrameOrigin:", "setFrameTopLeftPoint:"]
}
