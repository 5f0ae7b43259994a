import Foundation
import ReferenceKit

// MARK: - The scenarios

/// Layout loops: a pass that asks for another, for ever, until UIKit's feedback loop
/// debugger or AppKit's window pass limit stops it. Each runs in the main run loop: its one
/// turn builds the screen, and the commit at the end of that turn loops.
///
/// The UIKit ones arm the feedback loop debugger with a threshold of 50 (its floor) unless
/// the launch asks for another with `-UIViewLayoutFeedbackLoopDebuggingThreshold N`; an iOS
/// app without it spins at 100 % CPU. The AppKit ones play an `NSWindow`
/// (`DisplayCycleRules.appKit`), which raises past as many passes as it has views.
///
/// Causes, from public threads (research for issue 44): a size changed from inside layout
/// (OAStackView PR#49), constraints added in `layoutSubviews` (ZIKConstraintsGuard's README),
/// a window following its content from `windowDidLayout` (TypeWhisper#1229), a fractional
/// ideal size the window's whole points never match (SuperCmd#128: 874 × 540.5).
@MainActor
enum LoopScenarios {
    nonisolated static let scenarios: [DemoScenario] = [
        loop("loop-superview-size",
             "run loop: a badge whose layoutSubviews widens its superview by 1 point, so the superview lays out again (UIKit, feedback loop debugger)", uiKit: true,
             { presentGrowingBadge(in: $0) }),
        loop("loop-constraints-in-layout",
             "run loop: a card that activates a width of 200 in each layoutSubviews, so the engine asks for another pass (UIKit, feedback loop debugger)", uiKit: true,
             { presentConstraintAdder(in: $0) }),
        loop("loop-update-siblings",
             "run loop: two labels whose updateConstraints each mark the other (AppKit: more Update Constraints in Window passes than views)",
             { presentPingPong(in: $0) }),
        loop("loop-window-follows-content",
             "run loop: a panel that grows its window by 20 points from inside layout, as a view following its content does (AppKit: more Layout Window passes than views)",
             { presentFollowingPanel(in: $0) }),
        loop("loop-half-point",
             "run loop: a panel whose ideal height 540.5 its whole-point window rounds to 541 each pass, and asks again (AppKit: more Layout Window passes than views)",
             { presentHalfPointPanel(in: $0) }),
        loop("loop-missing-super",
             "run loop: a card whose layoutSubviews skips super, in iOS 7's UIKit (Auto Layout still required after executing -layoutSubviews)",
             { presentForgetfulCard(in: $0) }),
    ]

    /// A one-turn run-loop scenario.
    nonisolated private static func loop(_ name: String, _ summary: String, uiKit: Bool = false,
                                         _ present: @escaping @MainActor @Sendable (UIWindow) -> Void) -> DemoScenario {
        var arm: (@MainActor @Sendable () -> Void)?
        if uiKit { arm = { @MainActor in LoopScenarios.armFeedbackLoopDebugger() } }
        return DemoScenario(name: name, summary: summary, takesCount: false, defaultCount: 0,
                            runLoop: RunLoopScript(turns: { _ in 1 }, step: { window, _, _ in present(window) }, beforeLaunch: arm))
    }

    /// The feedback loop debugger's threshold when the launch gives none: UIKit's floor.
    static let defaultThreshold = 50

    /// Arms UIKit's feedback loop debugger as a launch argument would, unless one did:
    /// before the launch, since UIKit reads the threshold once, at the first layout.
    static func armFeedbackLoopDebugger() {
        UserDefaults.standard.register(defaults: ["UIViewLayoutFeedbackLoopDebuggingThreshold": defaultThreshold])
    }

