import CoreFoundation
import Foundation

// MARK: - The application delegate

/// The object `UIApplicationMain` makes and tells that the application has launched.
///
/// UIKit makes the delegate from its class name with the Objective-C runtime, so any
/// `NSObject` subclass will do. ReferenceKit has no such runtime: it finds the class by its
/// Swift name (`Module.Type`) and makes it with `init()`.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// Makes the delegate; `UIApplicationMain` calls it once.
    init()

    /// The application has launched: build the first window here. Its layout happens in
    /// the first commit of the main run loop, after this returns.
    ///
    /// - Returns: Ignored, as UIKit ignores it for a launch without a URL.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: Any]?) -> Bool
}

extension UIApplication {
    /// The application's delegate, once `UIApplicationMain` made it.
    public var delegate: UIApplicationDelegate? {
        get { ApplicationDelegateBox.delegate }
        set { ApplicationDelegateBox.delegate = newValue }
    }
}

/// Holds the delegate strongly, as `UIApplicationMain` keeps the one it makes.
@MainActor
private enum ApplicationDelegateBox {
    static var delegate: UIApplicationDelegate?
}

// MARK: - UIApplicationMain

/// Makes the application and its delegate, tells the delegate it launched, and runs the
/// main run loop: it never returns, as UIKit's does not. The app ends the process itself
/// (`exit`), or is killed.
///
/// The stack below a deferred layout pass is then the one UIKit apps have (iOS 16, in
/// mastodon/mastodon-ios#1042 and zbrateam/Zebra#1859): the commit under the run loop's
/// observer, under `__CFRunLoopRun`, `CFRunLoopRunSpecific`, `GSEventRunModal`,
/// `-[UIApplication _run]`, `UIApplicationMain` and Swift's `UIApplicationMain(_:_:_:_:)`,
/// under `main`. The CoreFoundation frames are the real ones.
///
/// - Parameters:
///   - argc: The argument count, `CommandLine.argc`.
///   - argv: The arguments, `CommandLine.unsafeArgv`.
///   - principalClassName: Must be `nil`: ReferenceKit's application class is `UIApplication`.
///   - delegateClassName: The delegate's class, `Module.Type`; it must conform to
///     `UIApplicationDelegate`.
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Never {
    uiApplicationMain(argc, argv, principalClassName, delegateClassName)
}

/// UIKit's C function `UIApplicationMain`, under its name.
@_silgen_name("UIApplicationMain")
@inline(never)
@_optimize(none)
func uiApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                       _ principalClassName: String?, _ delegateClassName: String?) -> Never {
    if let principalClassName {
        fatalError("UIApplicationMain: ReferenceKit's application class is UIApplication, not \(principalClassName)")
    }
    uncheckedMainActor {
        let application = UIApplication.shared
        if let delegateClassName {
            guard let type = _typeByName(delegateClassName) as? UIApplicationDelegate.Type else {
                fatalError("UIApplicationMain: no class \(delegateClassName) conforming to UIApplicationDelegate")
            }
            application.delegate = type.init()
        }
        _ = application.delegate?.application(application, didFinishLaunchingWithOptions: nil)
    }
    UIApplication.runMainRunLoop()
}

extension UIApplication {
    /// `-[UIApplication _run]`: runs the main run loop for ever.
    @inline(never)
    nonisolated static func runMainRunLoop() -> Never {
        gsEventRunModal(true)
    }
}

/// GraphicsServices' `GSEventRunModal`: the main run loop in its default mode, turn after
/// turn, for ever.
@_silgen_name("GSEventRunModal")
@inline(never)
@_optimize(none)
func gsEventRunModal(_ disallowsRestart: Bool) -> Never {
    while true {
        _ = CFRunLoopRunInMode(RunLoopModes.default, 1.0e10, false)
    }
}
