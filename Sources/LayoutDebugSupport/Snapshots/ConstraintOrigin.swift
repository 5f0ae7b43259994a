// MARK: - ConstraintOrigin

/// Where a constraint was made, as the library knows it in the target. Turning return
/// addresses into `file:line` needs the app's debug info, so the debugger does that part.
enum ConstraintOrigin: Encodable, Hashable, Sendable {
    /// The return addresses of the call that made the constraint (or first activated it,
    /// when it was made before capture began), innermost first.
    case returnAddresses([UInt64])
    /// The same frames as `image+0xoffset` (with a symbol when known), for a reader without
    /// the process: the in-app monitor's reports and backlog.
    case imageAddresses([String])
    /// UIKit or AppKit made the constraint (autoresizing, content size…), so its backtrace
    /// would name the app's layout call, not a line of the app's that made it: in a few words.
    case system(String)
    /// Capture was on, but no record names this constraint: the reason, in a few words.
    case unknown(String)
}

extension ConstraintOrigin {
    /// The line reports print for it: `made at <frames 0x… 0x…>` (return addresses, which the
    /// debugger resolves), `made at <image frames layout-demo+0x1a2b …>` (for a symbolizer), or
    /// `made at ? (reason)`.
    var madeAtText: String {
        switch self {
        case .returnAddresses(let frames):
            return "made at <frames" + frames.map { " 0x" + String($0, radix: 16) }.joined() + ">"
        case .imageAddresses(let frames):
            return "made at <image frames" + frames.map { " " + $0 }.joined() + ">"
        case .system(let reason), .unknown(let reason):
            return "made at ? (\(reason))"
        }
    }
}

// MARK: - JSON

// One object whose key says what is known (docs/schema/common.json): `{"frames": ["0x…"]}`,
// `{"imageFrames": ["app+0x1a2b"]}`, `{"system": "…"}` or `{"unknown": "…"}`. The debugger
// turns `frames` into `{"file", "line", "function", "frames"}` (lldb/layoutdebug/json_documents.py).
extension ConstraintOrigin {
    private enum CodingKeys: String, CodingKey { case frames, imageFrames, system, unknown }

    /// Writes the one-key object of its case.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .returnAddresses(let frames): try container.encodeAddresses(frames, forKey: .frames)
        case .imageAddresses(let frames): try container.encode(frames, forKey: .imageFrames)
        case .system(let reason): try container.encode(reason, forKey: .system)
        case .unknown(let reason): try container.encode(reason, forKey: .unknown)
        }
    }

    /// What a report says of a constraint UIKit or AppKit made.
    static let systemReason = "made by the system"
}

extension ConstraintSnapshot {
    /// Where the constraint was made, as a report's `made at` line says it: its captured
    /// origin, else the source location a log recorded (SnapKit's `@File.swift#42` reads
    /// `made at File.swift:42`); `nil` when neither is known.
    var madeAtText: String? {
        if let origin { return origin.madeAtText }
        guard let location = sourceLocation else { return nil }
        if let hash = location.lastIndex(of: "#"), Int(location[location.index(after: hash)...]) != nil {
            return "made at " + location[..<hash] + ":" + location[location.index(after: hash)...]
        }
        return "made at " + location
    }

    /// Where to look when no origin is known: the name the code gave the constraint,
    /// which a search of the code finds (Masonry's `mas_key`, `search your code for mas_key
    /// 'avatarLeft'`; an identifier, `search your code for identifier 'avatarLeft'`). It
    /// is a name, not a place, so it never reads `made at`. The identifiers UIKit and
    /// AppKit give their own constraints say nothing of the app's code and are left out.
    var nameInCodeText: String? {
        guard origin == nil, sourceLocation == nil, let identifier, !isSystemConstraint else { return nil }
        return (className.hasPrefix("MAS") ? "search your code for mas_key '" : "search your code for identifier '")
            + identifier + "'"
    }
}
