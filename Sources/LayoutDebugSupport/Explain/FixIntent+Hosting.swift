// MARK: - Hosting size

extension FixIntent {
    /// A fix that lowers the app's own constraint on SwiftUI's hosting view.
    ///
    /// The hosting view's size is its SwiftUI content's: a `UIHostingController`'s
    /// view gives its content's ideal size as its intrinsic content size, and an
    /// `NSHostingView` makes constraints of its content's minimum, ideal and
    /// maximum size (Apple's `sizingOptions` documentation). So the app's side
    /// is the one to give way: first a constant width or height of the app's
    /// on it (it goes stale when the content changes: woocommerce-ios #9121
    /// moved such a size to `sizingOptions`), then the app's constraint on the
    /// axis where the conflict holds SwiftUI's own size of it (its content
    /// size constraint). A priority on the app's side is the lever `lfix`
    /// can try; the others (`sizingOptions`, `fixedSize`) are the hint's.
    func hostingStanding(_ fix: ConflictExplanation.Fix) -> Standing? {
        guard fix.change != .noAutoresizing else { return nil }
        let c = conflict.mutuallyExclusive[fix.constraintIndex]
        guard !c.isSystemConstraint, let axis = c.firstAttribute.axis else { return nil }
        guard let hosting = [c.firstItem, c.secondItem].compactMap({ $0 })
            .first(where: { HostingConflict.kind(of: $0) != nil }) else { return nil }
        let name = phrases.name(hosting, c)
        let size = axis == .horizontal ? "width" : "height"
        if c.secondItem == nil, c.firstAttribute.canonical.isSize {
            let value = ExplainNumber.text(c.constant)
            let bound = c.relation == .greaterThanOrEqual ? "minimum" : c.relation == .lessThanOrEqual ? "maximum" : "fixed"
            guard HostingConflict.kind(of: hosting) == .uiKit else {
                // No identifier marks an NSHostingView's own size constraints
                // in any public log, so a log cannot tell its from the app's.
                return Standing(evidence: .hostingSize, order: 0,
                                reason: "a \(bound) \(size) \(value) on SwiftUI's \(name) (yours, or one its sizingOptions "
                                    + "made: a log cannot tell them apart) is the one to give way: the content sizes it")
            }
            return Standing(evidence: .hostingSize, order: 0,
                            reason: "SwiftUI sizes \(name) from its content, so your \(bound) \(size) \(value) on it is "
                                + "the one to give way: it goes stale when the content changes (let sizingOptions size it instead)")
        }
        guard let swiftUI = conflict.mutuallyExclusive.first(where: {
            $0.className == "NSContentSizeLayoutConstraint" && $0.firstItem == hosting && $0.firstAttribute.axis == axis
        }) else { return nil }
        // The far edge first, as a transient size's rule has it: the content keeps its top.
        let far: Set<LayoutAttribute> = [.right, .trailing, .rightMargin, .trailingMargin, .bottom, .bottomMargin]
        let isFar = far.contains(c.firstAttribute.canonical) || far.contains(c.secondAttribute.canonical)
        return Standing(evidence: .hostingSize, order: isFar ? 1 : 2,
                        reason: "\(name)'s \(size) \(ExplainNumber.text(swiftUI.constant)) is its SwiftUI content's, "
                            + "so your constraint on it is the one to give way, and the content keeps its size")
    }
}
