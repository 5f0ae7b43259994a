import Foundation

// MARK: - UIImage

/// An image, known to ReferenceKit only by its size in points.
public final class UIImage: Sendable {
    /// The size in points.
    public let size: CGSize

    /// Creates an image of a size (ReferenceKit has no image files).
    public init(size: CGSize) { self.size = size }
}

// MARK: - UIImageView

/// A view showing an image, as in UIKit; its intrinsic content size is the image's size.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown; setting it changes the intrinsic content size.
    open var image: UIImage? {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// Creates an image view sized to its image.
    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// The image's size, or no intrinsic metric without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
}
