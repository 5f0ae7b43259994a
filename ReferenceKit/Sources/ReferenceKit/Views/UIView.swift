import Foundation

// MARK: - UIView

/// A rectangle in a hierarchy, laid out by constraints or by its frame, as in UIKit.
///
/// Views made in code translate their autoresizing mask into constraints
/// (`translatesAutoresizingMaskIntoConstraints` is `true`), as UIKit's do.
@preconcurrency @MainActor
open class UIView: UIResponder, LayoutItem {
    /// The frame in the superview's coordinates. Setting it on a view whose
    /// autoresizing mask is translated updates its autoresizing constraints at once.
    ///
    /// The setter's implementation can be replaced, as a swizzle of `-[UIView setFrame:]`
    /// replaces UIKit's (`ReferenceKitDebugHooks.setFrameImplementation(_:)`).
    open var frame: CGRect {
        get { storedFrame }
        // Unoptimized, so no tail call: the setter keeps its frame, as setNeedsLayout() does.
        @_optimize(none) set { LayoutRequestMethods.setFrame.body(self, newValue) }
    }

    /// The frame, and what its change does: the frame setter's own implementation.
    var storedFrame: CGRect {
        didSet {
            let frame = storedFrame
            guard frame != oldValue else { return }
            if frame.size != oldValue.size && !(enrolledEngine?.isAssigningFrames ?? false) {
                resizeSubviews(withOldSize: oldValue.size)
            }
            // A new size is laid out anew, as a layer whose bounds change is.
            if frame.size != oldValue.size { setNeedsLayout() }
            autoresizingInputsChanged()
        }
    }

    /// The superview, or `nil` for the root of a hierarchy.
    open internal(set) var superview: UIView? {
        get { parent }
        set { parent = newValue }
    }
    // Unretained, as UIKit's is, rather than weak: a weak reference would give
    // every superview a side table, which makes each retain and release of it
    // slow. A superview that is freed first clears this in its deinit (which
    // is nonisolated, as a UIView subclass's deinit is in UIKit).
    nonisolated(unsafe) unowned(unsafe) var parent: UIView?
    /// The subviews, back to front.
    open internal(set) var subviews: [UIView] = []
    /// The constraints installed on this view, in the order they were added.
    open internal(set) var constraints: [NSLayoutConstraint] = []
    /// The layout guides this view owns, in the order they were added.
    open internal(set) var layoutGuides: [UILayoutGuide] = []

