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
