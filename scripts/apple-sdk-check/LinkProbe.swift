// The link check's probe (scripts/apple_sdk_check.py --link): a few lines of UIKit or AppKit,
// compiled and linked before the project's own modules, so that a failure here is the tools'
// (compiler, linker, SDK stubs) and a failure after it is the project's.
#if canImport(UIKit)
import UIKit
typealias ProbeBase = UIView
#else
import AppKit
typealias ProbeBase = NSView
#endif

final class ProbeView: ProbeBase {
    /// A constraint at a priority below required, made when the view is asked for its size.
    func widthConstraint() -> NSLayoutConstraint {
        let constraint = widthAnchor.constraint(equalToConstant: 10)
        constraint.priority = .defaultHigh
        return constraint
    }
}

@_cdecl("layout_debug_link_probe")
public func layoutDebugLinkProbe() -> UnsafeMutableRawPointer {
    let view = ProbeView(frame: .zero)
    view.widthConstraint().isActive = true
    return Unmanaged.passRetained(view).toOpaque()
}
