// MARK: - FrameText

/// Geometry spelled the way Sadun's reports and layout-demo spell it.
enum FrameText {
    /// `(110 202; 100 100)`: origin, then size, no trailing `.0`.
    static func rect(_ r: SnapshotRect) -> String {
        var out = TextWriter()
        writeRect(r, into: &out)
        return out.string
    }

    /// Appends `rect(r)` to `out`.
    static func writeRect(_ r: SnapshotRect, into out: inout TextWriter) {
        out.write("(")
        ReportNumber.writePlain(r.x, into: &out)
        out.write(" ")
        ReportNumber.writePlain(r.y, into: &out)
        out.write("; ")
        ReportNumber.writePlain(r.width, into: &out)
        out.write(" ")
        ReportNumber.writePlain(r.height, into: &out)
        out.write(")")
    }

    /// `(64 64)`; `-1` components (no intrinsic metric) print as UIKit gives them.
    static func size(_ s: SnapshotSize) -> String {
        var out = TextWriter()
        writeSize(s, into: &out)
        return out.string
    }

    /// Appends `size(s)` to `out`.
    static func writeSize(_ s: SnapshotSize, into out: inout TextWriter) {
        out.write("(")
        ReportNumber.writePlain(s.width, into: &out)
        out.write(" ")
        ReportNumber.writePlain(s.height, into: &out)
        out.write(")")
    }
}
