import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Reading and writing the file

extension ConflictBacklog {
    /// Reads the records of a backlog file, skipping unreadable lines.
    /// - Parameter url: The file.
    /// - Returns: The records in file order; empty when there is no file.
    public static func readRecords(at url: URL) -> [ConflictRecord] {
        guard let data = try? Data(contentsOf: url) else { return [] }
        let decoder = JSONDecoder()
        return data.split(separator: 0x0A).compactMap { try? decoder.decode(ConflictRecord.self, from: Data($0)) }
    }

    /// Writes `data` so that a crash at any point leaves the old or the new
    /// file whole: a temporary file in the same folder, fsync, rename, then
    /// fsync of the folder so the rename itself survives a power loss.
    static func atomicWrite(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]) }
        var failed = false
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { failed = true; return }
                offset += written
            }
        }
        if fsync(fd) != 0 { failed = true }
        close(fd)
        guard !failed, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let folderFD = open(folder.path, O_RDONLY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    // ISO8601DateFormatter is thread-safe, and making one per conflict is slow.
    nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    static func timestamp(_ date: Date) -> String {
        formatter.string(from: date)
    }
}
