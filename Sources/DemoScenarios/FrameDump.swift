import Foundation
import ReferenceKit

// MARK: - FrameDump

/// The frame listing `layout-demo` prints after layout:
/// ```
/// == frames ==
/// UIWindow:0x55d0c0a0 (0 0; 375 667)
///   UIView:0x55d0c1b0 'root' (0 0; 375 667)
/// ```
/// two spaces per depth level, the accessibility identifier in quotes when
/// there is one, numbers without a trailing `.0`.
public enum FrameDump {
    /// The listing for a window and every view below it.
    @MainActor
    public static func text(of window: UIView) -> String {
        var lines = ["== frames =="]
        append(window, depth: 0, to: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One view's line, without indentation: `UIView:0x… 'id' (x y; w h)`.
    @MainActor
    public static func line(for view: UIView) -> String {
        let address = "0x" + String(UInt(bitPattern: Unmanaged.passUnretained(view).toOpaque()), radix: 16)
        var text = className(of: view) + ":" + address
        if let identifier = view.accessibilityIdentifier { text += " '\(identifier)'" }
        let frame = view.frame
        return text + " (\(number(frame.minX)) \(number(frame.minY)); \(number(frame.width)) \(number(frame.height)))"
    }

    @MainActor
    private static func append(_ view: UIView, depth: Int, to lines: inout [String]) {
        lines.append(String(repeating: "  ", count: depth) + line(for: view))
        for subview in view.subviews { append(subview, depth: depth + 1, to: &lines) }
    }

    /// ReferenceKit classes by their UIKit names, others as `Module.Class`.
    private static func className(of view: UIView) -> String {
        let full = String(reflecting: type(of: view))
        return full.hasPrefix("ReferenceKit.") ? String(full.dropFirst("ReferenceKit.".count)) : full
    }

    /// `768`, `12.5`: no trailing `.0`.
    static func number(_ value: CGFloat) -> String {
        let double = Double(value)
        if double == double.rounded(), abs(double) < 1e15 { return String(Int64(double)) }
        return String(double)
    }
}
