import Foundation

// MARK: - LayoutDemoDidLayout

/// The breakpoint `layout-demo` calls after its layout pass, with
/// `rootView` an unretained pointer to the window's root view.
///
/// It lives in the shared library, not in the demo executable, because an
/// executable's symbols are not visible to `dlsym`, and the demo must call it
/// through its C symbol so a debugger breakpoint on the name fires.
@_cdecl("LayoutDemoDidLayout")
public func LayoutDemoDidLayout(_ rootView: UnsafeMutableRawPointer?) {
    // Only a call that passes `rootView` on: users read it as `$arg1` at the
    // breakpoint, which sits after the prologue. With the argument unused, an
    // optimized build reused its register before that point.
    DemoLayoutPasses.record(rootView)
}

/// The layout passes `layout-demo` has reported in this process.
public enum DemoLayoutPasses {
    fileprivate static let counter = LockedCounter()
    nonisolated(unsafe) private static var lastRoot: UnsafeMutableRawPointer?

    /// The number of calls so far.
    public static var total: Int { counter.value }

    /// The root view of the last pass, unretained.
    public static var lastRootView: UnsafeMutableRawPointer? { lastRoot }

    @inline(never)
    fileprivate static func record(_ rootView: UnsafeMutableRawPointer?) {
        lastRoot = rootView
        counter.increment()
    }
}