    /// A new screen whose root view holds `content`, pinned at (20, 100) and 40 high.
    @discardableResult
    static func present(_ content: UIView, in window: UIWindow, rules: DisplayCycleRules) -> UIView {
        window.displayCycleRules = rules
        let controller = UIViewController()
        let root = controller.view!
        content.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(content)
        NSLayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            content.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            content.heightAnchor.constraint(equalToConstant: 40),
        ])
        window.rootViewController = controller
        return root
    }

    // MARK: - UIKit

    /// The root (375 wide) grows by 1 at each of the badge's layouts: the root's size change
    /// marks it, and the next pass lays both out again.
    static func presentGrowingBadge(in window: UIWindow) {
        let badge = GrowingBadge()
        present(badge, in: window, rules: .uiKit)
        badge.widthAnchor.constraint(equalToConstant: 100).isActive = true
    }

    /// Each layout of the card activates another width of 200: the engine changes, its host
    /// is marked, and the next pass lays the card out again.
    static func presentConstraintAdder(in window: UIWindow) {
        present(ConstraintAddingCard(), in: window, rules: .uiKit)
    }

    /// iOS 7's UIKit: the card's subview waits for the engine's frame that only
    /// `super.layoutSubviews()` would apply.
    static func presentForgetfulCard(in window: UIWindow) {
        UIKitLayoutEra.current = .iOS7
        let card = ForgetfulCard()
        let title = UILabel()
        title.text = "Title"
        title.translatesAutoresizingMaskIntoConstraints = false
        card.addSubview(title)
        NSLayoutConstraint.activate([title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
                                     title.centerYAnchor.constraint(equalTo: card.centerYAnchor)])
        present(card, in: window, rules: .uiKit)
        card.widthAnchor.constraint(equalToConstant: 200).isActive = true
    }

    // MARK: - AppKit

    /// Two labels side by side whose `updateConstraints` each mark the other.
    static func presentPingPong(in window: UIWindow) {
        let title = PingPongLabel(), detail = PingPongLabel()
        title.text = "Title"; detail.text = "Detail"
        title.partner = detail; detail.partner = title
        let root = present(title, in: window, rules: .appKit)
        detail.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(detail)
        NSLayoutConstraint.activate([detail.leadingAnchor.constraint(equalTo: title.trailingAnchor, constant: 8),
                                     detail.firstBaselineAnchor.constraint(equalTo: title.firstBaselineAnchor)])
    }

    /// A panel that makes the window 20 points taller at each layout; the window's size
    /// change marks it for another Layout Window pass.
    static func presentFollowingPanel(in window: UIWindow) {
        let panel = FollowingPanel()
        present(panel, in: window, rules: .appKit)
        panel.widthAnchor.constraint(equalToConstant: 300).isActive = true
    }

    /// A panel whose ideal height, 540.5, the window's whole points never give.
    static func presentHalfPointPanel(in window: UIWindow) {
        let panel = HalfPointPanel()
        present(panel, in: window, rules: .appKit)
        panel.widthAnchor.constraint(equalToConstant: 874).isActive = true
    }
}

// MARK: - The views

/// Widens its superview by one point at each layout.
final class GrowingBadge: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        superview?.frame.size.width += 1
    }
}

/// Activates a width of 200 at each layout, as views that build constraints in
/// `layoutSubviews` do.
final class ConstraintAddingCard: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        widthAnchor.constraint(equalToConstant: 200).isActive = true
    }
}

/// Skips `super.layoutSubviews()`.
final class ForgetfulCard: UIView {
    override func layoutSubviews() {}
}

/// A label whose `updateConstraints` marks its partner's, as when each derives a constraint
/// from the other's content.
final class PingPongLabel: UILabel {
    weak var partner: UIView?
    override func updateConstraints() {
        partner?.setNeedsUpdateConstraints()
        super.updateConstraints()
    }
}

/// Makes its window 20 points taller at each layout, as a view whose window follows its
/// growing content from inside layout (TypeWhisper#1229's panel grew to 1460 × 2990).
final class FollowingPanel: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        guard let window else { return }
        window.frame.size.height = window.frame.height + 20
    }
}

/// Sets its window to its ideal height, 540.5, kept on whole points (541: the demo's stand-in
/// for the snapping SuperCmd#128 met), and, seeing 541 ≠ 540.5, asks for another pass.
final class HalfPointPanel: UIView {
    static let idealHeight: CGFloat = 540.5

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let window, window.frame.height != Self.idealHeight else { return }
        window.frame.size.height = Self.idealHeight.rounded()
        setNeedsLayout()
    }
}
