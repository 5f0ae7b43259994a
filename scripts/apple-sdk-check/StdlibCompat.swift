// Stand-ins, for the Apple SDK type-check only (scripts/apple_sdk_check.py), for Swift 5.9 and
// 6.0 standard-library API that the SDKs' libraries lack: the MacOSX13.3 SDK has Swift 5.8's,
// the iPhoneOS17.6 SDK Swift 5.10's (which has `MainActor.assumeIsolated`; ours shadows it).
// Xcode 16, which Package.swift requires, has the real API; these are never compiled into the
// product. The check only type-checks bodies (it never lowers them), so each body just has to
// be well typed. Each stand-in is available where the real API is, so that a deployment target
// below it shows our own uses as errors.

extension Optional {
    /// SE-0437: returns the wrapped value and leaves `nil` behind (Swift 6.0).
    mutating func take() -> Self {
        let taken = self
        self = nil
        return taken
    }
}

extension Result {
    /// SE-0413: `Result(catching:)` over a typed-throws closure (Swift 6.0).
    init(catching body: () throws(Failure) -> Success) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }

    /// SE-0413: `get()` that throws `Failure` itself (Swift 6.0).
    func get() throws(Failure) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }
}

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
