#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - TruncationGuard

/// Turns `SIGBUS` into a one-line error naming the file. Regular files are
/// mapped into memory rather than copied (`ConsoleLogReader.read(mapping:)`),
/// and a mapped file that is truncated while it is read (a log rotated in
/// place) raises `SIGBUS` on the next page touched, where a read would have
/// returned fewer bytes.
enum TruncationGuard {
    /// The name of the input being read, as C text the handler can write
    /// without making a string (`reading(_:)`).
    nonisolated(unsafe) private static var current: UnsafeMutablePointer<CChar>?

    /// Installs the handler; call once, before any input is read.
    static func install() {
        reading("input")
        signal(SIGBUS) { _ in
            // Only async-signal-safe calls here: write(2), strlen and _exit(2).
            let prefix: StaticString = "layout-explain: "
            let message: StaticString = """
                : the file shrank while it was being read (rotated or truncated); \
                run again once it stops changing

                """
            _ = write(2, prefix.utf8Start, prefix.utf8CodeUnitCount)
            if let name = TruncationGuard.current { _ = write(2, name, strlen(name)) }
            _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
            _exit(1)
        }
    }

    /// Names the input about to be read in the handler's message.
    static func reading(_ name: String) {
        let previous = current
        current = strdup(name)
        free(previous)
    }
}
