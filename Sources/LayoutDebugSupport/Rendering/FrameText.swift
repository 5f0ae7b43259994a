// MARK: - FrameText

/// Geometry spelled the way Sadun's reports and layout-demo spell it.
enum FrameText {
    /// `(110 202; 100 100)`: origin, then size, no trailing `.0`.
    static func rect(_ r: SnapshotRect) -> String {
        var out = ""
        writeRect(r, into: &out)
        return out
    }

    /// Appends `rect(r)` to `out`.
    static func writeRect(_ r: SnapshotRect, into out: inout String) {
        out += "("
        out += ReportNumber.plain(r.x)
        out += " "
        out += ReportNumber.plain(r.y)
        out += "; "
        out += ReportNumber.plain(r.width)
        out += " "
        out += ReportNumber.plain(r.height)
        out += ")"
    }

    /// `(64 64)`; `-1` components (no intrinsic metric) print as UIKit gives them.
    static func size(_ s: SnapshotSize) -> String {
        var out = ""
        writeSize(s, into: &out)
        return out
    }

    /// Appends `size(s)` to `out`.
    static func writeSize(_ s: SnapshotSize, into out: inout String) {
        out += "("
        out += ReportNumber.plain(s.width)
        out += " "
        out += ReportNumber.plain(s.height)
        out += ")"
    }
}
