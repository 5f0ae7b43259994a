#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - LayoutRequestHook

/// The hooks on the methods by which a view asks for another pass: `setNeedsLayout`,
/// `setNeedsUpdateConstraints`, and the frame and bounds setters (a new size is laid out
/// anew), which the layout loop recorder (`lloop`) listens to.
///
/// Installed once, the first time it is armed, and never taken out (another library may have
/// installed its own in front since); disarmed, each hooked call costs one integer check
/// before the implementation it replaced. The installation (a swizzle on Apple platforms,
/// ReferenceKit's implementation replacement on Linux) is in `LayoutRequestHook+Install.swift`.
enum LayoutRequestHook {
    /// How a view asked.
    enum Kind: UInt8, Sendable {
        case setNeedsLayout
        case setNeedsUpdateConstraints
        /// A frame or bounds set that changes it.
        case frame
        /// A constraint activated (its address in place of a view's): the engine changes,
        /// and marks its host for another layout pass.
        case constraintActivated
    }

    /// What the hook hands the listener: how the view at `view` asked, and for a frame, its
    /// frame before and the one asked for (both `.zero` otherwise).
    typealias Listener = (_ kind: Kind, _ view: UInt, _ old: CGRect, _ new: CGRect) -> Void

    /// Non-zero while armed: the one check a hooked call makes when disarmed. Written under
    /// `lock`, read without it (a stale read records or misses one request).
    nonisolated(unsafe) private(set) static var armed = 0
    nonisolated(unsafe) private static var listener: Listener?
    nonisolated(unsafe) private static var isInstalled = false
    private static let lock = NSLock()
    /// Keeps a request the listener's own work makes from being recorded.
    static let reentry = ThreadReentryFlag()

    /// Installs the hooks if no one did yet and hands every request to `listener`.
    ///
    /// - Returns: `false` when this platform has no such methods to hook.
    static func arm(_ listener: @escaping Listener) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if !isInstalled { isInstalled = StoppedProcessAccess.run { install() } }
        guard isInstalled else { return false }
        self.listener = listener
        armed = 1
        return true
    }

    /// Stops handing requests over; the hooks stay, forwarding only.
    static func disarm() {
        lock.lock()
        armed = 0
        listener = nil
        lock.unlock()
    }

    /// Called by an installed hook, before the implementation it replaced runs.
    @inline(__always)
    static func request(_ kind: Kind, view: AnyObject, old: CGRect = .zero, new: CGRect = .zero) {
        guard armed != 0 else { return }
        deliver(kind, view: UInt(bitPattern: Unmanaged.passUnretained(view).toOpaque()), old: old, new: new)
    }

    /// Called by an installed hook with the address of the object that asked.
    @inline(never)
    static func deliver(_ kind: Kind, view: UInt, old: CGRect, new: CGRect) {
        guard kind != .frame || old != new, let listener else { return }
        reentry.run { listener(kind, view, old, new) }
    }
}
#endif
