import Foundation
import LayoutDebugSupport

// MARK: - Pictures

/// `--html PAGE`: the conflicts drawn into one self-contained page, written
/// whole or not at all.
enum Pictures {
    /// Why `page` cannot be written, checked before any input is read; nil when it can.
    static func unwritable(_ page: String) -> String? {
        let url = URL(fileURLWithPath: page)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: page, isDirectory: &isDirectory), isDirectory.boolValue {
            return "cannot write \(page): it is a folder"
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return "cannot write \(page): no folder \(folder)"
        }
        guard FileManager.default.isWritableFile(atPath: folder) else { return "cannot write \(page): \(folder) is not writable" }
        return nil
    }

    /// Writes the page atomically (a temporary file renamed into place); the problem, if any.
    static func write(_ pictures: [LayoutPicture], to page: String) -> String? {
        let title = pictures.count == 1 ? "1 Auto Layout conflict" : "\(pictures.count) Auto Layout conflicts"
        do {
            try Data(SVGPicture.html(pictures, title: title).utf8).write(to: URL(fileURLWithPath: page), options: .atomic)
            return nil
        } catch {
            return "cannot write \(page): \(error.localizedDescription)"
        }
    }
}
