import Foundation

// MARK: - SourceLocation

/// What a symbolizer says of one address: its function (the linkage name, mangled), and
/// its file and line when the binary has line tables.
struct SourceLocation {
    var function: String?
    var file: String?
    /// 0 when the binary has no line for the address.
    var line = 0
}

// MARK: - Symbolizer

/// The tool that turns a binary's file addresses into source locations: `llvm-symbolizer`
/// when it is on PATH, else LLDB. `LAYOUT_EXPLAIN_SYMBOLIZER` (`llvm-symbolizer` or `lldb`)
/// picks one, so each can be tried where both are installed.
enum Symbolizer {
    case llvmSymbolizer(path: String)
    case lldb(path: String)

    /// The tool's name, for messages.
    var name: String {
        switch self {
        case .llvmSymbolizer: return "llvm-symbolizer"
        case .lldb: return "lldb"
        }
    }

    /// The environment variable that picks the tool.
    static let environmentKey = "LAYOUT_EXPLAIN_SYMBOLIZER"

    /// The tool to use, or the one-line reason there is none.
    static func find() -> Result<Symbolizer, SymbolizerMissing> {
        guard ToolProcess.canRun else {
            return .failure(SymbolizerMissing(message: "--symbolicate cannot start llvm-symbolizer or lldb on this platform"))
        }
        switch ProcessInfo.processInfo.environment[environmentKey] ?? "" {
        case "":
            if let path = ToolProcess.find("llvm-symbolizer") { return .success(.llvmSymbolizer(path: path)) }
            if let path = workingLLDB() { return .success(.lldb(path: path)) }
            return .failure(SymbolizerMissing(message: "--symbolicate needs llvm-symbolizer or lldb on PATH"))
        case "llvm-symbolizer":
            if let path = ToolProcess.find("llvm-symbolizer") { return .success(.llvmSymbolizer(path: path)) }
            return .failure(SymbolizerMissing(message: "\(environmentKey)=llvm-symbolizer, but llvm-symbolizer is not on PATH"))
        case "lldb":
            if let path = workingLLDB() { return .success(.lldb(path: path)) }
            return .failure(SymbolizerMissing(message: "\(environmentKey)=lldb, but no lldb on PATH starts"))
        case let other:
            return .failure(SymbolizerMissing(message: "\(environmentKey)=\(other): use llvm-symbolizer or lldb"))
        }
    }

    /// The first LLDB on PATH that starts: a toolchain's `lldb` can be on PATH without the
    /// Python library it links (Swift's on Linux), while a distribution's `lldb-16` works.
    private static func workingLLDB() -> String? {
        let names = ["lldb"] + (14...20).reversed().map { "lldb-\($0)" }
        for name in names {
            if let path = ToolProcess.find(name), let output = ToolProcess.run(path, ["--version"]),
               output.status == 0 { return path }
        }
        return nil
    }

    /// The source locations of `addresses` (file addresses, as the binary's own headers
    /// number them) in `binary`, in their order, from one run of the tool; `nil` when the
    /// tool failed.
    func locate(_ addresses: [UInt64], in binary: String) -> [SourceLocation]? {
        let hex = addresses.map { "0x" + String($0, radix: 16) }
        switch self {
        case .llvmSymbolizer(let path):
            // Addresses on standard input: one run however many there are.
            // The architecture picks a universal file's slice (ImageBase read the same one); a
            // thin file ignores it.
            let arguments = ["--obj=" + binary, "--default-arch=" + FatSlice.hostArchitectureName,
                             "--functions=linkage", "--inlining=false"]
            guard let output = ToolProcess.run(path, arguments, input: hex.joined(separator: "\n") + "\n"),
                  output.status == 0 else { return nil }
            return LLVMSymbolizerOutput.locations(output.text, count: addresses.count)
        case .lldb(let path):
            let quoted = binary.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            let commands = ["target create \"\(quoted)\""] + hex.map { "image lookup -v -a " + $0 }
            guard let output = ToolProcess.run(path, ["--batch", "--no-lldbinit"], input: commands.joined(separator: "\n") + "\n"),
                  output.text.contains("image lookup") else { return nil }
            return LLDBLookupOutput.locations(output.text, addresses: addresses)
        }
    }
}

/// Why `--symbolicate` cannot run: no symbolizer.
struct SymbolizerMissing: Error {
    var message: String
}

// MARK: - LLVMSymbolizerOutput

/// Reads `llvm-symbolizer --functions=linkage --inlining=false`: per address a function
/// line (`??` when unknown) and a `file:line:column` line (`??:0:0`), then a blank line.
enum LLVMSymbolizerOutput {
    /// One location per address; `nil` when the output does not hold `count` of them.
    static func locations(_ text: String, count: Int) -> [SourceLocation]? {
        let blocks = text.components(separatedBy: "\n\n").map { $0.split(separator: "\n") }.filter { !$0.isEmpty }
        guard blocks.count == count else { return nil }
        return blocks.map { lines in
            var location = SourceLocation()
            if lines[0] != "??" { location.function = String(lines[0]) }
            if lines.count > 1 { (location.file, location.line) = FileLine.read(lines[1]) }
            return location
        }
    }
}

// MARK: - LLDBLookupOutput

/// Reads LLDB's `image lookup -v -a` answers: after each echoed command, a `LineEntry:`
/// line (`[0x…-0x…): /path/File.swift:42:17`) when there is line information, and a
/// `Symbol:` line with `name="…"` and, where LLDB demangled it, `mangled="…"`.
enum LLDBLookupOutput {
    /// One location per address, in order (empty where LLDB found nothing).
    static func locations(_ text: String, addresses: [UInt64]) -> [SourceLocation] {
        var byAddress: [UInt64: SourceLocation] = [:]
        var current: UInt64?
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("(lldb) image lookup -v -a 0x") {
                current = UInt64(trimmed.dropFirst("(lldb) image lookup -v -a 0x".count), radix: 16)
                if let current { byAddress[current] = SourceLocation() }
            } else if let address = current, trimmed.hasPrefix("LineEntry:"), let range = trimmed.range(of: "): ") {
                let (file, number) = FileLine.read(trimmed[range.upperBound...])
                byAddress[address]?.file = file
                byAddress[address]?.line = number
            } else if let address = current, trimmed.hasPrefix("Symbol:") {
                byAddress[address]?.function = quoted("mangled", in: trimmed) ?? quoted("name", in: trimmed)
            }
        }
        return addresses.map { byAddress[$0] ?? SourceLocation() }
    }

    /// The value of `key="…"` in `line`.
    private static func quoted(_ key: String, in line: Substring) -> String? {
        guard let start = line.range(of: " " + key + "=\"") else { return nil }
        let rest = line[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}

// MARK: - FileLine

/// `path:line:column` or `path:line` as both tools print them; `??:0` means unknown.
enum FileLine {
    /// The path and line; `(nil, 0)` when unknown. A path may hold colons, so the
    /// numbers are read from the end.
    static func read(_ text: Substring) -> (String?, Int) {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 3, Int(parts[parts.count - 1]) != nil, Int(parts[parts.count - 2]) != nil { parts.removeLast() }
        guard parts.count >= 2, let line = Int(parts[parts.count - 1]), line > 0 else { return (nil, 0) }
        let path = parts.dropLast().joined(separator: ":")
        return path == "??" || path.isEmpty ? (nil, 0) : (path, line)
    }
}
