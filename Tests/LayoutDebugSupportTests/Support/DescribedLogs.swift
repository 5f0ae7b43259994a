// MARK: - DescribedLogs

/// Logs written to the grammar of `docs/parser-grammar.md` (sections 2 and 9):
/// a conflict, and the view descriptions a user pastes next to it.
enum DescribedLogs {
    /// A label 0x7fd in a view 0x7fc that its container makes 320 wide:
    /// leading 16 + trailing 16 + width 400 = 432, not 320. UIKit breaks the width.
    static let widthConflict = """
        2026-11-27 10:00:00.000 Demo[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.
        \tProbably at least one of the constraints in the following list is one you don't want.
        \tTry this:
        \t\t(1) look at each constraint and try to figure out which you don't expect;
        \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
        (
            "<NSLayoutConstraint:0x600001 'UIView-Encapsulated-Layout-Width' UIView:0x7fc.width == 320   (active)>",
            "<NSLayoutConstraint:0x600002 UILabel:0x7fd.leading == UIView:0x7fc.leading + 16   (active)>",
            "<NSLayoutConstraint:0x600003 UIView:0x7fc.trailing == UILabel:0x7fd.trailing + 16   (active)>",
            "<NSLayoutConstraint:0x600004 UILabel:0x7fd.width == 400   (active)>"
        )

        Will attempt to recover by breaking constraint
        <NSLayoutConstraint:0x600004 UILabel:0x7fd.width == 400   (active)>

        Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
        The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.

        """

    /// `po UIApplication.shared.keyWindow!.recursiveDescription()` as UIKit
    /// prints it, with the engine's layout: the window and its root view
    /// 320 × 568, the label at 16 from both edges, so 320 - 32 = 288 wide.
    static let window = """
        (lldb) po UIApplication.shared.keyWindow!.recursiveDescription()
        <UIWindow: 0x7fb; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x600a>; layer = <UIWindowLayer: 0x600b>>
           | <UIView: 0x7fc; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x600c>>
           |    | <UILabel: 0x7fd; frame = (16 100; 288 21); text = 'Hello'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600d>>

        """

    /// Another window's dump: none of the conflict's views.
    static let otherWindow = """
        <UIWindow: 0x9b0; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x9b1>>
           | <UIView: 0x9c0; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x9c1>>

        """
}
