import Foundation

// MARK: - NSHostingSizingOptions

/// Which constraints an `NSHostingView` makes of its content's size, as
/// SwiftUI's `NSHostingSizingOptions` (macOS 13). The raw values are
/// OpenSwiftUI's (Apple's are not documented); nothing here depends on them.
public struct NSHostingSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Constraints at the size that fits a proposal of `0 × 0`.
    public static let minSize = NSHostingSizingOptions(rawValue: 1 << 0)
    /// The content's ideal size (the unspecified proposal) as the view's intrinsic content size.
    public static let intrinsicContentSize = NSHostingSizingOptions(rawValue: 1 << 1)
    /// Constraints at the size that fits a proposal of `∞ × ∞`.
    public static let maxSize = NSHostingSizingOptions(rawValue: 1 << 2)
    /// Minimum, ideal and maximum: the default.
    public static let standardBounds: NSHostingSizingOptions = [.minSize, .intrinsicContentSize, .maxSize]

    /// The options' names, as `lreport` prints them.
    public var names: [String] {
        [(Self.minSize, "minSize"), (Self.intrinsicContentSize, "intrinsicContentSize"), (Self.maxSize, "maxSize")]
            .filter { contains($0.0) }.map(\.1)
    }
}

// MARK: - NSHostingView

/// AppKit's view of SwiftUI-like content (`HostedView`), as SwiftUI's
/// `NSHostingView`, played on ReferenceKit's UIKit-shaped views.
///
/// As Apple documents `sizingOptions` (`.standardBounds` by default): the
/// view makes constraints of its content's minimum size (`.minSize`, the size
/// for `0 × 0`) and maximum size (`.maxSize`, for `∞ × ∞`), required, as
/// tinycast #469 saw `.maxSize` outrank a window's `contentMinSize`; its
/// ideal size (`.intrinsicContentSize`) is its intrinsic content size. As a
/// window's content view it also sets the window's `contentMinSize` and
/// `contentMaxSize`. A new `rootView` or new options update all of it at
/// once (OpenSwiftUI's `NSHostingView` invalidates both on a change).
///
/// The constraints carry no identifier: none was found in any public log or
/// source. They are plain `NSLayoutConstraint`s on the view itself.
///
/// An infinite maximum (`.frame(maxWidth: .infinity)`) makes a constant past
/// Auto Layout's limits: AppKit logs `This NSLayoutConstraint is being
/// configured with a constant that exceeds internal limits.` once and
/// substitutes a value it does not document (palmier-pro #404, iina #3379).
/// ReferenceKit logs the same line once and makes no maximum on that axis,
/// which is what so large a value amounts to.
@MainActor
open class NSHostingView<Content: HostedView>: UIView {
    /// The content; setting it updates the size constraints.
    public var rootView: Content {
        didSet { contentChanged() }
    }

    /// Which size constraints the view makes; `.standardBounds` by default, as Apple documents.
    public var sizingOptions: NSHostingSizingOptions = .standardBounds {
        didSet { contentChanged() }
    }

    /// The constraints the view made of its content's minimum and maximum size, as they stand.
    public var generatedConstraints: [NSLayoutConstraint] {
        systemConstraints.filter { $0.key.hasPrefix(Self.keyPrefix) }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Whether the content gave no size (NaN or negative) when last measured.
    public private(set) var contentCannotBeMeasured = false

    private static var keyPrefix: String { "hosting." }

    /// Creates a hosting view of `rootView`, sized to its ideal size.
    public init(rootView: Content) {
        self.rootView = rootView
        super.init(frame: .zero)
        if let ideal = HostedMeasure.size(of: rootView, for: .unspecified), ideal.width.isFinite, ideal.height.isFinite {
            frame.size = ideal
        }
    }

    /// ReferenceKit does not archive views; decoding always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The content's ideal size with `.intrinsicContentSize`; none without it.
    open override var intrinsicContentSize: CGSize {
        guard sizingOptions.contains(.intrinsicContentSize),
              let ideal = measured(.unspecified) else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        return ideal
    }

    /// The content's size for `proposal`, as SwiftUI measures it.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        rootView.sizeThatFits(proposal)
    }

    /// The standard system constraints, and the minimum and maximum size ones.
    override var systemConstraintSpecs: [SystemConstraintSpec] {
        var specs = super.systemConstraintSpecs
        let minimum = sizingOptions.contains(.minSize) ? measured(.zero) : nil
        let maximum = sizingOptions.contains(.maxSize) ? measured(.infinity) : nil
        for (size, relation, name) in [(minimum, NSLayoutConstraint.Relation.greaterThanOrEqual, "min"),
                                       (maximum, .lessThanOrEqual, "max")] {
            guard let size else { continue }
            for (attribute, value) in [(NSLayoutConstraint.Attribute.width, size.width), (.height, size.height)] {
                guard value.isFinite else {
                    HostingLimitLog.constantExceedsLimits()
                    continue
                }
                var spec = SystemConstraintSpec(key: Self.keyPrefix + name + "." + attribute.name, kind: .plain,
                                                installOn: self, first: self, firstAttribute: attribute)
                spec.relation = relation
                spec.constant = value
                specs.append(spec)
            }
        }
        updateWindowLimits(minimum: minimum, maximum: maximum)
        return specs
    }

    /// `proposal`'s size, noting when the content cannot be measured.
    private func measured(_ proposal: ProposedViewSize) -> CGSize? {
        let size = HostedMeasure.size(of: rootView, for: proposal)
        if size == nil { contentCannotBeMeasured = true }
        return size
    }

    /// As a window's content view, the window's content minimum and maximum follow the content's.
    private func updateWindowLimits(minimum: CGSize?, maximum: CGSize?) {
        guard let window = superview as? UIWindow else { return }
        window.contentMinSize = minimum ?? .zero
        window.contentMaxSize = maximum ?? CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)
    }

    /// The content or the options changed: measure again and update the constraints.
    private func contentChanged() {
        contentCannotBeMeasured = false
        invalidateIntrinsicContentSize()
    }
}

// MARK: - The limit's log line

/// AppKit's line for a constraint constant past its limits, logged once per
/// process as AppKit says it does (iina #3379 prints it, two spaces after each sentence).
@MainActor
enum HostingLimitLog {
    private static var logged = false

    static let line = "This NSLayoutConstraint is being configured with a constant that exceeds internal limits.  "
        + "A smaller value will be substituted, but this problem should be fixed. Break on BOOL "
        + "_NSLayoutConstraintNumberExceedsLimit(void) to debug.  This will be logged only once.  This may break in the future."

    static func constantExceedsLimits() {
        guard !logged else { return }
        logged = true
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
