import Foundation

// MARK: - ConflictBacklog

/// A file of JSON lines with one record per distinct conflict, for shipping
/// layout bugs from debug and beta builds.
///
/// Repeats update the count of their record instead of adding lines, so a
/// conflict storm in a table of cells costs one line. The file is rewritten
/// whole on a background queue as write, sync, rename: a process killed at any
/// moment leaves either the old file or the new one, never a torn record.
/// `record(_:report:)` only touches memory under a lock, so the main thread
/// never waits for the disk.
public final class ConflictBacklog: @unchecked Sendable {
    /// Where the backlog lives.
    public let url: URL
    /// The most distinct records kept; later new signatures are counted in
    /// `overflowCount` instead.
    public let maxRecords: Int
    /// The longest report text kept per record, in characters.
    public let maxReportLength: Int

    private let lock = NSLock()
    private var recordsBySignature: [String: Int] = [:]
    private var orderedRecords: [ConflictRecord] = []
    private var overflow = 0
    private var writeScheduled = false
    private let writer = DispatchQueue(label: "LayoutDebug.ConflictBacklog")

    /// Opens a backlog, continuing the counts of an existing file.
    ///
    /// Lines that cannot be read (from an older format, or edited by hand)
    /// are skipped rather than failing the app.
    /// - Parameters:
    ///   - url: The file; its folder is created when missing.
    ///   - maxRecords: The most distinct conflicts kept (default 500).
    ///   - maxReportLength: The longest report text kept (default 4000).
    public init(url: URL, maxRecords: Int = 500, maxReportLength: Int = 4000) {
        self.url = url
        self.maxRecords = max(1, maxRecords)
        self.maxReportLength = max(0, maxReportLength)
        loadExisting()
    }

    // MARK: - Recording

    /// Counts one occurrence of a conflict and schedules a write.
    /// - Parameters:
    ///   - conflict: The conflict.
    ///   - report: Its rendered text, stored with the first occurrence.
    ///   - date: When it happened (default now).
    /// - Returns: `true` when this is the first time the signature was seen.
    @discardableResult
    public func record(_ conflict: ConflictSnapshot, report: String, at date: Date = Date()) -> Bool {
        let signature = conflict.signature
        let stamp = Self.timestamp(date)
        lock.lock()
        defer { lock.unlock() }
        if let index = recordsBySignature[signature] {
            orderedRecords[index].count += 1
            orderedRecords[index].lastSeen = stamp
            scheduleWriteLocked()
            return false
        }
        guard orderedRecords.count < maxRecords else {
            overflow += 1
            scheduleWriteLocked()
            return false
        }
        recordsBySignature[signature] = orderedRecords.count
        orderedRecords.append(ConflictRecord(
            signature: signature, count: 1, firstSeen: stamp, lastSeen: stamp,
            viewController: conflict.viewController,
            brokenConstraint: conflict.brokenConstraint?.shape,
            report: String(report.prefix(maxReportLength)),
            owner: ConflictTriage.owner(of: conflict)))
        scheduleWriteLocked()
        return true
    }

    /// The records, in order of first occurrence.
    public var records: [ConflictRecord] {
        lock.lock()
        defer { lock.unlock() }
        return orderedRecords
    }

    /// Occurrences of new signatures dropped because the backlog was full.
    public var overflowCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return overflow
    }

    /// Writes everything recorded so far and waits for the file to be on disk.
    /// - Throws: The file system's error when the file cannot be written.
    public func flush() throws {
        try writer.sync { try self.writeSnapshot() }
    }

    private func loadExisting() {
        for record in Self.readRecords(at: url) where record.signature != Self.overflowSignature {
            guard orderedRecords.count < maxRecords else { break }
            recordsBySignature[record.signature] = orderedRecords.count
            orderedRecords.append(record)
        }
    }

    // MARK: - Writing

    private func scheduleWriteLocked() {
        guard !writeScheduled else { return }
        writeScheduled = true
        // Coalesce a storm of conflicts into a few writes.
        writer.asyncAfter(deadline: .now() + .milliseconds(50)) { [weak self] in
            try? self?.writeSnapshot()
        }
    }

    private func writeSnapshot() throws {
        lock.lock()
        let lines = encodedLinesLocked()
        writeScheduled = false
        lock.unlock()
        try Self.atomicWrite(lines, to: url)
    }

    private func encodedLinesLocked() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var data = Data()
        for record in orderedRecords {
            guard let line = try? encoder.encode(record) else { continue }
            data.append(line)
            data.append(0x0A)
        }
        if overflow > 0 {
            let note = ConflictRecord(signature: Self.overflowSignature, count: overflow,
                                      firstSeen: "", lastSeen: "", viewController: nil,
                                      brokenConstraint: nil, report: "backlog full: \(maxRecords) records")
            if let line = try? encoder.encode(note) {
                data.append(line)
                data.append(0x0A)
            }
        }
        return data
    }

    /// The signature of the line that counts conflicts dropped when full.
    public static let overflowSignature = "(overflow)"
}
