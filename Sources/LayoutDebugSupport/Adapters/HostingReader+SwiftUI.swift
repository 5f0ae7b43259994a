// `sizingOptions` is Swift-only API of SwiftUI's generic classes, so reading it imports SwiftUI.
// Only where that can be type-checked: iPhoneOS17.6.sdk's SwiftUI interface builds with our
// Swift 6.3, MacOSX13.3.sdk's (macOS and Mac Catalyst) does not (an os_log interpolation in
// `Environment.wrappedValue`), so on a Mac the options are left unread (docs/VERIFIED.md).
#if canImport(SwiftUI) && canImport(UIKit) && os(iOS) && !targetEnvironment(macCatalyst)
import SwiftUI
import UIKit

// MARK: - SwiftUI's sizingOptions

/// A hosting controller's `sizingOptions`, whatever its content.
enum SwiftUISizingOptions {
    /// The options of the `UIHostingController` whose view `view` is, by name;
    /// `nil` before iOS 16, or when its controller is no hosting controller.
    static func names(ofControllerOf view: UIView) -> [String]? {
        guard let controller = view.next as? (UIViewController & HostingControllerReading), controller.view === view else {
            return nil
        }
        return controller.sizingOptionNames
    }
}

/// A hosting controller, whatever its content: SwiftUI's generic class conforms.
@preconcurrency @MainActor
protocol HostingControllerReading: AnyObject {
    /// `sizingOptions` by name; `nil` before iOS 16.
    var sizingOptionNames: [String]? { get }
}

extension UIHostingController: HostingControllerReading {
    var sizingOptionNames: [String]? {
        guard #available(iOS 16.0, *) else { return nil }
        return [(UIHostingControllerSizingOptions.preferredContentSize, "preferredContentSize"),
                (.intrinsicContentSize, "intrinsicContentSize")].filter { sizingOptions.contains($0.0) }.map(\.1)
    }
}
#elseif canImport(UIKit) || canImport(AppKit)

/// No SwiftUI import here: the options are not read (see above).
enum SwiftUISizingOptions {
    static func names(ofControllerOf view: PlatformView) -> [String]? { nil }
}
#endif
