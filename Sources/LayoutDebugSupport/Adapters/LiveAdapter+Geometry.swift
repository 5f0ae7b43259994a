#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#elseif os(Linux)
import ReferenceKit
#endif
#if canImport(UIKit) || canImport(AppKit) || os(Linux)
import Foundation

// MARK: - Where constraints stand against the current frames

extension LiveAdapter {
    /// How far the current frames are from satisfying a constraint, or `nil`
    /// when an attribute cannot be read from a frame (baselines) or an item is
    /// gone. The constraint's items and terms come as the caller read them:
    /// reading them again would load weak references and call into the framework.
    func frameMiss(first: AnyObject?, _ firstAttribute: LayoutAttribute?, _ relation: LayoutRelation,
                   second: AnyObject?, _ secondAttribute: LayoutAttribute?,
                   multiplier: Double, constant: Double) -> Double? {
        guard Platform.framesAreFlipped, let first, let firstAttribute,
              let lhs = value(firstAttribute, of: first, local: second == nil) else { return nil }
        var rhs = 0.0
        if let second {
            guard let secondAttribute, let value = value(secondAttribute, of: second, local: false) else { return nil }
            rhs = value
        }
        return AttributeGeometry.miss(first: lhs, relation: relation, second: rhs,
                                      multiplier: multiplier, constant: constant)
    }

    /// An attribute of a view or guide, in the root's coordinates, or with
    /// `local` in its superview's: a unary position constraint (an
    /// autoresizing one, `minX == 110`) places the item within its superview.
    private func value(_ attribute: LayoutAttribute, of item: AnyObject, local: Bool) -> Double? {
        // `is` and an unchecked downcast, not `as?`: the conditional cast
        // takes a new reference, and a weakly referenced view's count is
        // slow to change.
        if item is PlatformView {
            let view = unsafeDowncast(item, to: PlatformView.self)
            // Margins and direction are read only for the attributes that use
            // them: the direction walks up to the window on every call.
            let margins = AttributeGeometry.usesMargins(attribute) ? Platform.margins(of: view) : .init()
            let rightToLeft = AttributeGeometry.usesDirection(attribute) && isRightToLeft(view)
            return AttributeGeometry.value(attribute, of: local ? Self.rect(view.frame) : absoluteFrame(of: view),
                                           margins: margins, rightToLeft: rightToLeft)
        }
        if let guide = item as? PlatformLayoutGuide, let owner = guide.owningView {
            let origin = local ? SnapshotRect(x: 0, y: 0, width: 0, height: 0) : absoluteFrame(of: owner)
            let frame = Self.rect(Platform.frame(of: guide))
            let placed = SnapshotRect(x: origin.x + frame.x, y: origin.y + frame.y,
                                      width: frame.width, height: frame.height)
            let rightToLeft = AttributeGeometry.usesDirection(attribute) && isRightToLeft(owner)
            return AttributeGeometry.value(attribute, of: placed, margins: .init(), rightToLeft: rightToLeft)
        }
        return nil
    }

    /// Whether the view lays out right to left, asked once per view per report:
    /// the answer walks up to the window, and descents ask for every
    /// leading and trailing constraint.
    func isRightToLeft(_ view: PlatformView) -> Bool {
        let key = Self.key(view)
        if let known = directions.value(for: key) { return known }
        let answer = Platform.isRightToLeft(view)
        directions.set(answer, for: key)
        return answer
    }

    /// The view's frame in its root's coordinates: each ancestor's frame
    /// origin, less its bounds origin (a scroll view's offset). Cached, so a
    /// descent computes each ancestor once.
    func absoluteFrame(of view: PlatformView) -> SnapshotRect {
        let key = Self.key(view)
        if let known = absoluteFrames.value(for: key) { return known }
        var frame = Self.rect(view.frame)
        if let parent = view.superview {
            let base = absoluteFrame(of: parent)
            let bounds = parent.bounds
            frame.x += base.x - Double(bounds.origin.x)
            frame.y += base.y - Double(bounds.origin.y)
        }
        absoluteFrames.set(frame, for: key)
        return frame
    }
}
#endif
