#if canImport(UIKit) || canImport(AppKit)
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

// MARK: - Reading SwiftUI's hosting views

/// A hosting view's sizes through public API only: the view's
/// `intrinsicContentSize` (its content's ideal size, at the unspecified
/// proposal), UIKit's `sizeThatFits(_:)` (its content's size for a proposal)
/// and AppKit's `fittingSize`, and the controller's `sizingOptions` where
/// SwiftUI can be imported (`HostingReader+SwiftUI`). Which constraints a
/// hosting view made is not public, so it is left unknown (`nil`), never guessed.
enum HostingReader {
    /// The hosting snapshot of `view`, whose class the adapter found to be a hosting view's.
    static func snapshot(of view: PlatformView) -> HostingSnapshot? {
        #if canImport(UIKit)
        return HostingSnapshot(kind: "UIHostingController", sizingOptions: SwiftUISizingOptions.names(ofControllerOf: view),
                               idealSize: measured(view.intrinsicContentSize),
                               sizeAtFrame: measured(view.sizeThatFits(view.bounds.size)),
                               scale: Double(view.window?.screen.scale ?? 2))
        #else
        return HostingSnapshot(kind: "NSHostingView", sizingOptions: nil,
                               idealSize: measured(view.intrinsicContentSize), sizeAtFrame: nil,
                               minimumSize: measured(view.fittingSize),
                               scale: Double(view.window?.backingScaleFactor ?? 2),
                               isWindowContentView: view.window?.contentView === view)
        #endif
    }

    /// A size SwiftUI gave, or `nil` for none: NaN, negative, or no intrinsic metric.
    private static func measured(_ size: CGSize) -> SnapshotSize? {
        guard !size.width.isNaN, !size.height.isNaN, size.width >= 0, size.height >= 0 else { return nil }
        return SnapshotSize(width: size.width.isFinite ? Double(size.width) : -1,
                            height: size.height.isFinite ? Double(size.height) : -1)
    }
}
#endif
