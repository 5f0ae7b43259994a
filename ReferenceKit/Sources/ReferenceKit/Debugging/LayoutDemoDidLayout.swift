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
    DemoLayoutPasses.count()
}

/// How many times `LayoutDemoDidLayout` has run in this process.
public enum DemoLayoutPasses {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var passes = 0

    /// The number of calls so far.
    public static var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return passes
    }

    static func count() {
        lock.lock()
        passes += 1
        lock.unlock()
    }
}
