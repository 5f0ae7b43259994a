#if canImport(ObjectiveC) && (canImport(UIKit) || (canImport(AppKit) && os(macOS)))
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

// MARK: - The private trace, only when present (where a platform lacks it, no variable is named)

extension AmbiguityLookup {
    /// `_autolayoutTrace` when the view responds to it (it is private API and
    /// may vanish); empty text otherwise, which names no variable.
    static func autolayoutTrace(of view: PlatformView) -> String {
        let selector = NSSelectorFromString("_autolayoutTrace")
        guard view.responds(to: selector) else { return "" }
        return view.perform(selector)?.takeUnretainedValue() as? String ?? ""
    }
}
#endif
