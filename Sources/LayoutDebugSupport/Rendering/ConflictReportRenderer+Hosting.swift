// MARK: - Hints for SwiftUI's hosting views

extension ConflictReportRenderer {
    /// The hint for a constraint that places or sizes one of SwiftUI's
    /// hosting views: whose size it is and the levers that change it, in
    /// Apple's words (`sizingOptions`), a priority on the app's side, and the
    /// SwiftUI content's own (`fixedSize`, `frame`). `nil` for other constraints.
    ///
    /// One text per hosting view, so `hints` shows it once.
    static func hostingHint(for c: ConstraintSnapshot, in conflict: ConflictSnapshot) -> String? {
        guard let view = c.firstItem, let kind = HostingViewNames.kind(of: view.className) else { return nil }
        let name = view.bracketed
        let content = conflict.mutuallyExclusive.first {
            $0.className == "NSContentSizeLayoutConstraint" && $0.firstItem == view
        }
        let ideal = content.map {
            " (its content's ideal \($0.firstAttribute.canonical == .width ? "width" : "height") here: "
                + ConstraintSnapshot.number($0.constant) + ")"
        } ?? ""
        switch kind {
        case .uiKit:
            return "\(name) is SwiftUI's: a UIHostingController's view, whose intrinsic content size is its SwiftUI "
                + "content's ideal size\(ideal). Levers: sizingOptions = .intrinsicContentSize (iOS 16+) keeps that "
                + "size current as the content changes, in place of a size of yours; a priority below 1000 on your "
                + "constraint lets SwiftUI's size or the container's win; .fixedSize() or .frame(…) in the SwiftUI "
                + "content changes the size it asks for."
        case .appKit:
            return "\(name) is SwiftUI's NSHostingView: by default (sizingOptions .standardBounds) it makes "
                + "constraints of its content's minimum, ideal and maximum size\(ideal), and as a window's content "
                + "view sets the window's content minimum and maximum. Levers: fewer sizingOptions ([] makes none, "
                + ".intrinsicContentSize only the ideal size); a priority below 1000 on your constraint; "
                + ".frame(minWidth:maxWidth:…) or .fixedSize() in the SwiftUI content."
        }
    }
}
