import CoreFoundation
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ImplicitTransaction

/// Core Animation's implicit transaction of one thread: the hierarchies marked on it
/// since its last commit, laid out and drawn when it commits.
///
/// Apple's `CATransaction` documentation: "Implicit transactions are created automatically
/// when the layer tree is modified by a thread without an active transaction and are
/// committed automatically when the thread's runloop next iterates." The first mark on a
/// thread adds an observer to that thread's run loop (before it waits, and when it exits),
/// as Core Animation's `CA::Transaction::observer_callback` is (iOS stack in
/// zbrateam/Zebra#1859: `CA::Transaction::commit()` under `observer_callback`, under
/// `__CFRUNLOOP_IS_CALLING_OUT_TO_AN_OBSERVER_CALLBACK_FUNCTION__`, `__CFRunLoopDoObservers`,
/// `__CFRunLoopRun`, `CFRunLoopRunSpecific`, `GSEventRunModal`). A thread whose run loop
/// never turns commits when it exits: `CA::Transaction::commit()` under
/// `CA::Transaction::release_thread(void*)`, under `_pthread_tsd_cleanup` and `_pthread_exit`
/// (the background-thread crash quoted in Apple's developer forums, thread 129686, and the
/// "commits when that thread is later torn down" of session-foundation/session-ios#707).
///
/// ReferenceKit uses the real run loop (CoreFoundation's, in swift-corelibs-foundation on
/// Linux); the Core Animation frames are functions of its own, under the symbol names Core
/// Animation's have (C++ names, which a debugger demangles), each a frame of its own.
final class ImplicitTransaction {
    /// The hierarchies marked since the last commit: each mark's view, weakly; the
    /// topmost view of each is laid out.
    private var marked: [WeakView] = []
    /// Whether this thread's run loop has the commit observer.
    private var observing = false
    /// Whether the transaction is committing now (on its thread).
    private(set) var isCommitting = false
    /// How many times the thread's run loop called the commit observer.
    fileprivate(set) var observerCallouts = 0

    /// The calling thread's transaction, made on first use.
    static var current: ImplicitTransaction {
        if let value = pthread_getspecific(ThreadKey.key) {
            return Unmanaged<ImplicitTransaction>.fromOpaque(value).takeUnretainedValue()
        }
        let made = ImplicitTransaction()
        pthread_setspecific(ThreadKey.key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// Records a marked view; the first mark adds the commit observer to the thread's run loop.
    @MainActor
    func add(_ view: UIView) {
        marked.append(WeakView(view: view))
        guard !observing else { return }
        observing = true
        ThreadKey.addCommitObserver()
    }

    /// Takes the distinct live hierarchies marked so far, by their topmost view.
    @MainActor
    private func takeRoots() -> [UIView] {
        let views = marked.compactMap(\.view)
        marked = []
        var seen = Set<ObjectIdentifier>()
        var roots: [UIView] = []
        for view in views {
            var root = view
            while let parent = root.superview { root = parent }
            if seen.insert(ObjectIdentifier(root)).inserted { roots.append(root) }
        }
        return roots
    }

    /// Lays out and draws what was marked; what is marked meanwhile waits for the next commit.
    fileprivate func commit() {
        let roots = uncheckedMainActor { takeRoots() }
        guard !roots.isEmpty else { return }
        isCommitting = true
        defer { isCommitting = false }
        uncheckedMainActor { LayoutFeedbackLoopDebugger.shared?.beginTurn() }
        caContextCommitTransaction(roots)
    }
}

/// A view held weakly.
private struct WeakView {
    weak var view: UIView?
}

// MARK: - The thread's key and its observer

/// The per-thread slot of the transaction, whose destructor commits at thread exit.
private enum ThreadKey {
    /// Made once; the destructor is `CA::Transaction::release_thread(void*)`.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let fallback: @convention(c) (UnsafeMutableRawPointer?) -> Void = caTransactionReleaseThread
        let destructor = symbol("_ZN2CA11Transaction14release_threadEPv") ?? unsafeBitCast(fallback, to: UnsafeMutableRawPointer.self)
        #if canImport(Glibc)
        pthread_key_create(&key, unsafeBitCast(destructor, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self))
        #else
        pthread_key_create(&key, unsafeBitCast(destructor, to: (@convention(c) (UnsafeMutableRawPointer) -> Void).self))
        #endif
        return key
    }()

    /// Adds the commit observer to the calling thread's run loop: before it waits, and when
    /// it exits, after every other observer of those moments (order 2000000, Core Animation's).
    static func addCommitObserver() {
        let fallback: @convention(c) (OpaquePointer?, UInt, UnsafeMutableRawPointer?) -> Void = caTransactionObserverCallback
        let callback = unsafeBitCast(symbol("_ZN2CA11Transaction17observer_callbackEP19__CFRunLoopObservermPv")
                                         ?? unsafeBitCast(fallback, to: UnsafeMutableRawPointer.self),
                                     to: CFRunLoopObserverCallBack.self)
        let activities = CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue
        guard let observer = CFRunLoopObserverCreate(nil, activities, true, 2_000_000, callback, nil) else { return }
        CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, RunLoopModes.common)
    }

