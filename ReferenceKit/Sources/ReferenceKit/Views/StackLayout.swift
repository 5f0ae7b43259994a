import Foundation

// MARK: - StackLayout

/// The `'UISV-*'` constraints of one stack view, as UIKit names and shapes them:
/// `'UISV-canvas-connection'` from the stack to its first and last views,
/// `'UISV-spacing'` between neighbours, `'UISV-alignment'` across the axis,
/// `'UISV-fill-equally'`, `'UISV-spanning-boundary'` and `'UISV-hiding'`.
@MainActor
struct StackLayout {
    let stack: UIStackView
    let arranged: [UIView]

    private typealias Attribute = NSLayoutConstraint.Attribute

    func specs() -> [SystemConstraintSpec] {
        let visible = arranged.filter { !$0.isHidden }
        let horizontal = stack.axis == .horizontal
        let (lead, trail, size): (Attribute, Attribute, Attribute) = horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let (crossLead, crossTrail, crossCenter): (Attribute, Attribute, Attribute) = horizontal ? (.top, .bottom, .centerY) : (.leading, .trailing, .centerX)
        var specs: [SystemConstraintSpec] = []
        for view in arranged where view.isHidden {
            specs.append(spec("hiding.size", "UISV-hiding", view, size, nil, .notAnAttribute, visual: true))
            specs.append(spec("hiding.lead", "UISV-hiding", view, lead, canvas, lead))
        }
        guard let first = visible.first, let last = visible.last else { return specs }
        specs.append(spec("canvas.lead", "UISV-canvas-connection", canvas, lead, first, lead))
        specs.append(spec("canvas.trail", "UISV-canvas-connection", canvas, trail, last, trail))
        for (earlier, later) in zip(visible, visible.dropFirst()) {
            var gap = spec("spacing", "UISV-spacing", later, lead, earlier, trail)
            gap.constant = stack.spacing
            specs.append(gap)
            if stack.distribution == .fillEqually {
                specs.append(spec("fill-equally", "UISV-fill-equally", later, size, first, size))
            }
        }
        specs += crossSpecs(visible: visible, first: first, lead: crossLead, trail: crossTrail, center: crossCenter)
        return specs
    }

    private func crossSpecs(visible: [UIView], first: UIView, lead: Attribute, trail: Attribute, center: Attribute) -> [SystemConstraintSpec] {
        var specs: [SystemConstraintSpec] = []
        let anchors: [Attribute]
        switch stack.alignment {
        case .leading: anchors = [lead]
        case .trailing: anchors = [trail]
        case .center: anchors = [center]
        default: anchors = [lead, trail]
        }
        for attribute in anchors {
            specs.append(spec("canvas.\(attribute.name)", "UISV-canvas-connection", canvas, attribute, first, attribute))
            for view in visible.dropFirst() {
                specs.append(spec("alignment.\(attribute.name)", "UISV-alignment", first, attribute, view, attribute))
            }
        }
        guard anchors.count == 1 else { return specs }
        // Views that do not fill across the axis must stay inside the stack,
        // and the stack hugs the widest of them.
        for view in visible {
            var top = spec("spanning.lead", "UISV-spanning-boundary", view, lead, canvas, lead)
            top.relation = .greaterThanOrEqual
            var bottom = spec("spanning.trail", "UISV-spanning-boundary", canvas, trail, view, trail)
            bottom.relation = .greaterThanOrEqual
            specs += [top, bottom]
        }
        var suppression = spec("ambiguity", "UISV-ambiguity-suppression", stack, lead == .top ? .height : .width, nil, .notAnAttribute)
        suppression.priority = UILayoutPriority(25)
        specs.append(suppression)
        return specs
    }

    /// What arranged views are placed in: the stack, or its margins guide
    /// when the arrangement is margins-relative (UIKit relates the guide,
    /// `UILayoutGuide:0x…'UIViewLayoutMarginsGuide'.leading == …`).
    private var canvas: LayoutItem {
        stack.isLayoutMarginsRelativeArrangement ? stack.layoutMarginsGuide : stack
    }

    private func spec(_ role: String, _ identifier: String, _ first: LayoutItem, _ firstAttribute: Attribute,
                      _ second: LayoutItem?, _ secondAttribute: Attribute, visual: Bool = false) -> SystemConstraintSpec {
        let key = "UISV.\(role).\(ObjectIdentifier(first).hashValue).\(second.map { ObjectIdentifier($0).hashValue } ?? 0)"
        var spec = SystemConstraintSpec(key: key, kind: .plain, installOn: stack, first: first, firstAttribute: firstAttribute)
        spec.second = second
        spec.secondAttribute = secondAttribute
        spec.identifier = identifier
        spec.prefersVisualFormat = visual
        return spec
    }
}
