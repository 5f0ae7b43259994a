import Foundation

// MARK: - Raising an exception

/// Raises an Objective-C exception as an app without a handler sees it: Foundation's
/// "Terminating app" line on stderr, then the process stops.
///
/// Swift cannot catch an Objective-C exception, so nothing here unwinds. The stop
/// happens in a function named `objc_exception_throw` on Linux, where no Objective-C
/// runtime has one, so that the breakpoint every Apple developer sets
/// (`breakpoint set -n objc_exception_throw`) stops there with the raiser's frames
/// below, as on Apple platforms.
@inline(never)
func raiseException(name: String, reason: String) -> Never {
    FileHandle.standardError.write(Data("*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'\n".utf8))
    objcExceptionThrow(ObjCException(name: name, reason: reason))
}

/// The exception in flight: `objc_exception_throw`'s argument, for a debugger stopped there.
struct ObjCException: Sendable {
    let name: String
    let reason: String
}

#if os(Linux)
@_silgen_name("objc_exception_throw")
@inline(never)
@_optimize(none)
func objcExceptionThrow(_ exception: ObjCException) -> Never {
    fatalError("uncaught exception '\(exception.name)'")
}
#else
@inline(never)
func objcExceptionThrow(_ exception: ObjCException) -> Never {
    fatalError("uncaught exception '\(exception.name)'")
}
#endif
