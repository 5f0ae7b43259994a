#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Output

/// Buffered writes to standard output and one-line messages on standard error.
enum Output {
    /// Writes text to standard output (buffered by the C library).
    static func write(_ text: String) {
        fputs(text, stdout)
    }

    /// Writes bytes to standard output as they are (NUL bytes and invalid UTF-8 included).
    static func write(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = fwrite(buffer.baseAddress, 1, buffer.count, stdout)
        }
    }

    /// Writes `layout-explain: <message>` and a newline to standard error.
    static func error(_ message: String) {
        fflush(stdout)
        fputs("layout-explain: " + message + "\n", stderr)
    }
}

// MARK: - Progress

/// A percentage on standard error while a big file is read, only when
/// standard error is a terminal (never in pipes or CI logs).
struct Progress {
    private let total: Int
    private let label: String
    private var lastPercent = -1

    /// `nil` unless stderr is a terminal and the file is over 16 MB.
    init?(path: String, descriptor: Int32) {
        var info = stat()
        guard isatty(2) == 1, fstat(descriptor, &info) == 0, Int(info.st_size) > 16 << 20 else { return nil }
        total = Int(info.st_size)
        label = path
    }

    mutating func update(_ done: Int) {
        let percent = min(100, done * 100 / max(total, 1))
        guard percent != lastPercent else { return }
        lastPercent = percent
        fputs("\rlayout-explain: \(label): \(percent)%", stderr)
    }

    func finish() {
        fputs("\r\u{1B}[K", stderr)
    }
}
