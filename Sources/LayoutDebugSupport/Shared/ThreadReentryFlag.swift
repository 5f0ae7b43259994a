#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// MARK: - ThreadReentryFlag

/// Whether this thread is already inside a body run under this flag: a hook that finds itself
/// called again from within its own call (installed twice in one chain of swizzles, or reached
/// again through what it runs) skips the second report instead of counting one event twice.
///
/// A flag, not a memory of the last event's addresses: freed memory is reused, so two
/// distinct conflicts can have the same constraint and list addresses, and each must count.
/// Per thread, so a conflict laid out on another thread at the same moment is not skipped.
final class ThreadReentryFlag: @unchecked Sendable {
    // Written once, in `init`; the per-thread values are the thread's own.
    private var key = pthread_key_t()

    /// A flag no thread is inside yet.
    init() {
        pthread_key_create(&key, nil)
    }

    /// Whether the calling thread is inside `run`'s body now.
    var isInside: Bool { pthread_getspecific(key) != nil }

    /// Runs `body` unless the calling thread is already inside a body of this flag.
    ///
    /// - Returns: Whether `body` ran.
    @discardableResult
    func run(_ body: () -> Void) -> Bool {
        guard !isInside else { return false }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(key, nil) }
        body()
        return true
    }
}
