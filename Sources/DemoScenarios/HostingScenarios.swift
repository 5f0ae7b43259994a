import Foundation
import ReferenceKit

// MARK: - HostingScenarios

/// SwiftUI inside Auto Layout, on ReferenceKit's hosting stand-ins: the size
/// the content wants against the size the constraints impose, in the places
/// public reports met it (a cell, beside the keyboard, a window's content
/// view, a fractional ideal size, `.infinity`).
@MainActor
enum HostingScenarios {
    nonisolated static let scenarios: [DemoScenario] = [
        DemoScenario(name: "hosting-cell-conflict",
                     summary: "a hosting controller's view in a 44-point cell, held to a 120.5 height the app measured",
                     takesCount: false, defaultCount: 0, build: { HostingScenarios.cell(root: $0, count: $1) }),
        DemoScenario(name: "hosting-keyboard-conflict",
                     summary: "a hosting controller's view 336 above the bottom for the keyboard, its 540.5 ideal height required",
                     takesCount: false, defaultCount: 0, build: { HostingScenarios.keyboard(root: $0, count: $1) }),
        DemoScenario(name: "hosting-window-conflict",
                     summary: "an NSHostingView as a 375-wide window's content view, whose content is at least 480 wide",
                     takesCount: false, defaultCount: 0, build: { HostingScenarios.window(root: $0, count: $1) }),
        DemoScenario(name: "hosting-fractional",
                     summary: "an NSHostingView window content view whose ideal size is 874 x 540.5, no conflict",
                     takesCount: false, defaultCount: 0, build: { HostingScenarios.fractional(root: $0, count: $1) }),
        DemoScenario(name: "hosting-infinity",
                     summary: "an NSHostingView whose content's maximum width is .infinity (default sizingOptions), no conflict",
                     takesCount: false, defaultCount: 0, build: { HostingScenarios.infinity(root: $0, count: $1) }),
    ]

    /// `hosting-cell-conflict`: a feed cell (0 0; 320 44) whose content view
    /// holds a `UIHostingController`'s view pinned to its four edges, and the
    /// app's own `height == 120.5`, measured once with `sizeThatFits(in:)`
    /// (the pattern woocommerce-ios #9121 replaced with `sizingOptions`).
    /// 120.5 against the cell's encapsulated 44: the engine breaks one.
    static func cell(root: UIView, count: Int) {
        let cell = UITableViewCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        root.addSubview(cell)
        let controller = UIHostingController(rootView: CardView())
        let card = controller.view!
        card.translatesAutoresizingMaskIntoConstraints = false
        cell.contentView.addSubview(card)
        let measured = controller.sizeThatFits(in: CGSize(width: 320, height: CGFloat.infinity))
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor),
            card.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor),
            card.topAnchor.constraint(equalTo: cell.contentView.topAnchor),
            card.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor),
            card.heightAnchor.constraint(equalToConstant: measured.height),
        ])
        HostingScenarios.controllers.append(controller)
    }

    /// `hosting-keyboard-conflict`: a compose screen whose hosting view is
    /// pinned to the top and 336 points above the bottom (the keyboard's
    /// height, as an app reads it from the keyboard's frame), with its vertical
    /// compression resistance made required so the content is never squeezed:
    /// 540.5 + 336 = 876.5 > 667.
    static func keyboard(root: UIView, count: Int) {
        let controller = UIHostingController(rootView: ComposeView())
        controller.sizingOptions = .intrinsicContentSize
        let compose = controller.view!
        compose.translatesAutoresizingMaskIntoConstraints = false
        compose.setContentCompressionResistancePriority(.required, for: .vertical)
        root.addSubview(compose)
        NSLayoutConstraint.activate([
            compose.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            compose.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            compose.topAnchor.constraint(equalTo: root.topAnchor),
            compose.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -336),
        ])
        HostingScenarios.controllers.append(controller)
    }

    /// `hosting-window-conflict`: a window (0 0; 375 667) whose content view is
    /// an `NSHostingView` of a sidebar and detail at least 480 wide; its
    /// default `.standardBounds` makes `width >= 480` against the 375 the
    /// window gives its content view.
    static func window(root: UIView, count: Int) {
        contentView(of: root, SplitView())
    }

    /// `hosting-fractional`: SuperCmd #128's panel, ideally 874 × 540.5, as a
    /// window's content view with `.intrinsicContentSize` only: no conflict,
    /// but a window's frame is in whole points, so 540.5 never lands.
    static func fractional(root: UIView, count: Int) {
        let view = contentView(of: root, PanelView())
        view.sizingOptions = .intrinsicContentSize
    }

    /// `hosting-infinity`: a toolbar row `.frame(maxWidth: .infinity)` in an
    /// `NSHostingView` with the default `sizingOptions` (palmier-pro #404): its
    /// maximum width is infinite, AppKit logs its limit line, and only the
    /// height gets a maximum.
    static func infinity(root: UIView, count: Int) {
        let view = NSHostingView(rootView: ToolbarRow())
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            view.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
    }

    /// `content` in an `NSHostingView` that replaces the window's root view, as
    /// `NSWindow.contentView` is replaced.
    @discardableResult
    private static func contentView<Content: HostedView>(of root: UIView, _ content: Content) -> NSHostingView<Content> {
        let view = NSHostingView(rootView: content)
        guard let window = root.superview as? UIWindow else { return view }
        root.removeFromSuperview()
        view.frame = window.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(view)
        return view
    }

    /// The controllers whose views the scenarios show: a view does not keep its controller.
    static var controllers: [AnyObject] = []
}

// MARK: - The content

/// A feed card: as wide as proposed, 120.5 high (a title, two lines of text and a half-point hairline).
struct CardView: HostedView {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        CGSize(width: proposal.width.map { min($0, 600) } ?? 320, height: 120.5)
    }
}

/// A compose form: any width, 540.5 high ideally, from 200 to 900.
struct ComposeView: HostedView {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        HostedFrame(width: .init(minimum: 0, ideal: 375, maximum: .infinity),
                    height: .init(minimum: 200, ideal: 540.5, maximum: 900)).sizeThatFits(proposal)
    }
}

/// A sidebar and a detail: at least 480 wide, ideally 874.
struct SplitView: HostedView {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        HostedFrame(width: .init(minimum: 480, ideal: 874, maximum: 1600),
                    height: .init(minimum: 300, ideal: 540.5, maximum: 1200)).sizeThatFits(proposal)
    }
}

/// SuperCmd's panel at Content Size Medium: 874 × 540.5, fixed.
struct PanelView: HostedView {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { CGSize(width: 874, height: 540.5) }
}

/// A toolbar row `.frame(maxWidth: .infinity)`, 44 high.
struct ToolbarRow: HostedView {
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        HostedFrame(width: .init(minimum: 0, ideal: 320, maximum: .infinity), height: .fixed(44)).sizeThatFits(proposal)
    }
}
