// Stand-ins, for the Apple SDK check only (scripts/apple_sdk_check.py), for Swift 6.0
// standard-library API that the SDKs' libraries lack: the MacOSX13.3 SDK has Swift 5.8's, the
// iPhoneOS17.6 SDK Swift 5.10's. Xcode 16, which Package.swift requires, has the real API; these
// are never compiled into the product. Each body just has to be well typed and, for `--link`,
// to compile to what the real one inlines: Swift 6.0 emits these into the client
// (`@_alwaysEmitIntoClient`), so a stand-in adds no symbol the real one would not. Each is
// available where the real API is, so that a deployment target below it shows our own uses as
// errors. `MainActor.assumeIsolated` is in MainActorCompat.swift.

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
