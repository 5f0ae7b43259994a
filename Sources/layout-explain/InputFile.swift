#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutDebugSupport

// MARK: - InputFile

/// Opens one input, streams its conflicts, and reports on standard error
/// when it cannot be read or holds no readable conflict.
enum InputFile {
    /// Reads `path` (`-` is standard input) and calls `handle` per conflict.
    ///
    /// - Returns: `false` after printing a one-line error: a missing or
    ///   unreadable file, binary input, no conflict at all, or only
    ///   conflicts none of whose constraints could be read.
    static func read(_ path: String, summarizing: Bool, appModules: Set<String> = [],
                     handle: (ParsedConflict) -> Void) -> Bool {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            Output.error("\(path): \(String(cString: strerror(errno)))")
            return false
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var progress = Progress(path: path, descriptor: descriptor)
        var conflicts = 0, readable = 0
        var firstUnreadable: ParsedConflict?
        do {
            try ConsoleLogReader.read(descriptor: descriptor, summarizing: summarizing, appModules: appModules, progress: { progress?.update($0) }) { parsed in
                conflicts += 1
                let snapshot = parsed.snapshot
                if snapshot.mutuallyExclusive.isEmpty, snapshot.brokenConstraint == nil, !snapshot.isRedacted {
                    if firstUnreadable == nil { firstUnreadable = parsed }
                } else {
                    readable += 1
                }
                handle(parsed)
            }
        } catch {
            progress?.finish()
            Output.error("\(name(path)): \(error.description)")
            return false
        }
        progress?.finish()
        if conflicts == 0 {
            Output.error("\(name(path)): no Auto Layout conflict found "
                + "(no \"Unable to simultaneously satisfy constraints\" and no constraint list)")
            return false
        }
        if readable == 0, let unreadable = firstUnreadable {
            let line = unreadable.snapshot.unparsedLines.first ?? ""
            let place = unreadable.firstLine > 0 ? ":\(unreadable.firstLine)" : ": conflict #\(unreadable.snapshot.ordinal ?? 1)"
            Output.error("\(name(path))\(place): no readable constraint"
                + (line.isEmpty ? "" : " (\(Reports.reason(line))): \(line)"))
            return false
        }
        return true
    }

    private static func name(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}
