// Stand-ins, for the Apple SDK type-check only, for Swift 5.9 and 6.0 standard-library API that
// the Swift 5.8 library of the MacOSX13.3 SDK lacks. Xcode 16, which Package.swift requires,
// has the real API; these are never compiled into the product. The check only type-checks
// bodies (it never lowers them), so each body just has to be well typed.

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
