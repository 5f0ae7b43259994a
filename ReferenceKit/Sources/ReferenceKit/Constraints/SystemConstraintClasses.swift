import Foundation

// MARK: - NSAutoresizingMaskLayoutConstraint

/// A constraint UIKit makes from a view's frame and autoresizing mask when
/// `translatesAutoresizingMaskIntoConstraints` is `true`.
///
/// Its description carries the mask (`h=--& v=--&`) and names positions
/// `minX`/`minY`, measured from the superview's origin.
@MainActor
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
@MainActor
open class NSContentSizeLayoutConstraint: NSLayoutConstraint {
    /// The hugging priority (the `≤` half).
    public internal(set) var huggingPriority: UILayoutPriority = .defaultLow
    /// The compression resistance priority (the `≥` half).
    public internal(set) var compressionResistancePriority: UILayoutPriority = .defaultHigh
}
