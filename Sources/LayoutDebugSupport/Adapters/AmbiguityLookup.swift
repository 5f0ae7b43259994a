#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)

// MARK: - AmbiguityLookup

/// Which variables (`minX`, `minY`, `width`, `height`) of an ambiguous view
/// are ambiguous.
///
/// UIKit's public API only says *that* a view is ambiguous
/// (`hasAmbiguousLayout`); the private `_autolayoutTrace` says which variable.
/// The trace is read once per report, from the view's window, and only when
/// some view is ambiguous, since it walks the whole window.
final class AmbiguityLookup {
    private var byAddress: [UInt64: [String]]?

    /// The ambiguous variables of `view`, or empty when the trace does not say.
    func variables(of view: PlatformView) -> [String] {
        if byAddress == nil {
            var root = view
            while let parent = root.superview { root = parent }
            byAddress = AmbiguityTraceParser.parse(Self.autolayoutTrace(of: root))
        }
        return byAddress?[UInt64(Nametags.address(of: view))] ?? []
    }
}
#endif
