#if canImport(SwiftUI) && (canImport(UIKit) || canImport(AppKit))
import SwiftUI
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

// MARK: - Reading SwiftUI's hosting views

/// A hosting view's sizes through SwiftUI's public API only: `sizingOptions`
/// (iOS 16, macOS 13), the hosting controller's `sizeThatFits(in:)`, and the
/// view's `intrinsicContentSize` (the content's ideal size, at the unspecified
/// proposal, when the options track it) and AppKit's `fittingSize`. SwiftUI's
/// generic classes are reached through a protocol each conforms to, whatever
/// its content. Which constraints a hosting view made is not public, so it is
/// left unknown (`nil`), never guessed.
@MainActor
enum HostingReader {
    /// The hosting snapshot of `view`; `nil` for a view that hosts nothing.
    static func snapshot(of view: PlatformView) -> HostingSnapshot? {
        #if canImport(UIKit)
        guard let controller = view.next as? (UIViewController & HostingControllerReading), controller.view === view else {
            return nil
        }
        return HostingSnapshot(kind: "UIHostingController", sizingOptions: controller.sizingOptionNames,
                               idealSize: measured(view.intrinsicContentSize),
                               sizeAtFrame: measured(controller.contentSize(in: view.bounds.size)),
                               scale: Double(view.window?.screen.scale ?? 2))
        #else
        guard let hosting = view as? HostingViewReading else { return nil }
        let controller = view.nextResponder as? HostingControllerReading
        return HostingSnapshot(kind: "NSHostingView", sizingOptions: hosting.sizingOptionNames,
                               idealSize: measured(view.intrinsicContentSize),
                               sizeAtFrame: controller.flatMap { measured($0.contentSize(in: view.bounds.size)) },
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

/// A hosting controller, whatever its content.
@MainActor
protocol HostingControllerReading: AnyObject {
    /// `sizingOptions` by name; `nil` before iOS 16 and macOS 13.
    var sizingOptionNames: [String]? { get }
    /// The content's size for a proposal of `size` (`sizeThatFits(in:)`).
    func contentSize(in size: CGSize) -> CGSize
}

#if canImport(UIKit)
extension UIHostingController: HostingControllerReading {
    var sizingOptionNames: [String]? {
        guard #available(iOS 16.0, tvOS 16.0, macCatalyst 16.0, *) else { return nil }
        return [(UIHostingControllerSizingOptions.preferredContentSize, "preferredContentSize"),
                (.intrinsicContentSize, "intrinsicContentSize")].filter { sizingOptions.contains($0.0) }.map(\.1)
    }

    func contentSize(in size: CGSize) -> CGSize { sizeThatFits(in: size) }
}
#else
extension NSHostingController: HostingControllerReading {
    var sizingOptionNames: [String]? {
        guard #available(macOS 13.0, *) else { return nil }
        return HostingOptionNames.names(sizingOptions)
    }

    func contentSize(in size: CGSize) -> CGSize { sizeThatFits(in: size) }
}

/// An `NSHostingView`, whatever its content.
@MainActor
protocol HostingViewReading: AnyObject {
    /// `sizingOptions` by name; `nil` before macOS 13.
    var sizingOptionNames: [String]? { get }
}

extension NSHostingView: HostingViewReading {
    var sizingOptionNames: [String]? {
        guard #available(macOS 13.0, *) else { return nil }
        return HostingOptionNames.names(sizingOptions)
    }
}

/// `NSHostingSizingOptions` by name, as `lreport` prints them.
enum HostingOptionNames {
    @available(macOS 13.0, *)
    static func names(_ options: NSHostingSizingOptions) -> [String] {
        [(NSHostingSizingOptions.minSize, "minSize"), (.intrinsicContentSize, "intrinsicContentSize"),
         (.maxSize, "maxSize"), (.preferredContentSize, "preferredContentSize")]
            .filter { options.contains($0.0) }.map(\.1)
    }
}
#endif
#endif
