#if !canImport(UIKit) && os(Linux)
import ReferenceKit

// MARK: - ReferenceKit's trace

extension AmbiguityLookup {
    /// ReferenceKit's `_autolayoutTrace`, which copies UIKit's private one
    /// (and is public there, so no `responds(to:)` check is needed).
    static func autolayoutTrace(of view: UIView) -> String {
        view._autolayoutTrace()
    }
}
#endif
