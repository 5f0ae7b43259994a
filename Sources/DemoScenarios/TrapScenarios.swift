import Foundation
import ReferenceKit

// MARK: - Layout traps (llint)

/// One scenario per `llint` rule, `trap-<rule>`, and its clean twin
/// `trap-<rule>-fixed`. Each trap lays out without a conflict, as such traps
/// do in real apps; `llint` finds it, and finds nothing on the twin (nor with
/// `--stress`). Frames are in the root's coordinates; the root view is
/// 375×667, and ReferenceKit's text is 8 points a character and 20 high.
@MainActor
enum TrapScenarios {
    /// A view made for constraints, named by its accessibility identifier.
    private static func add<V: UIView>(_ view: V, _ name: String, to root: UIView) -> V {
        view.accessibilityIdentifier = name
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    private static func label(_ text: String, _ name: String, in root: UIView) -> UILabel {
        let label = add(UILabel(), name, to: root)
        label.text = text
        return label
    }

    // MARK: - ambiguous-layout

    /// `badge` has a leading edge (20), a top (100) and a width (100) but no
    /// height: its height is ambiguous, the solver leaves it 0, so it is
    /// (20 100; 100 0). The fix gives it `height == 40`: (20 100; 100 40).
    static func ambiguousLayout(root: UIView, fixed: Bool) {
        let badge = add(UIView(), "badge", to: root)
        var constraints = [
            badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            badge.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            badge.widthAnchor.constraint(equalToConstant: 100),
        ]
        if fixed { constraints.append(badge.heightAnchor.constraint(equalToConstant: 40)) }
        NSLayoutConstraint.activate(constraints)
    }

    // MARK: - center-only

    /// `title` ("Welcome back", 12 × 8 = 96 wide) is centred in the root and
    /// 100 from the top: x = 187.5 − 48 = 139.5, so (139.5 100; 96 20).
    /// Nothing keeps it inside the root when its text grows. The fix adds
    /// `leading >= root.leading + 20` and `trailing <= root.trailing − 20`,
    /// which hold at this width, so the frame is the same.
    static func centerOnly(root: UIView, fixed: Bool) {
        let title = label("Welcome back", "title", in: root)
        var constraints = [
            title.centerXAnchor.constraint(equalTo: root.centerXAnchor),
            title.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        ]
        if fixed {
            constraints += [
                title.leadingAnchor.constraint(greaterThanOrEqualTo: root.leadingAnchor, constant: 20),
                title.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -20),
            ]
        }
        NSLayoutConstraint.activate(constraints)
    }

    // MARK: - offset-inset

    /// SnapKit's `edges.equalToSuperview().offset(50)`: every edge of `card`
    /// is the root's + 50, so left 50 and top 50 move in while right and
    /// bottom move out: (50 50; 375 667), 50 past the root's right (425 − 375)
    /// and bottom (717 − 667). The fix is `.inset(50)`: trailing and bottom
    /// − 50, so (50 50; 275 567).
    static func offsetInset(root: UIView, fixed: Bool) {
        let card = add(UIView(), "card", to: root)
        let far: CGFloat = fixed ? -50 : 50
        NSLayoutConstraint.activate([
            card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 50),
            card.topAnchor.constraint(equalTo: root.topAnchor, constant: 50),
            card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: far),
            card.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: far),
        ])
    }

    // MARK: - redundant-constraint

    /// `banner` is 20 in from each side, 100 from the top and 44 high:
    /// (20 100; 335 44). The trap also says `width == 335`, which
    /// 375 − 20 − 20 already gives: remove it and nothing moves. The fix
    /// leaves it out.
    static func redundantConstraint(root: UIView, fixed: Bool) {
        let banner = add(UIView(), "banner", to: root)
        var constraints = [
            banner.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            banner.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            banner.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            banner.heightAnchor.constraint(equalToConstant: 44),
        ]
        if !fixed { constraints.append(banner.widthAnchor.constraint(equalToConstant: 335)) }
        NSLayoutConstraint.activate(constraints)
    }

    // MARK: - left-right-mixed

    /// `name` ("Name") is placed with `left == root.left + 20` and
    /// `trailing == root.trailing − 20`: (20 100; 335 20) left to right; under
    /// right to left the trailing edge moves to the left side and the two
    /// disagree. The fix uses leading for the first: the same frame.
    static func leftRightMixed(root: UIView, fixed: Bool) {
        let name = label("Name", "name", in: root)
        NSLayoutConstraint.activate([
            fixed ? name.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
                  : name.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 20),
            name.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            name.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        ])
    }

    // MARK: - sibling-overlap (a --stress finding)

    /// `key` ("Delivery address", 128 wide) is pinned 20 from the root's
    /// leading edge and `value` ("Change address", 112 wide) 20 from its
    /// trailing edge, both 100 from the top, and not to each other: (20 100;
    /// 128 20) and (243 100; 112 20), 95 apart. With doubled text (256 and
    /// 224) `key` reaches 276 and `value` starts at 355 − 224 = 131: they
    /// overlap. The fix puts `value` 8 below `key`, both 20 in from each side
    /// at most: (20 100; 128 20) and (20 128; 112 20); doubled, 256 and 224
    /// both fit in 335.
    static func siblingOverlap(root: UIView, fixed: Bool) {
        let key = label("Delivery address", "key", in: root)
        let value = label("Change address", "value", in: root)
        var constraints = [
            key.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            key.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        ]
        if fixed {
            constraints += [
                key.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -20),
                value.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                value.trailingAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor, constant: -20),
                value.topAnchor.constraint(equalTo: key.bottomAnchor, constant: 8),
            ]
        } else {
            constraints += [
                value.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
                value.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            ]
        }
        NSLayoutConstraint.activate(constraints)
    }

    // MARK: - Catalog

    /// Each trap and its twin, in the rules' order.
    nonisolated static let scenarios: [DemoScenario] = {
        let traps: [(String, String, String, @MainActor @Sendable (UIView, Bool) -> Void)] = [
            ("ambiguous-layout", "a badge with a width but no height", "the badge gets height 40", ambiguousLayout),
            ("center-only", "a label held only by its centre", "the label also kept 20 inside each edge", centerOnly),
            ("offset-inset", "a card pinned with edges.offset(50): right and bottom 50 outside", "the card pinned with edges.inset(50)", offsetInset),
            ("redundant-constraint", "a banner with leading, trailing and the width they already give", "the banner without the width", redundantConstraint),
            ("left-right-mixed", "a label placed with left and trailing", "the label placed with leading and trailing", leftRightMixed),
            ("sibling-overlap", "two labels pinned to opposite edges, not to each other (llint --stress)", "the second label below the first", siblingOverlap),
        ]
        return traps.flatMap { rule, trap, fix, build in [
            DemoScenario(name: "trap-\(rule)", summary: "llint trap: \(trap)", takesCount: false, defaultCount: 0,
                         build: { root, _ in build(root, false) }),
            DemoScenario(name: "trap-\(rule)-fixed", summary: "llint clean twin: \(fix)", takesCount: false, defaultCount: 0,
                         build: { root, _ in build(root, true) }),
        ] }
    }()
}