    /// A function of ReferenceKit's found by its C symbol, so that the run loop and the
    /// thread's exit call it through that symbol (a Swift reference to a `@_cdecl`
    /// function may call its Swift body, and the frame would lose the name); `nil` where
    /// ReferenceKit is linked into an executable that exports nothing (a test bundle).
    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    }
}

/// CoreFoundation's name for the set of common modes, which Swift spells differently
/// on Apple platforms and in swift-corelibs-foundation.
enum RunLoopModes {
    #if canImport(Darwin)
    static let common = CFRunLoopMode.commonModes
    static let `default` = CFRunLoopMode.defaultMode
    #else
    static let common = kCFRunLoopCommonModes
    static let `default` = kCFRunLoopDefaultMode
    #endif
}

// MARK: - Core Animation's frames

/// `CA::Transaction::observer_callback(__CFRunLoopObserver*, unsigned long, void*)`: the
/// run loop's observer commits the thread's transaction.
@_cdecl("_ZN2CA11Transaction17observer_callbackEP19__CFRunLoopObservermPv")
@inline(__always)  // into its C thunk, so the thunk is the frame, under its C++ name
public func caTransactionObserverCallback(_ observer: OpaquePointer?, _ activity: UInt, _ info: UnsafeMutableRawPointer?) {
    caTransactionCommit()
    // Counted after the commit, so that the call is not the function's last act: an
    // optimized build would otherwise jump to the commit, and this frame would be gone.
    ImplicitTransaction.current.observerCallouts += 1
}

/// `CA::Transaction::release_thread(void*)`: the thread is exiting; its transaction
/// commits one last time, then goes.
@_cdecl("_ZN2CA11Transaction14release_threadEPv")
@inline(__always)  // into its C thunk, so the thunk is the frame, under its C++ name
public func caTransactionReleaseThread(_ value: UnsafeMutableRawPointer?) {
    guard let value else { return }
    // The slot still holds the transaction while it commits, so that marks made by the
    // commit itself find it, rather than making a new one the exit would never commit.
    pthread_setspecific(ThreadKey.key, value)
    caTransactionCommit()
    pthread_setspecific(ThreadKey.key, nil)
    Unmanaged<ImplicitTransaction>.fromOpaque(value).release()
}

/// `CA::Transaction::commit()`.
@_silgen_name("_ZN2CA11Transaction6commitEv")
@inline(never)
@_optimize(none)
func caTransactionCommit() {
    ImplicitTransaction.current.commit()
}

/// `CA::Context::commit_transaction(CA::Transaction*, double, double*)`: each marked
/// hierarchy is laid out, then drawn.
@_silgen_name("_ZN2CA7Context18commit_transactionEPNS_11TransactionEdPd")
@inline(never)
@_optimize(none)
func caContextCommitTransaction(_ roots: [UIView]) {
    for root in roots { caLayerLayoutAndDisplayIfNeeded(root) }
}

/// `CA::Layer::layout_and_display_if_needed(CA::Transaction*)`.
@_silgen_name("_ZN2CA5Layer28layout_and_display_if_neededEPNS_11TransactionE")
@inline(never)
@_optimize(none)
func caLayerLayoutAndDisplayIfNeeded(_ root: UIView) {
    if let window = root as? UIWindow {
        // A window marked again by its own pass runs another, in this same commit.
        uncheckedMainActor { window.runDisplayCycle { caLayerLayoutIfNeeded($0) } }
    } else {
        caLayerLayoutIfNeeded(root)
    }
    uncheckedMainActor { root.displayIfNeeded() }
}

/// `CA::Layer::layout_if_needed(CA::Transaction*)`: the layer tree's layout, which for a
/// window is each root view's.
@_silgen_name("_ZN2CA5Layer16layout_if_neededEPNS_11TransactionE")
@inline(never)
@_optimize(none)
func caLayerLayoutIfNeeded(_ root: UIView) {
    uncheckedMainActor { root.layoutIfNeeded() }
}
