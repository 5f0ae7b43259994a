#if !canImport(UIKit) && os(Linux)
import Foundation
import ReferenceKit

// MARK: - Reading a hosting stand-in

/// A ReferenceKit hosting view's sizes, as `HostingReader+Apple` reads
/// SwiftUI's: its options, its content's size at the unspecified proposal
/// and at its frame, its minimum and maximum, and the constraints it made.
enum HostingReader {
    /// ReferenceKit's screen is an iPhone 8's, 375 × 667 points at 2x.
    static let screenScale = 2.0

    /// The hosting snapshot of `view`; `nil` for a view that hosts nothing.
    static func snapshot(of view: UIView) -> HostingSnapshot? {
        guard let hosting = view as? HostingViewInspection else { return nil }
        let frame = ProposedViewSize(view.bounds.size)
        return HostingSnapshot(
            kind: hosting.hostingKind, sizingOptions: hosting.sizingOptionNames,
            idealSize: hosting.contentSize(for: .unspecified).flatMap(size),
            sizeAtFrame: hosting.contentSize(for: frame).flatMap(size),
            minimumSize: hosting.measuresBounds ? hosting.contentSize(for: .zero).flatMap(size) : nil,
            maximumSize: hosting.measuresBounds ? hosting.contentSize(for: .infinity).flatMap(size) : nil,
            generatedConstraints: hosting.generatedSizeConstraints.map { AddressCoding.text(UInt64(Nametags.address(of: $0))) },
            scale: screenScale, isWindowContentView: view.superview is UIWindow)
    }

    /// A measured size as a snapshot's, an infinite side as `-1` (unbounded).
    private static func size(_ s: CGSize) -> SnapshotSize? {
        SnapshotSize(width: s.width.isFinite ? Double(s.width) : -1, height: s.height.isFinite ? Double(s.height) : -1)
    }
}
#endif
