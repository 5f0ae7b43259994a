import Foundation

// MARK: - HostingViewInspection

/// What a debugger reads of a hosting stand-in without knowing its content
/// type: on Apple platforms the library reads the same through SwiftUI's
/// public API (`sizingOptions`, `sizeThatFits(in:)`, `intrinsicContentSize`).
/// ReferenceKit's own, not UIKit's.
@preconcurrency @MainActor
public protocol HostingViewInspection: AnyObject {
    /// `UIHostingController` (for its view) or `NSHostingView`.
    var hostingKind: String { get }
    /// The `sizingOptions` by name.
    var sizingOptionNames: [String] { get }
    /// The content's size for `proposal`; `nil` when it gives none (NaN or negative).
    func contentSize(for proposal: ProposedViewSize) -> CGSize?
    /// The constraints the view made of its content's size.
    var generatedSizeConstraints: [NSLayoutConstraint] { get }
    /// Whether it makes minimum and maximum constraints (an `NSHostingView`'s options can).
    var measuresBounds: Bool { get }
}

extension _UIHostingView: HostingViewInspection {
    public var hostingKind: String { "UIHostingController" }
    public var sizingOptionNames: [String] { controller?.sizingOptions.names ?? [] }
    public func contentSize(for proposal: ProposedViewSize) -> CGSize? { HostedMeasure.size(of: rootView, for: proposal) }
    public var generatedSizeConstraints: [NSLayoutConstraint] { [] }
    public var measuresBounds: Bool { false }
}

extension NSHostingView: HostingViewInspection {
    public var hostingKind: String { "NSHostingView" }
    public var sizingOptionNames: [String] { sizingOptions.names }
    public func contentSize(for proposal: ProposedViewSize) -> CGSize? { HostedMeasure.size(of: rootView, for: proposal) }
    public var generatedSizeConstraints: [NSLayoutConstraint] { generatedConstraints }
    public var measuresBounds: Bool { true }
}
