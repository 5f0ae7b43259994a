import Foundation

// MARK: - ToolProcess

/// Runs the command-line tools `--symbolicate` stands on (llvm-symbolizer, lldb,
/// swift-demangle) with Foundation's `Process`, which Linux and macOS both have.
enum ToolProcess {
    /// What a tool printed on standard output, and its exit status.
    struct Output {
        var status: Int32
        var text: String
    }

    /// Whether Foundation can start a process here: not on iOS and its kin, Mac Catalyst
    /// included (layout-explain is built for macOS and Linux; the Apple SDK check also
    /// type-checks it for Catalyst).
    static var canRun: Bool {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return false
        #else
        return true
        #endif
    }

    /// The path of the first executable named `name` in `PATH`, or `nil`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `tool` with `arguments`, `input` on its standard input, and waits for it.
    ///
    /// The input goes through a temporary file rather than a pipe, so a tool that writes a
    /// lot before it has read all of its input cannot block on a full pipe. Standard error
    /// is dropped: callers judge a tool by its output and status.
    /// - Returns: `nil` when the tool cannot be started.
    static func run(_ tool: String, _ arguments: [String], input: String = "") -> Output? {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        return nil
        #else
        let inputFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("layout-explain-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: inputFile.path, contents: Data(input.utf8)),
              let inputHandle = FileHandle(forReadingAtPath: inputFile.path) else { return nil }
        defer {
            inputHandle.closeFile()
            try? FileManager.default.removeItem(at: inputFile)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardInput = inputHandle
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, text: String(decoding: data, as: UTF8.self))
        #endif
    }
}
