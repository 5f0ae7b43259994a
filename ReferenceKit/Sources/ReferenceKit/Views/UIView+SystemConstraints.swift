import Foundation

// MARK: - Standard system constraints

extension UIView {
    /// The system constraints every view may have: autoresizing (or, for an
    /// engine host, the encapsulated size its superview imposes), content size,
    /// and the margin and safe-area guides' constraints.
    func standardSystemConstraintSpecs() -> [SystemConstraintSpec] {
        var specs: [SystemConstraintSpec] = []
        if translatesAutoresizingMaskIntoConstraints {
            specs += enrolledEngine?.host === self ? encapsulatedHostSpecs() : autoresizingSpecs()
        }
        specs += contentSizeSpecs()
        if let marginsGuide { specs += guideSpecs(marginsGuide, insets: layoutMargins, marginStyle: true) }
        if let safeAreaGuide { specs += guideSpecs(safeAreaGuide, insets: .zero, marginStyle: false) }
        return specs
    }

    /// `'UIView-Encapsulated-Layout-Width'` and `-Height`: the host's size,
    /// which its window (or whoever set its frame) decides.
    private func encapsulatedHostSpecs() -> [SystemConstraintSpec] {
        [("Width", NSLayoutConstraint.Attribute.width, frame.width), ("Height", .height, frame.height)].map { name, attribute, size in
            var spec = SystemConstraintSpec(key: "encapsulated.\(name)", kind: .plain, installOn: self,
                                            first: self, firstAttribute: attribute)
            spec.constant = size
            spec.identifier = "UIView-Encapsulated-Layout-\(name)"
            return spec
        }
    }

    /// The frame and mask as constraints, one per variable, installed on the
    /// superview. A flexible part grows with the superview in proportion to its
    /// current share of the flexible space, as UIKit's autoresizing does.
    private func autoresizingSpecs() -> [SystemConstraintSpec] {
        guard let parent = superview else { return [] }
        let horizontal = AutoresizingAxis(origin: frame.minX, size: frame.width, parentSize: parent.bounds.width,
                                          flexible: [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin].map(autoresizingMask.contains))
        let vertical = AutoresizingAxis(origin: frame.minY, size: frame.height, parentSize: parent.bounds.height,
                                        flexible: [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin].map(autoresizingMask.contains))
        let rows: [(String, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, (fraction: CGFloat, constant: CGFloat))] = [
            ("minX", .left, .width, horizontal.origins), ("minY", .top, .height, vertical.origins),
            ("width", .width, .width, horizontal.sizes), ("height", .height, .height, vertical.sizes),
        ]
        return rows.map { key, attribute, parentAttribute, line in
            var spec = SystemConstraintSpec(key: "autoresizing.\(key)", kind: .autoresizing(autoresizingMask),
                                            installOn: parent, first: self, firstAttribute: attribute)
            if line.fraction != 0 {
                spec.second = parent
                spec.secondAttribute = parentAttribute
                spec.multiplier = line.fraction
            }
            spec.constant = line.constant
            if !attribute.isSize { spec.locationOrigin = parent }
            return spec
        }
    }

    /// `NSContentSizeLayoutConstraint`s for each axis with an intrinsic metric.
    private func contentSizeSpecs() -> [SystemConstraintSpec] {
        let size = intrinsicContentSize
        let axes: [(NSLayoutConstraint.Axis, NSLayoutConstraint.Attribute, CGFloat)] = [(.horizontal, .width, size.width), (.vertical, .height, size.height)]
        return axes.compactMap { axis, attribute, metric in
            guard metric != UIView.noIntrinsicMetric else { return nil }
            var spec = SystemConstraintSpec(key: "contentSize.\(attribute.name)",
                                            kind: .contentSize(hug: contentHuggingPriority(for: axis),
                                                               resist: contentCompressionResistancePriority(for: axis)),
                                            installOn: self, first: self, firstAttribute: attribute)
            spec.constant = metric
            return spec
        }
    }

    /// The four constraints pinning a guide inside this view: `'UIView-leftMargin-guide-constraint'`
    /// and friends for the margins guide, `'UIViewSafeAreaLayoutGuide-left'` and friends for the safe area.
    private func guideSpecs(_ guide: UILayoutGuide, insets: UIEdgeInsets, marginStyle: Bool) -> [SystemConstraintSpec] {
        let edges: [(String, NSLayoutConstraint.Attribute, CGFloat, Bool)] = [
            ("left", .left, insets.left, true), ("right", .right, insets.right, false),
            ("top", .top, insets.top, true), ("bottom", .bottom, insets.bottom, false),
        ]
        return edges.map { name, attribute, inset, guideFirst in
            let identifier = marginStyle ? "UIView-\(name)Margin-guide-constraint" : "UIViewSafeAreaLayoutGuide-\(name)"
            // Leading edges read `guide.left == view.left + inset`, trailing ones
            // `view.right == guide.right + inset`, so both print as `|-(inset)-[guide]`.
            var spec = SystemConstraintSpec(key: identifier, kind: .plain, installOn: self,
                                            first: guideFirst ? guide : self, firstAttribute: attribute)
            spec.second = guideFirst ? self : guide
            spec.secondAttribute = attribute
            spec.constant = inset
            spec.identifier = identifier
            return spec
        }
    }
}

// MARK: - Springs and struts

extension UIView {
    /// Resizes the subviews that translate their mask after this view's size
    /// was set by hand, as UIKit's autoresizing does, so their autoresizing
    /// constraints keep describing the same springs and struts.
    func resizeSubviews(withOldSize old: CGSize) {
        for subview in subviews where subview.translatesAutoresizingMaskIntoConstraints && !subview.autoresizingMask.isEmpty {
            let mask = subview.autoresizingMask
            let frame = subview.frame
            let horizontal = AutoresizingAxis(origin: frame.minX, size: frame.width, parentSize: old.width,
                                              flexible: [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin].map(mask.contains))
            let vertical = AutoresizingAxis(origin: frame.minY, size: frame.height, parentSize: old.height,
                                            flexible: [.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin].map(mask.contains))
            subview.frame = CGRect(x: horizontal.origins.fraction * bounds.width + horizontal.origins.constant,
                                   y: vertical.origins.fraction * bounds.height + vertical.origins.constant,
                                   width: horizontal.sizes.fraction * bounds.width + horizontal.sizes.constant,
                                   height: vertical.sizes.fraction * bounds.height + vertical.sizes.constant)
        }
    }
}

// MARK: - AutoresizingAxis

/// One axis of an autoresizing mask, turned into two linear rules:
/// `origin = fraction × parentSize + constant` and the same for the size.
struct AutoresizingAxis {
    let origins: (fraction: CGFloat, constant: CGFloat)
    let sizes: (fraction: CGFloat, constant: CGFloat)

    /// - Parameter flexible: whether the leading margin, the size and the trailing margin are flexible.
    init(origin: CGFloat, size: CGFloat, parentSize: CGFloat, flexible: [Bool]) {
        let parts = [origin, size, parentSize - origin - size]
        let flexibleTotal = zip(parts, flexible).filter { $0.1 }.map { max($0.0, 0) }.reduce(0, +)
        let flexibleCount = CGFloat(flexible.filter { $0 }.count)
        let shares: [CGFloat] = zip(parts, flexible).map { part, isFlexible in
            guard isFlexible else { return 0 }
            return flexibleTotal > 0 ? max(part, 0) / flexibleTotal : 1 / flexibleCount
        }
        origins = (shares[0], origin - shares[0] * parentSize)
        sizes = (shares[1], size - shares[1] * parentSize)
    }
}
