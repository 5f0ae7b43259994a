import Foundation

// MARK: - UIHostingControllerSizingOptions

/// How a hosting controller tracks its content's size, as SwiftUI's
/// `UIHostingControllerSizingOptions` (iOS 16): the empty set by default.
public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The controller keeps its `preferredContentSize` at its content's ideal size.
    public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 0)
    /// The view invalidates its intrinsic content size when its content's ideal size changes.
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 1 << 1)

    /// The options' names, as `lreport` prints them: `[.intrinsicContentSize]`, `[]`.
    public var names: [String] {
        [(Self.preferredContentSize, "preferredContentSize"), (Self.intrinsicContentSize, "intrinsicContentSize")]
            .filter { contains($0.0) }.map(\.1)
    }
}

// MARK: - UIHostingController

/// A view controller whose view shows SwiftUI-like content (`HostedView`),
/// as SwiftUI's `UIHostingController`; its view is a `_UIHostingView`.
///
/// Apple documents `sizingOptions` (empty by default): with
/// `.intrinsicContentSize` the view "automatically invalidate[s] its intrinsic
/// content size when its ideal size changes"; with `.preferredContentSize`
/// the controller "tracks its content's ideal size in its preferred content
/// size". Without them a new `rootView` leaves both as they were until the app
/// invalidates the view's intrinsic size itself (the workaround
/// woocommerce-ios #9121 kept for iOS 15).
@MainActor
open class UIHostingController<Content: HostedView>: UIViewController {
    /// The content; setting it shows the new content and, as `sizingOptions` say, resizes.
    public var rootView: Content {
        didSet { hostingView?.rootViewChanged() }
    }

    /// How the controller tracks its content's size; `[]` by default, as Apple documents.
    public var sizingOptions: UIHostingControllerSizingOptions = [] {
        didSet { hostingView?.rootViewChanged() }
    }

    /// The size a container should give the controller's view (UIKit's
    /// `UIViewController.preferredContentSize`); kept at the content's ideal
    /// size with `.preferredContentSize`.
    public var preferredContentSize: CGSize = .zero

    /// Creates a controller showing `rootView`.
    public init(rootView: Content) {
        self.rootView = rootView
        super.init()
    }

    /// The view, once loaded.
    var hostingView: _UIHostingView<Content>? { isViewLoaded ? view as? _UIHostingView<Content> : nil }

    /// Makes the hosting view.
    open override func loadView() {
        view = _UIHostingView(rootView: rootView, controller: self)
        hostingView?.rootViewChanged()
    }

    /// The content's size for a proposal of `size`, as SwiftUI's `sizeThatFits(in:)`.
    public func sizeThatFits(in size: CGSize) -> CGSize {
        rootView.sizeThatFits(ProposedViewSize(size))
    }
}

// MARK: - _UIHostingView

/// The view of a `UIHostingController`: its intrinsic content size is its
/// content's ideal size (the size for the unspecified proposal), measured once
/// and kept until invalidated, and it is laid out by Auto Layout like any view.
/// Its class name prints as UIKit prints SwiftUI's, `_UIHostingView<Content>`.
@MainActor
open class _UIHostingView<Content: HostedView>: UIView {
    /// The content shown.
    public private(set) var rootView: Content
    /// The controller whose view this is.
    public private(set) weak var controller: UIHostingController<Content>?
    /// The ideal size as last measured; `nil` until measured or once invalidated.
    private var measuredIdeal: CGSize?
    /// Whether the last measurement gave no size (NaN or negative): the view then has no intrinsic size.
    public private(set) var contentCannotBeMeasured = false

    init(rootView: Content, controller: UIHostingController<Content>) {
        self.rootView = rootView
        self.controller = controller
        super.init(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
    }

    /// ReferenceKit does not archive views; decoding always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The content's ideal size, measured once and kept until invalidated.
    open override var intrinsicContentSize: CGSize {
        if let measuredIdeal { return measuredIdeal }
        guard let ideal = HostedMeasure.size(of: rootView, for: .unspecified) else {
            contentCannotBeMeasured = true
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        contentCannotBeMeasured = false
        measuredIdeal = ideal
        return ideal
    }

    /// Forgets the measured ideal size, so the next layout pass measures the content again.
    open override func invalidateIntrinsicContentSize() {
        measuredIdeal = nil
        super.invalidateIntrinsicContentSize()
    }

    /// The content's size for `size` as a proposal (UIKit's `sizeThatFits(_:)`).
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        rootView.sizeThatFits(ProposedViewSize(size))
    }

    /// The controller's `rootView` or `sizingOptions` changed.
    func rootViewChanged() {
        guard let controller else { return }
        rootView = controller.rootView
        let options = controller.sizingOptions
        if options.contains(.intrinsicContentSize) { invalidateIntrinsicContentSize() }
        if options.contains(.preferredContentSize), let ideal = HostedMeasure.size(of: rootView, for: .unspecified) {
            controller.preferredContentSize = ideal
        }
    }
}
