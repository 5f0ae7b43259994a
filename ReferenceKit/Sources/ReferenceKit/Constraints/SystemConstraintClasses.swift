import Foundation

// MARK: - NSAutoresizingMaskLayoutConstraint

/// A constraint UIKit makes from a view's frame and autoresizing mask when
/// `translatesAutoresizingMaskIntoConstraints` is `true`.
///
/// Its description carries the mask (`h=--& v=--&`) and names positions
/// `minX`/`minY`, measured from the superview's origin.
@preconcurrency @MainActor
open class NSAutoresizingMaskLayoutConstraint: NSLayoutConstraint {
    /// The mask the constraint came from.
    public internal(set) var autoresizingMask: UIView.AutoresizingMask = []
}

// MARK: - NSContentSizeLayoutConstraint

/// The constraint UIKit makes from a view's intrinsic content size on one
/// axis: the size may not grow past it at the hugging priority, nor shrink
/// below it at the compression resistance priority.
///
/// Its description is UIKit's: `UILabel:0x…'Hi'.width == 16 Hug:250 CompressionResistance:750`.
/// `relation` is `.equal` and `priority` is the higher of the two priorities.
@preconcurrency @MainActor
open class NSContentSizeLayoutConstraint: NSLayoutConstraint {
    /// The hugging priority (the `≤` half).
    public internal(set) var huggingPriority: UILayoutPriority = .defaultLow
    /// The compression resistance priority (the `≥` half).
    public internal(set) var compressionResistancePriority: UILayoutPriority = .defaultHigh
}

// MARK: - System spacing

/// The constraint class UIKit makes for the system-spacing anchor methods
/// (`constraint(equalToSystemSpacingAfter:multiplier:)`); it prints its
/// constant as `NSLayoutAnchorConstraintSpace(8)`.
final class _UISystemBaselineConstraint: NSLayoutConstraint {}

/// The system spacing ReferenceKit uses: 8 points between siblings, 20 to a
/// superview edge in a visual format.
enum SystemSpacing {
    /// A bare `-` in a visual format: prints `NSSpace(c)`.
    case visualFormat
    /// A system-spacing anchor method: prints `NSLayoutAnchorConstraintSpace(c)`.
    case anchor

    /// The standard gap between siblings.
    static let standard: CGFloat = 8

    /// The constant as descriptions print it.
    func text(_ constant: CGFloat) -> String {
        switch self {
        case .visualFormat: return "NSSpace(\(formatNumber(constant)))"
        case .anchor: return "NSLayoutAnchorConstraintSpace(\(formatNumber(constant)))"
        }
    }
}
