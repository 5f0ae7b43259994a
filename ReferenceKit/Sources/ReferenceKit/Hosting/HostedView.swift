import Foundation

// MARK: - ProposedViewSize

/// A size SwiftUI proposes to a view: each dimension a number, or `nil`
/// for "unspecified", which asks for the view's ideal size. `0` asks for its
/// minimum and `.infinity` for its maximum, as Apple's `NSHostingSizingOptions`
/// documentation says the hosting view measures them.
public struct ProposedViewSize: Equatable, Sendable {
    /// The proposed width; `nil` is unspecified.
    public var width: CGFloat?
    /// The proposed height; `nil` is unspecified.
    public var height: CGFloat?

    /// A proposal of `width` by `height`.
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }

    /// A proposal of `size`.
    public init(_ size: CGSize) { self.init(width: size.width, height: size.height) }

    /// Both dimensions unspecified: the answer is the ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
    /// `0 × 0`: the answer is the minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// `∞ × ∞`: the answer is the maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
}

// MARK: - HostedView

/// SwiftUI-like content a hosting view shows: a size function, a proposal
/// in and a size out, which is all Auto Layout sees of a SwiftUI view.
public protocol HostedView {
    /// The size the view takes for `proposal`.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

// MARK: - HostedFrame

/// A view sized as SwiftUI's `frame` modifiers size one: on each axis a
/// minimum, an ideal and a maximum; the unspecified proposal gets the ideal,
/// any other the proposal clamped between minimum and maximum. `.frame(width:
/// 100)` is `HostedFrame(width: .fixed(100), …)`; `.frame(maxWidth: .infinity)`
/// has an infinite maximum.
public struct HostedFrame: HostedView, Sendable {
    /// One axis of the frame.
    public struct Axis: Equatable, Sendable {
        public var minimum: CGFloat
        public var ideal: CGFloat
        public var maximum: CGFloat

        /// A flexible axis from `minimum` to `maximum` (which may be `.infinity`), ideally `ideal`.
        public init(minimum: CGFloat, ideal: CGFloat, maximum: CGFloat) {
            self.minimum = minimum
            self.ideal = ideal
            self.maximum = maximum
        }

        /// An axis that is `value` for every proposal.
        public static func fixed(_ value: CGFloat) -> Axis { Axis(minimum: value, ideal: value, maximum: value) }

        /// The length for a proposed length (`nil`: unspecified).
        func length(for proposal: CGFloat?) -> CGFloat {
            guard let proposal else { return ideal }
            return min(max(proposal, minimum), maximum)
        }
    }

    public var width: Axis
    public var height: Axis

    /// A frame of `width` and `height`.
    public init(width: Axis, height: Axis) {
        self.width = width
        self.height = height
    }

    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: width.length(for: proposal.width), height: height.length(for: proposal.height))
    }
}

// MARK: - Fixed size

/// SwiftUI's `fixedSize(horizontal:vertical:)`: the content at its ideal size
/// on the fixed axes, whatever is proposed there.
public struct FixedSizeView<Content: HostedView>: HostedView {
    public var content: Content
    public var horizontal: Bool
    public var vertical: Bool

    /// `content` fixed at its ideal size on the axes given.
    public init(_ content: Content, horizontal: Bool = true, vertical: Bool = true) {
        self.content = content
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        content.sizeThatFits(ProposedViewSize(width: horizontal ? nil : proposal.width,
                                              height: vertical ? nil : proposal.height))
    }
}

// MARK: - Measuring

/// What a hosting view asks of its content, checked: a size with a NaN or a
/// negative side cannot be laid out, and SwiftUI's answer is then no answer.
enum HostedMeasure {
    /// `content`'s size for `proposal`, or `nil` when it is NaN or negative.
    static func size(of content: some HostedView, for proposal: ProposedViewSize) -> CGSize? {
        let size = content.sizeThatFits(proposal)
        guard !size.width.isNaN, !size.height.isNaN, size.width >= 0, size.height >= 0 else { return nil }
        return size
    }
}
