// A stand-in, for the Apple SDK check only (scripts/apple_sdk_check.py), for
// `MainActor.assumeIsolated` (Swift 5.9), which the MacOSX13.3 SDK's Swift 5.8 library lacks.
// The type-check passes it for every SDK (on iPhoneOS17.6, whose Swift 5.10 has the real one,
// ours shadows it); `--link` passes it only to an SDK without the real one, because the real one
// calls into libswift_Concurrency, which a link must see (iOS 14 and macOS 11 do not have it).

@available(macOS 10.15, iOS 13.0, macCatalyst 13.1, *)
extension MainActor {
    /// `MainActor.assumeIsolated` (Swift 5.9): runs `operation` as main-actor code on a thread
    /// the caller knows is the main thread.
    static func assumeIsolated<T: Sendable>(_ operation: @MainActor () throws -> T,
                                            file: StaticString = #fileID, line: UInt = #line) rethrows -> T {
        try withoutActuallyEscaping(operation) { escapable in
            try unsafeBitCast(escapable, to: (() throws -> T).self)()
        }
    }
}
