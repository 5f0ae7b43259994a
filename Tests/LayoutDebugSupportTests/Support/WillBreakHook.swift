import Foundation
import ReferenceKit

/// A test's own hook on the engine host's "will break constraint" method, put in front of
/// the current implementation as a debugger library's swizzle is: it sees each conflict,
/// then the replaced implementation runs (the log, the alert, any hook behind it).
/// Not main-actor isolated: the engine calls the hook on the thread that lays out.
enum WillBreakHook {
    /// Installs `see`; returns what puts the replaced implementation back.
    static func install(_ see: @escaping (NSLayoutConstraint, [NSLayoutConstraint]) -> Void) -> () -> Void {
        var replaced: WillBreakConstraintImplementation?
        let hook = WillBreakConstraintImplementation { view, engine, broken, list in
            see(broken, list)
            replaced?.body(view, engine, broken, list)
        }
        replaced = ReferenceKitDebugHooks.setWillBreakConstraintImplementation(hook)
        return { if let replaced { ReferenceKitDebugHooks.setWillBreakConstraintImplementation(replaced) } }
    }
}