    /// Whether the view's frame and autoresizing mask become constraints.
    /// Turning it off removes those constraints at once, as UIKit does.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { if translatesAutoresizingMaskIntoConstraints != oldValue { systemInputsChanged() } }
    }
    /// How the view resizes with its superview when its mask is translated.
    open var autoresizingMask: AutoresizingMask = [] {
        didSet { if autoresizingMask != oldValue { autoresizingInputsChanged() } }
    }
    /// How the view places its content.
    open var contentMode: ContentMode = .scaleToFill
    /// Whether the view is hidden. Hidden arranged views of a stack view take
    /// no space; the stack's constraints follow at once.
    open var isHidden = false {
        didSet { if isHidden != oldValue { (superview as? UIStackView)?.systemInputsChanged() } }
    }
    /// An app-defined number.
    open var tag = 0
    /// The identifier UI tests and descriptions use; a view that has one is
    /// named by it in constraint descriptions.
    open var accessibilityIdentifier: String?
    /// How the view flips for right-to-left languages. Changing it re-reads
    /// every leading and trailing constraint of the engine.
    open var semanticContentAttribute: UISemanticContentAttribute = .unspecified {
        didSet { if semanticContentAttribute != oldValue { enrolledEngine?.updateDirectionalConstraints() } }
    }

    /// The margins the `layoutMarginsGuide` keeps from the edges; 8 on each side by default.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if marginsGuide != nil { systemInputsChanged() } }
    }

    private var hugging: [UILayoutPriority] = [.defaultLow, .defaultLow]
    private var compressionResistance: [UILayoutPriority] = [.defaultHigh, .defaultHigh]

    let layoutVariables = LayoutVariables()
    nonisolated(unsafe) var namingConstraints = NamingConstraints()
    /// The engine this view hosts, when it is the root of a laid-out hierarchy.
    var layoutEngine: LayoutEngine?
    /// The engine this view is laid out by, once enrolled.
    weak var enrolledEngine: LayoutEngine?
    /// ReferenceKit's own constraints for this view, by a key naming their role.
    var systemConstraints: [String: NSLayoutConstraint] = [:]
    /// The view controller whose root view this is.
    weak var owningViewController: UIViewController?
    /// The display cycle's marks (`UIView+LayoutPass`): the view waits for a layout pass,
    /// for the update-constraints pass, or to be drawn.
    var cycleMarks = DisplayCycleMarks()
    /// Lazily made guides.
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?

    /// Creates a view with a frame.
    public init(frame: CGRect) {
        self.storedFrame = frame
        super.init()
    }

    deinit {
        // What refers to this view without retaining it must not outlive it
        // pointing here: subviews, guides and constraints held elsewhere.
        for subview in subviews where subview.parent === self { subview.parent = nil }
        for guide in layoutGuides where guide.owner === self { guide.owner = nil }
        for constraint in constraints where constraint.owner === self { constraint.owner = nil }
        namingConstraints.forEach { $0.forget(self) }
    }

    /// Views are not archived in ReferenceKit; decoding always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: - Geometry

    /// The view's own coordinate space: origin zero, the frame's size.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }

    /// The centre of the frame, in the superview's coordinates.
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }

    // MARK: - Intrinsic size and priorities

    /// The natural size of the content; `UIView.noIntrinsicMetric` where there is none.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Tells the layout engine that `intrinsicContentSize` changed; the
    /// content-size constraints follow at once.
    open func invalidateIntrinsicContentSize() {
        systemInputsChanged()
    }

    /// How strongly the view resists growing past its intrinsic size on `axis`.
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        hugging[axis.rawValue]
    }

    /// Sets how strongly the view resists growing past its intrinsic size on `axis`.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        hugging[axis.rawValue] = priority
        systemInputsChanged()
    }

    /// How strongly the view resists shrinking below its intrinsic size on `axis`.
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        compressionResistance[axis.rawValue]
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size on `axis`.
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        compressionResistance[axis.rawValue] = priority
        systemInputsChanged()
    }

    // MARK: - Layout hooks

    /// Lays out subviews by hand after the engine has set frames; does nothing by default.
    /// (In UIKit of iOS 6 and 7 it applied the engine's frames: see `UIKitLayoutEra`.)
    open func layoutSubviews() {
        cycleMarks.calledSuperLayoutSubviews = true
    }

    /// Adds or changes the view's own constraints in the update-constraints pass, which
    /// runs bottom-up before each layout pass for the views marked with
    /// `setNeedsUpdateConstraints()` (and, once, for every new view).
    ///
    /// As UIKit documents, an override must call `super.updateConstraints()` as its final
    /// step; a pass that finds it did not stops the program, as UIKit's assertion does.
    open func updateConstraints() {
        cycleMarks.calledSuperUpdateConstraints = true
    }

    /// Draws the view's content; called in the display phase of a commit for a view
    /// marked with `setNeedsDisplay()`. ReferenceKit draws nothing.
    open func draw(_ rect: CGRect) {}

    /// ReferenceKit's system constraints for this view, recomputed on each
    /// layout pass: autoresizing, content size, margin and safe-area guides,
    /// and what subclasses add (stack views, cell content views).
    var systemConstraintSpecs: [SystemConstraintSpec] { standardSystemConstraintSpecs() }

    /// How far the first baseline is below the top and the last baseline
    /// above the bottom; `nil` puts both baselines at the bottom, as for a plain view.
    var baselineInsets: (first: CGFloat, last: CGFloat)? { nil }

    /// Called on the engine-host view just before the engine breaks
    /// `constraint`, with the mutually exclusive constraints, as UIKit's
    /// `engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:`.
    ///
    /// Runs the method's current implementation
    /// (`ReferenceKitDebugHooks.willBreakConstraintImplementation`): UIKit's own logs the
    /// conflict and calls `UIViewAlertForUnsatisfiableConstraints`; a debugger library's
    /// replacement runs in front of it.
    open func engine(_ engine: AnyObject, willBreakConstraint constraint: NSLayoutConstraint,
                     dueToMutuallyExclusiveConstraints constraints: [NSLayoutConstraint]) {
        ReferenceKitDebugHooks.willBreakConstraintImplementation.body(self, engine, constraint, constraints)
    }

    // MARK: - Direction

    /// The direction the view lays out leading and trailing in: forced by
    /// `semanticContentAttribute`, else inherited from the superview, else left to right.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceRightToLeft: return .rightToLeft
        case .forceLeftToRight, .playback, .spatial: return .leftToRight
        case .unspecified: return superview?.effectiveUserInterfaceLayoutDirection ?? .leftToRight
        }
    }

    // MARK: - Responder chain

    /// The view controller whose view this is, else the superview.
    open override var next: UIResponder? {
        if let owningViewController { return owningViewController }
        return superview
    }

    /// The window the view is in, if any.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    // MARK: - LayoutItem

    var layoutParent: UIView? { superview }
    var nearestView: UIView? { self }

    /// The title descriptions print after the address (`'Sign in'`), if any.
    var descriptionTitle: String? { nil }

    var classAndAddress: String {
        runtimeClassName(self) + ":" + addressText(self) + (descriptionTitle.map(quotedTitle) ?? "")
    }

    var constraintName: String {
        accessibilityIdentifier.map(truncatedName) ?? classAndAddress
    }

    var namesEntry: String? {
        accessibilityIdentifier.map { truncatedName($0) + ":" + addressText(self) }
    }
}
