#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - TruncationGuard

/// Turns `SIGBUS` into a one-line error. Regular files are mapped into memory
/// rather than copied (`ConsoleLogReader.read(mapping:)`), and a mapped file
/// that is truncated while it is read (a log rotated in place) raises `SIGBUS`
/// on the next page touched, where a read would have returned fewer bytes.
enum TruncationGuard {
    /// Installs the handler; call once, before any input is read.
    static func install() {
        signal(SIGBUS) { _ in
            // Only async-signal-safe calls here: a literal's bytes, write(2) and _exit(2).
            let message: StaticString = """
                layout-explain: an input file shrank while it was being read (rotated or truncated); \
                run again once it stops changing

                """
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(1)
        }
    }
}
