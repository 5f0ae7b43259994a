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
    DemoLayoutPasses.counter.increment()
}

/// How many times `LayoutDemoDidLayout` has run in this process.
public enum DemoLayoutPasses {
    fileprivate static let counter = LockedCounter()

    /// The number of calls so far.
    public static var total: Int { counter.value }
}
