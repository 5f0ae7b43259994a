// MARK: - FrameText

/// Geometry spelled the way Sadun's reports and layout-demo spell it.
enum FrameText {
    /// `(110 202; 100 100)`: origin, then size, no trailing `.0`.
    static func rect(_ r: SnapshotRect) -> String {
        "(\(ReportNumber.plain(r.x)) \(ReportNumber.plain(r.y)); "
            + "\(ReportNumber.plain(r.width)) \(ReportNumber.plain(r.height)))"
    }

    /// `(64 64)`; `-1` components (no intrinsic metric) print as UIKit gives them.
    static func size(_ s: SnapshotSize) -> String {
        "(\(ReportNumber.plain(s.width)) \(ReportNumber.plain(s.height)))"
    }
}
