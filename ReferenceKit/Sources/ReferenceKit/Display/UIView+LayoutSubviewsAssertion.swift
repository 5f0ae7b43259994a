import Foundation

// MARK: - UIKitLayoutEra

/// Which UIKit's layout pass ReferenceKit plays.
///
/// Until iOS 7, `-[UIView layoutSubviews]` itself applied the engine's frames to the
/// subviews, so an override that did not call super left them unapplied, and
/// `-[UIView(CALayerDelegate) layoutSublayersOfLayer:]` asserted. iOS 8 applies them
/// whatever the override does ("Apple fixed this after iOS8", Zuikyo/ZIKConstraintsGuard's
/// README; "It's ok while running on iOS8", SnapKit/Masonry#209), and raises nothing.
public enum UIKitLayoutEra: Sendable {
    case iOS7
    case iOS8AndLater

    /// The era every layout pass plays; iOS 8 and later unless a test or demo asks.
    @MainActor public static var current = UIKitLayoutEra.iOS8AndLater
}

// MARK: - Sending layoutSubviews

extension UIView {
    /// Sends `layoutSubviews()`; in the iOS 7 era, an override that skipped super while
    /// subviews wait for the engine's frames fails UIKit's assertion.
    func sendLayoutSubviews() {
        cycleMarks.calledSuperLayoutSubviews = false
        layoutSubviews()
        guard UIKitLayoutEra.current == .iOS7, !cycleMarks.calledSuperLayoutSubviews,
              subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) else { return }
        autoLayoutStillRequired()
    }

    /// UIKit's assertion and exception, verbatim from public iOS 7 logs (ivanbruel/
    /// IBScrollViewFloatingHeader#3, sobri909/MGBoxKit#115): the assertion line names the
    /// file and line of UIKit-2935.137's UIView.m, the reason the class alone.
    @inline(never)
    func autoLayoutStillRequired() {
        let name = runtimeClassName(self)
        FileHandle.standardError.write(Data(("*** Assertion failure in -[\(name) layoutSublayersOfLayer:], "
            + "/SourceCache/UIKit_Sim/UIKit-2935.137/UIView.m:8794\n").utf8))
        raiseException(name: "NSInternalInconsistencyException",
                       reason: "Auto Layout still required after executing -layoutSubviews. "
                           + "\(name)'s implementation of -layoutSubviews needs to call super.")
    }
}
