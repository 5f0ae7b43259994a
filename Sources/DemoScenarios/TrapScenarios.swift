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

    // MARK: - stack-arranged-edges

    /// A horizontal stack, 20 in and 100 down, spacing 8, of `first` and
    /// `second`, each 100×40: stack (20 100; 208 40), first (0 0; 100 40),
    /// second (108 0; 100 40). The trap also pins `second`'s top and bottom
    /// to the stack, which the stack's fill alignment already does. Made vertical, the stack puts `second` at
    /// top 40 + 8 = 48, and `second.top == stack.top` (0) cannot hold. The
    /// fix leaves the placing to the stack: the same frames.
    static func stackArrangedEdges(root: UIView, fixed: Bool) {
        let first = add(UIView(), "first", to: root)
        let second = add(UIView(), "second", to: root)
        let stack = add(UIStackView(arrangedSubviews: [first, second]), "stack", to: root)
        stack.spacing = 8
        var constraints = [
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        ]
        for view in [first, second] {
            constraints += [view.widthAnchor.constraint(equalToConstant: 100), view.heightAnchor.constraint(equalToConstant: 40)]
        }
        if !fixed {
            constraints += [
                second.topAnchor.constraint(equalTo: stack.topAnchor),
                second.bottomAnchor.constraint(equalTo: stack.bottomAnchor),
            ]
        }
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

    // MARK: - margin-on-child

    /// `panel`'s own leading margin (8, UIKit's default) is put 20 in from
    /// the root's leading edge, so its frame starts at 20 − 8 = 12: with
    /// trailing 20 in, top 100 and height 50 it is (12 100; 343 50). The fix
    /// ties the panel's leading edge instead: (20 100; 335 50).
    static func marginOnChild(root: UIView, fixed: Bool) {
        let panel = add(UIView(), "panel", to: root)
        NSLayoutConstraint.activate([
            NSLayoutConstraint(item: panel, attribute: fixed ? .leading : .leadingMargin, relatedBy: .equal,
                               toItem: root, attribute: .leading, multiplier: 1, constant: 20),
            panel.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            panel.heightAnchor.constraint(equalToConstant: 50),
        ])
    }

    // MARK: - edge-margin-mixed

    /// `field` starts at the root's leading margin (8) and ends at its
    /// trailing edge (375): (8 100; 367 44), 8 off-centre. The fix ends it at
    /// the trailing margin too: (8 100; 359 44).
    static func edgeMarginMixed(root: UIView, fixed: Bool) {
        let field = add(UIView(), "field", to: root)
        NSLayoutConstraint.activate([
            field.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
            field.trailingAnchor.constraint(equalTo: fixed ? root.layoutMarginsGuide.trailingAnchor : root.trailingAnchor),
            field.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            field.heightAnchor.constraint(equalToConstant: 44),
        ])
    }

    // MARK: - autoresizing-mixed

    /// `avatar` is framed at (20 100; 60 60) and still translates its mask;
    /// the app also says `width == 60`, which agrees with the frame today, so
    /// nothing breaks yet: (20 100; 60 60). The fix turns the mask off and
    /// places it with constraints alone: leading 20, top 100, 60×60, the same frame.
    static func autoresizingMixed(root: UIView, fixed: Bool) {
        let avatar = UIView(frame: CGRect(x: 20, y: 100, width: 60, height: 60))
        avatar.accessibilityIdentifier = "avatar"
        root.addSubview(avatar)
        var constraints = [avatar.widthAnchor.constraint(equalToConstant: 60)]
        if fixed {
            avatar.translatesAutoresizingMaskIntoConstraints = false
            constraints += [
                avatar.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                avatar.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                avatar.heightAnchor.constraint(equalToConstant: 60),
            ]
        }
        NSLayoutConstraint.activate(constraints)
    }

    // MARK: - priority-tie

    /// `caption` ("Caption", 7 × 8 = 56 wide) is 20 in and 100 down, and
    /// asked to be 120 wide at its own hugging priority (250): the hugging
    /// (width ≤ 56) and the width (== 120) tie, so the width is whichever the
    /// solver settles on, between 56 and 120. The fix asks at 251, one above
    /// the hugging: the width wins, (20 100; 120 20).
    static func priorityTie(root: UIView, fixed: Bool) {
        let caption = label("Caption", "caption", in: root)
        let width = caption.widthAnchor.constraint(equalToConstant: 120)
        let hugging = caption.contentHuggingPriority(for: .horizontal).rawValue
        width.priority = UILayoutPriority(fixed ? hugging + 1 : hugging)
        NSLayoutConstraint.activate([
            caption.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            caption.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
            width,
        ])
    }

    // MARK: - cell-size-required

    /// A cell (0 0; 320 44), as a table sizes it before measuring, holds
    /// `body`: 16 in from each side, 12 from the top, 40 high and 12 from the
    /// bottom, all required. 12 + 40 + 12 = 64 cannot fit the encapsulated
    /// height 44, so the engine breaks body's `height == 40` and logs the
    /// conflict: body is (16 12; 288 44 − 12 − 12 = 20). The fix
    /// makes the bottom 999: body is (16 12; 288 40) and only the bottom
    /// misses (by 64 − 44 = 20), quietly, until the table asks the real height.
    static func cellSizeRequired(root: UIView, fixed: Bool) {
        let cell = UITableViewCell(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        root.addSubview(cell)
        let body = add(UIView(), "body", to: cell.contentView)
        let bottom = body.bottomAnchor.constraint(equalTo: cell.contentView.bottomAnchor, constant: -12)
        if fixed { bottom.priority = UILayoutPriority(999) }
        NSLayoutConstraint.activate([
            body.leadingAnchor.constraint(equalTo: cell.contentView.leadingAnchor, constant: 16),
            body.trailingAnchor.constraint(equalTo: cell.contentView.trailingAnchor, constant: -16),
            body.topAnchor.constraint(equalTo: cell.contentView.topAnchor, constant: 12),
            body.heightAnchor.constraint(equalToConstant: 40),
            bottom,
        ])
    }

    // MARK: - Catalog

    /// Each trap and its twin, in the rules' order.
    nonisolated static let scenarios: [DemoScenario] = {
        // Closures, not the functions themselves: a main-actor function used as a
        // value is not `Sendable`, and the catalog is read from any thread.
        let traps: [(String, String, String, @MainActor @Sendable (UIView, Bool) -> Void)] = [
            ("ambiguous-layout", "a badge with a width but no height", "the badge gets height 40", { ambiguousLayout(root: $0, fixed: $1) }),
            ("center-only", "a label held only by its centre", "the label also kept 20 inside each edge", { centerOnly(root: $0, fixed: $1) }),
            ("offset-inset", "a card pinned with edges.offset(50): right and bottom 50 outside", "the card pinned with edges.inset(50)", { offsetInset(root: $0, fixed: $1) }),
            ("redundant-constraint", "a banner with leading, trailing and the width they already give", "the banner without the width", { redundantConstraint(root: $0, fixed: $1) }),
            ("stack-arranged-edges", "a stack's arranged view with its own top and bottom to the stack", "the stack alone places it", { stackArrangedEdges(root: $0, fixed: $1) }),
            ("left-right-mixed", "a label placed with left and trailing", "the label placed with leading and trailing", { leftRightMixed(root: $0, fixed: $1) }),
            ("sibling-overlap", "two labels pinned to opposite edges, not to each other (llint --stress)", "the second label below the first", { siblingOverlap(root: $0, fixed: $1) }),
            ("margin-on-child", "a panel whose own leadingMargin is tied to the root's leading edge", "the panel's leading edge tied instead", { marginOnChild(root: $0, fixed: $1) }),
            ("edge-margin-mixed", "a field from the root's leading margin to its trailing edge", "the field between both margins", { edgeMarginMixed(root: $0, fixed: $1) }),
            ("autoresizing-mixed", "a framed view that translates its mask and has a width constraint", "the mask off and four constraints", { autoresizingMixed(root: $0, fixed: $1) }),
            ("priority-tie", "a label's width at its own hugging priority", "the width one priority above the hugging", { priorityTie(root: $0, fixed: $1) }),
            ("cell-size-required", "required top, height and bottom adding to 64 in a 44-high cell", "the bottom at priority 999", { cellSizeRequired(root: $0, fixed: $1) }),
        ]
        return traps.flatMap { rule, trap, fix, build in [
            DemoScenario(name: "trap-\(rule)", summary: "llint trap: \(trap)", takesCount: false, defaultCount: 0,
                         build: { root, _ in build(root, false) }),
            DemoScenario(name: "trap-\(rule)-fixed", summary: "llint clean twin: \(fix)", takesCount: false, defaultCount: 0,
                         build: { root, _ in build(root, true) }),
        ] }
    }()
}
