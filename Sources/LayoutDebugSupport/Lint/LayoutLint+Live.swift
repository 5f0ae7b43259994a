#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)

// MARK: - LayoutLint on a live view

// The live entry only forwards: the adapters take snapshots of the view's
// tree, and the rules run on those (`LayoutLint.findings(in: ViewSnapshot…)`).

#if canImport(UIKit) || os(Linux)
extension LayoutLint {
    /// The layout traps in `view` and its subviews: for an app's unit tests
    /// (`LayoutLintAssertions.assertNoLayoutTraps` fails a test with them).
    ///
    /// - Parameters:
    ///   - view: A laid-out view; call `layoutIfNeeded()` first, since the
    ///     frames are read as they stand.
    ///   - stress: Also re-solve a copy with doubled text and right to left.
    /// - Returns: The findings not silenced, in rule order.
    @MainActor
    public static func findings(in view: UIView, stress: Bool = false) -> [LayoutFinding] {
        findings(in: LiveSnapshots.tree(of: view), stress: stress)
    }
}
#else
extension LayoutLint {
    /// The layout traps in `view` and its subviews (see the UIKit twin).
    @MainActor
    static func findings(in view: NSView, stress: Bool = false) -> [LayoutFinding] {
        findings(in: LiveSnapshots.tree(of: view), stress: stress)
    }
}
#endif
#endif
