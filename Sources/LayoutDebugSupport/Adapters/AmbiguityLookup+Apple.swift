#if canImport(UIKit) && canImport(ObjectiveC)
import UIKit

// MARK: - UIKit's private trace, only when present

extension AmbiguityLookup {
    /// `_autolayoutTrace` when the view responds to it (it is private API and
    /// may vanish); empty text otherwise, which names no variable.
    static func autolayoutTrace(of view: UIView) -> String {
        let selector = NSSelectorFromString("_autolayoutTrace")
        guard view.responds(to: selector) else { return "" }
        return view.perform(selector)?.takeUnretainedValue() as? String ?? ""
    }
}
#endif
