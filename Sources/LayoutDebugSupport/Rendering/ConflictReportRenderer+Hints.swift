// MARK: - Hints for system constraints

extension ConflictReportRenderer {
    /// One hint per kind of system constraint present in the conflict, in the
    /// order the constraints appear, without repeats.
    ///
    /// System constraints are the ones users did not write and so do not
    /// recognise; each hint says where the constraint came from and what usually
    /// fixes the conflict.
    ///
    /// - Parameter c: The conflict.
    /// - Returns: Hint sentences, possibly none.
    static func hints(_ c: ConflictSnapshot) -> [String] {
        var seen = Set<String>()
        var hints: [String] = []
        let all = c.mutuallyExclusive + (c.brokenConstraint.map { [$0] } ?? [])
        // A stack view makes several UISV- constraints; one hint names them all.
        var stackIdentifiers: [String: [String]] = [:]
        for constraint in all {
            if let identifier = constraint.identifier, identifier.hasPrefix("UISV-") {
                let stack = stackName(constraint)
                if stackIdentifiers[stack] == nil { hints.append(stack) }
                if !(stackIdentifiers[stack]?.contains(identifier) ?? false) {
                    stackIdentifiers[stack, default: []].append(identifier)
                }
                continue
            }
            // A hosting view's hint (`+Hosting`) comes before the constraint's own, once per view.
            for hint in [hostingHint(for: constraint, in: c), hint(for: constraint, in: c)].compactMap({ $0 })
            where seen.insert(hint).inserted {
                hints.append(hint)
            }
        }
        // Stack hints were held as placeholders (the stack's name) to keep their place.
        let system = ConflictTriage.owner(of: c) == .system
        return hints.map { hint in
            guard let identifiers = stackIdentifiers[hint] else { return hint }
            return stackHint(stack: hint, identifiers: identifiers, system: system)
        }
    }

    /// The stack view a `UISV-` constraint belongs to, as reports name it:
    /// the view it is installed on when known, else an item that is a stack
    /// view. A log's `'UISV-alignment'` ties two arranged subviews and names
    /// no stack view, so the hint then says which views it arranges.
    private static func stackName(_ c: ConstraintSnapshot) -> String {
        if let owner = c.owner { return owner.bracketed }
        let items = [c.firstItem, c.secondItem].compactMap { $0 }
        if let stack = items.first(where: { $0.className.hasSuffix("StackView") }) { return stack.bracketed }
        return "arranging " + (items.first?.bracketed ?? "these views")
    }

    /// The hint for a stack view's constraints; `system` when the stack and
    /// what it arranges are the framework's own (a toolbar's button bar), so
    /// nothing of the app's is there to change.
    static func stackHint(stack: String, identifiers: [String], system: Bool = false) -> String {
        let names = identifiers.map { "'\($0)'" }.joined(separator: ", ")
        let source = names + (identifiers.count == 1 ? " comes" : " come") + " from the stack view " + stack
        if system { return source + ", which UIKit made with the views it arranges: nothing to fix in your code." }
        return source + ": change the stack view's axis, alignment, distribution or spacing, or lower the "
            + "priority of your constraint on the arranged subview."
    }

    /// The hint for one constraint of `conflict`, or `nil` when it is the app's own.
    static func hint(for c: ConstraintSnapshot, in conflict: ConflictSnapshot) -> String? {
        let item = c.firstItem?.bracketed ?? "the view"
        if c.className == "NSAutoresizingMaskLayoutConstraint" {
            // The mask is the framed view's, even where a visual form puts
            // its superview first (`H:[NSView]-(20)-|`).
            let item = c.framedItem?.bracketed ?? item
            let mask = c.autoresizingMask.map { " (\($0))" } ?? ""
            return "\(item) still has translatesAutoresizingMaskIntoConstraints on, so its "
                + "autoresizing mask\(mask) became constraints. Set it to false on \(item) "
                + "if you position it with constraints."
        }
        guard let identifier = c.identifier else {
            if c.className == "NSContentSizeLayoutConstraint", hostingHint(for: c, in: conflict) == nil {
                return "\(item)'s intrinsic content size is in the conflict: change its content "
                    + "hugging or compression resistance priority, or lower your constraint."
            }
            return nil
        }
        if EncapsulatedSize.isEncapsulated(c), let view = c.firstItem {
            let size = EncapsulatedSize(of: view, in: conflict)
            return "'\(identifier)' on \(item) is \(size.phrase). \(size.advice)"
        }
        if identifier.hasPrefix("NSWindow-current-") {
            // AppKit pins the window's content view to the window's size while it is shown.
            return "'\(identifier)' on \(item) is the window's current size, which AppKit keeps, not a "
                + "constraint of yours: resize the window, or lower your constraint's priority so the "
                + "window's size wins."
        }
        if identifier.hasPrefix("UISV-") {
            return stackHint(stack: stackName(c), identifiers: [identifier])
        }
        if identifier.hasPrefix("_UITemporaryLayoutWidth") || identifier.hasPrefix("_UITemporaryLayoutHeight") {
            return "'\(identifier)' is a temporary size UIKit sets on \(item) during setup, "
                + "before the view has its real size; the conflict often goes away after the "
                + "first layout pass. Lower your constraint to 999 if it is only noise."
        }
        return nil
    }

    /// How the header names a view controller: its class, and what a
    /// UIKit-internal one is (so users do not hunt for it in their code).
    static func viewControllerText(_ c: ConflictSnapshot) -> String? {
        guard let name = c.viewController else { return nil }
        guard c.isSystemViewController else { return name }
        return "\(name) (UIKit-internal\(systemControllerKind(name).map { ": " + $0 } ?? ""))"
    }

    /// What a well-known UIKit-internal controller is, from its class name.
    static func systemControllerKind(_ name: String) -> String? {
        let kinds: [(String, String)] = [
            ("Alert", "an alert"), ("ActionSheet", "an action sheet"),
            ("InputWindow", "the keyboard"), ("InputView", "the keyboard"), ("Keyboard", "the keyboard"),
            ("InputAssistant", "the keyboard's assistant bar"),
            ("Navigation", "a navigation controller"), ("TabBar", "a tab bar controller"),
            ("Activity", "a share sheet"), ("Popover", "a popover"),
            ("Search", "a search controller"), ("SplitView", "a split view controller"),
        ]
        return kinds.first { name.contains($0.0) }?.1
    }
}
