import Foundation
import XCTest

/// A product `swift test` built next to the test bundle (`layout-explain`,
/// `layout-monitor-demo`), run as a user runs it: arguments, standard input,
/// environment; its output and exit status come back.
enum BuiltTool {
    /// What one run printed and how it ended.
    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    /// The folder that holds every one of `tools`: the test bundle's, or one
    /// up to four levels above it (the products sit beside the `.xctest`).
    static func directory(holding tools: [String] = ["layout-explain"],
                          file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let built = tools.allSatisfy {
                FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent($0).path)
            }
            if built { return directory }
            directory.deleteLastPathComponent()
        }
        XCTFail("\(tools.joined(separator: " and ")) not built next to \(CommandLine.arguments[0])", file: file, line: line)
        throw CocoaError(.fileNoSuchFile)
    }

    /// Runs `tool` with `arguments`, writing `stdin` (when given) and then
    /// closing it, with `environment` over the test's own.
    static func run(_ tool: String, _ arguments: [String], stdin: String? = nil,
                    environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = try directory(holding: [tool]).appendingPathComponent(tool)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        input.fileHandleForWriting.closeFile()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                   err: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `layout-explain`, as `run(_:_:stdin:environment:)` does.
    static func layoutExplain(_ arguments: [String], stdin: String? = nil,
                              environment: [String: String] = [:]) throws -> Run {
        try run("layout-explain", arguments, stdin: stdin, environment: environment)
    }
}
