import Foundation

// MARK: - ConstraintOrigins

/// Records where each constraint is made, while capture is on, so reports can say
/// `made at File.swift:42 in function`.
///
/// The hook (ReferenceKit's constraint observer, or swizzles on Apple platforms) calls the
/// original every time and only adds a short backtrace to `OriginTable`, keyed by the
/// constraint's address and removed when the constraint is freed. The backtrace is a walk of
/// the frame pointers on Linux (`FramePointerWalk`) and `backtrace(3)` on Darwin, written into
/// a fixed slot. Return addresses are turned into `file:line` by the debugger, never here.
/// Capture must be on before the first view loads (`lorigins on` arranges that for the next
/// launch).
public enum ConstraintOrigins {
    private static let lock = NSLock()
    // Unchecked exclusivity: every access holds `lock`, and the runtime check cost as much as
    // a record's hashing on the hook's path, which runs for every constraint an app makes.
    @exclusivity(unchecked) nonisolated(unsafe) private static var table = OriginTable()
    nonisolated(unsafe) private static var capturing = false
    nonisolated(unsafe) private static var hookInstalled = false
    // Read without the lock by every report, once: a stale `false` only drops origins from
    // a report made while another thread starts capture.
    nonisolated(unsafe) private static var everStarted = false

    /// How many of the caller's frames the hook leaves out: the recording function and the
    /// hook's closure, which are ours. Framework frames are left out later, by name.
    static let hookFrames = 2

    // MARK: - Starting and stopping

    /// Starts capture (the hook is installed once). Returns false when this platform has no
    /// hook to install.
    @discardableResult
    public static func start() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if !hookInstalled { hookInstalled = installPlatformHook() }
        capturing = hookInstalled
        everStarted = everStarted || hookInstalled
        return hookInstalled
    }

    /// Stops capture and forgets every record. ReferenceKit's observer is removed; Apple's
    /// swizzles stay, doing nothing.
    public static func stop() {
        lock.lock()
        defer { lock.unlock() }
        capturing = false
        table.removeAll()
        if hookInstalled && uninstallPlatformHook() { hookInstalled = false }
    }

    /// Whether capture is on.
    static var isCapturing: Bool {
        lock.lock()
        defer { lock.unlock() }
        return capturing
    }

    /// One line on the state of capture, for `lorigins`.
    public static var status: String {
        lock.lock()
        defer { lock.unlock() }
        guard capturing else { return "origins: capture is off in this process" }
        var text = "origins: capture is on; \(table.count) live constraint\(table.count == 1 ? "" : "s") recorded"
        if table.refusedCount > 0 {
            text += ", \(table.refusedCount) not recorded because the table was full (\(table.capacity) records)"
        }
        return text
    }

    // MARK: - Events from the hook

    /// A constraint was made: record where.
    ///
    /// The return addresses go from the stack straight into the table's fixed slot, under one
    /// lock: nothing is allocated and nothing is symbolicated until a report asks.
    ///
    /// - Returns: Whether a new record was made (Apple hooks then watch for its freeing).
    @discardableResult
    static func made(_ address: UInt) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard capturing else { return false }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: OriginTable.framesPerRecord) { frames in
            let count = Backtrace.capture(into: frames, skipping: hookFrames)
            return table.record(UnsafeBufferPointer(rebasing: frames[..<count]), for: address) == .added
        }
    }

    /// A constraint was activated: record where, unless it was recorded when made.
    @discardableResult
    static func activated(_ address: UInt) -> Bool {
        lock.lock()
        let known = !capturing || table.contains(address)
        lock.unlock()
        guard !known else { return false }
        return made(address)
    }

    /// A constraint is being freed: its address may be reused.
    static func freed(_ address: UInt) {
        lock.lock()
        table.remove(address)
        lock.unlock()
    }

    // MARK: - For reports

    /// Whether reports should look origins up at all: capture was started in this process.
    static var reportsOrigins: Bool { everStarted }

    /// The origin a report prints for the constraint at `address`.
    ///
    /// - Parameter isSystem: Whether UIKit or AppKit made it (autoresizing, content size…):
    ///   its backtrace would name the app's layout call, not a line that made it.
    static func origin(ofConstraintAt address: UInt, isSystem: Bool) -> ConstraintOrigin {
        if isSystem { return .system(ConstraintOrigin.systemReason) }
        lock.lock()
        defer { lock.unlock() }
        if let frames = table.frames(for: address) { return .returnAddresses(frames) }
        guard capturing else { return .unknown("capture was off") }
        if table.refusedCount > 0 {
            return .unknown("made before capture began, or after its table filled")
        }
        return .unknown("made before capture began")
    }
}

extension ConstraintOrigins {
    /// Where the constraint at `address` stands in the order constraints were made (or first
    /// activated, when made before capture began): a larger number was made later; `nil`
    /// when it has no record.
    static func madeOrder(ofConstraintAt address: UInt) -> UInt64? {
        lock.lock()
        defer { lock.unlock() }
        return table.sequence(for: address)
    }
}

// MARK: - For readers without the process

extension ConstraintOrigins {
    /// `conflict` with every recorded origin written as `image+0xoffset` frames, so a report
    /// kept after the process is gone (the monitor's backlog) can still be symbolicated.
    static func withImageAddresses(_ conflict: ConflictSnapshot) -> ConflictSnapshot {
        var conflict = conflict
        conflict.brokenConstraint = conflict.brokenConstraint.map(withImageAddresses)
        conflict.mutuallyExclusive = conflict.mutuallyExclusive.map(withImageAddresses)
        return conflict
    }

    private static func withImageAddresses(_ constraint: ConstraintSnapshot) -> ConstraintSnapshot {
        guard case .returnAddresses(let frames) = constraint.origin else { return constraint }
        var constraint = constraint
        constraint.origin = .imageAddresses(frames.map(ImageAddresses.describe))
        return constraint
    }
}
