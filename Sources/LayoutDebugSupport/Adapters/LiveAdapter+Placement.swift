#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)

// MARK: - Placements

extension LiveAdapter {
    /// Where each view sits in its window, for the explainer's fix ranking.
    ///
    /// - Returns: one placement per view that is in a window; `nil` where frames
    ///   run up (AppKit), since the explainer's rows measure y down.
    func placements(of views: [PlatformView]) -> [ViewPlacement]? {
        guard Platform.framesAreFlipped else { return nil }
        let found = views.compactMap(placement(of:))
        return found.isEmpty ? nil : found
    }

    /// A view's frame, its superview's and the window's bounds, all in the
    /// window's coordinates; `nil` for a view in no window or the window itself.
    private func placement(of view: PlatformView) -> ViewPlacement? {
        guard Platform.isInWindow(view), let parent = view.superview else { return nil }
        var ancestors: [PlatformView] = []
        var next: PlatformView? = parent
        while let current = next {
            ancestors.append(current)
            next = current.superview
        }
        // The last ancestor, the one with no superview, is the window.
        let window = ancestors.removeLast()
        let parentFrame = ancestors.isEmpty ? window.bounds : Self.frameInWindow(parent, ancestors: ancestors.dropFirst())
        return ViewPlacement(view: UInt64(Nametags.address(of: view)),
                             frame: Self.rect(Self.frameInWindow(view, ancestors: ancestors[...])),
                             depth: ancestors.count + 1,
                             superview: ancestors.isEmpty ? nil : UInt64(Nametags.address(of: parent)),
                             superviewFrame: Self.rect(parentFrame), window: Self.rect(window.bounds))
    }

    /// `view.frame` carried up through `ancestors` (nearest first, the window
    /// left out): each one shifts by its frame's origin less its bounds' origin
    /// (a scroll view's offset). Transforms are not applied.
    private static func frameInWindow(_ view: PlatformView, ancestors: ArraySlice<PlatformView>) -> CGRect {
        var frame = view.frame
        for ancestor in ancestors {
            frame.origin.x += ancestor.frame.origin.x - ancestor.bounds.origin.x
            frame.origin.y += ancestor.frame.origin.y - ancestor.bounds.origin.y
        }
        return frame
    }
}
#endif
