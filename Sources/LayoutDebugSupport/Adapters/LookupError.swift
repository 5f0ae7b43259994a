// MARK: - LookupError

/// Why an address from the debugger gave no snapshot. Each case carries the
/// address, and `message` is the `error: …` line the C surface returns.
enum LookupError: Error, Equatable, Sendable {
    /// The address is not a live view.
    case notAView(UInt)
    /// The address is not a live constraint.
    case notAConstraint(UInt)
    /// The address is neither a live view nor a live constraint.
    case notAViewOrConstraint(UInt)
    /// The address is not the conflict list the breakpoint passes.
    case notAConstraintList(UInt)
    /// The address is not an object that can carry a nametag.
    case notAnObject(UInt)
    /// There is no window to start from.
    case noWindow

    /// `error: 0x… is not a UIView`, and so on.
    var message: String {
        switch self {
        case .notAView(let a): return "error: \(Self.hex(a)) is not a \(Self.viewClass)"
        case .notAConstraint(let a): return "error: \(Self.hex(a)) is not a constraint"
        case .notAViewOrConstraint(let a): return "error: \(Self.hex(a)) is not a \(Self.viewClass) or a constraint"
        case .notAConstraintList(let a): return "error: \(Self.hex(a)) is not a constraint list"
        case .notAnObject(let a): return "error: \(Self.hex(a)) is not a view, layout guide or constraint"
        case .noWindow: return "error: no window to trace; pass a view"
        }
    }

    /// The platform's view class, as users know it.
    static var viewClass: String {
        #if canImport(AppKit) && os(macOS)
        return "NSView"
        #else
        return "UIView"
        #endif
    }

    static func hex(_ address: UInt) -> String { "0x" + String(address, radix: 16) }
}
