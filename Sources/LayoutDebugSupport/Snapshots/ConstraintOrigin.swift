// MARK: - ConstraintOrigin

/// Where a constraint was made, as the library knows it in the target. Turning return
/// addresses into `file:line` needs the app's debug info, so the debugger does that part.
public enum ConstraintOrigin: Codable, Hashable, Sendable {
    /// The return addresses of the call that made the constraint (or first activated it,
    /// when it was made before capture began), innermost first.
    case returnAddresses([UInt64])
    /// The same frames as `image+0xoffset` (with a symbol when known), for a reader without
    /// the process: the in-app monitor's reports and backlog.
    case imageAddresses([String])
    /// Capture was on, but no record names this constraint: the reason, in a few words.
    case unknown(String)
}

extension ConstraintOrigin {
    /// The line reports print for it: `made at <frames 0x… 0x…>` (return addresses, which the
    /// debugger resolves), `made at <image frames layout-demo+0x1a2b …>` (for a symbolizer), or
    /// `made at ? (reason)`.
    public var madeAtText: String {
        switch self {
        case .returnAddresses(let frames):
            return "made at <frames" + frames.map { " 0x" + String($0, radix: 16) }.joined() + ">"
        case .imageAddresses(let frames):
            return "made at <image frames" + frames.map { " " + $0 }.joined() + ">"
        case .unknown(let reason):
            return "made at ? (\(reason))"
        }
    }
}

extension ConstraintSnapshot {
    /// Where the constraint was made, as a report's `made at` line says it: its captured
    /// origin, else the source location a log recorded (SnapKit's `@File.swift#42` reads
    /// `made at File.swift:42`), else the name the code gave it, which a search of the code
    /// finds (Masonry's `mas_key`, `made at mas_key 'avatarLeft'`; an app's identifier,
    /// `made at identifier 'avatarLeft'`), so a pasted log and a live session read alike;
    /// `nil` when none is known. The identifiers UIKit and AppKit give their own
    /// constraints say nothing of the app's code and are left out.
    public var madeAtText: String? {
        if let origin { return origin.madeAtText }
        guard let location = sourceLocation else {
            guard let identifier, !isSystemConstraint else { return nil }
            return (className.hasPrefix("MAS") ? "made at mas_key '" : "made at identifier '") + identifier + "'"
        }
        if let hash = location.lastIndex(of: "#"), Int(location[location.index(after: hash)...]) != nil {
            return "made at " + location[..<hash] + ":" + location[location.index(after: hash)...]
        }
        return "made at " + location
    }
}
