import Foundation

// MARK: - Description

extension UIView: CustomStringConvertible {
    /// UIKit's description: `<UIView: 0x…; frame = (0 0; 375 667); autoresize = W+H>`
    /// (ReferenceKit has no layers, so no `layer =` part).
    nonisolated public var description: String {
        uncheckedMainActor {
            var parts = ["<\(runtimeClassName(self)): \(addressText(self))", "frame = (\(frameText))"]
            if let title = descriptionTitle { parts.append("text = '\(title)'") }
            if !autoresizingMask.isEmpty { parts.append("autoresize = " + autoresizeText) }
            if isHidden { parts.append("hidden = YES") }
            return parts.joined(separator: "; ") + ">"
        }
    }

    /// `x y; width height`, as UIKit prints a frame.
    var frameText: String {
        "\(formatNumber(frame.minX)) \(formatNumber(frame.minY)); \(formatNumber(frame.width)) \(formatNumber(frame.height))"
    }

    private var autoresizeText: String {
        let names: [(AutoresizingMask, String)] = [(.flexibleLeftMargin, "LM"), (.flexibleWidth, "W"), (.flexibleRightMargin, "RM"),
                                                   (.flexibleTopMargin, "TM"), (.flexibleHeight, "H"), (.flexibleBottomMargin, "BM")]
        return names.filter { autoresizingMask.contains($0.0) }.map(\.1).joined(separator: "+")
    }
}

extension UILayoutGuide: CustomStringConvertible {}
