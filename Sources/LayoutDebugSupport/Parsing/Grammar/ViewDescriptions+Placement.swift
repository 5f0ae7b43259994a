// MARK: - Placing a conflict's views

extension ViewDescriptions {
    /// Fills `conflict.placements` from the descriptions: one placement per
    /// view its constraints name, in order of first mention, each in the
    /// coordinates of its dump's root (the window, or the view the dump was
    /// asked of, taken as the window).
    ///
    /// A view is placed when the log shows every view from it up to a root,
    /// each with a frame. When one of the conflict's views is not, nothing
    /// is placed (a ranking solved around a view left at the origin would
    /// mislead) and `whyNotPlaced` says which and why. A layout guide the
    /// descriptions do not hold is passed over: it is not a view, and the
    /// ranking solves guides from their views. A log that printed no frame
    /// leaves both `nil`.
    func place(_ conflict: inout ConflictSnapshot) {
        guard holdsFrames else { return }
        conflict.placements = nil
        conflict.whyNotPlaced = nil
        var placements: [ViewPlacement] = []
        for view in Self.namedViews(of: conflict) {
            switch placement(of: view) {
            case .placed(let placement):
                placements.append(placement)
            case .notDescribed where Self.isGuide(view):
                continue
            case .notDescribed:
                conflict.whyNotPlaced = "the view descriptions in the log do not include \(Self.name(view))"
                return
            case .notPlaced(let reason):
                conflict.whyNotPlaced = reason
                return
            }
        }
        if placements.isEmpty {
            conflict.whyNotPlaced = "the view descriptions in the log include none of its views"
        } else {
            conflict.placements = placements
        }
    }

    /// What the descriptions say of one view.
    private enum Outcome {
        case placed(ViewPlacement)
        /// No dump and no description names it.
        case notDescribed
        /// Named, but its frame or a superview's is not known: why.
        case notPlaced(String)
    }

    /// The distinct items with an address that the constraints name, in order of first mention.
    private static func namedViews(of conflict: ConflictSnapshot) -> [ObjectReference] {
        var seen: Set<UInt64> = []
        var views: [ObjectReference] = []
        for constraint in [conflict.brokenConstraint].compactMap({ $0 }) + conflict.mutuallyExclusive {
            for item in [constraint.firstItem, constraint.secondItem] {
                guard let item, let address = item.address, seen.insert(address).inserted else { continue }
                views.append(item)
            }
        }
        return views
    }

    private static func isGuide(_ item: ObjectReference) -> Bool {
        item.className.hasSuffix("LayoutGuide") || item.className.hasPrefix("_UILayoutSpacer")
    }

    /// The view's placement, from the chain of superviews up to its dump's root.
    private func placement(of view: ObjectReference) -> Outcome {
        guard let address = view.address else { return .notDescribed }
        guard frames[address] != nil || superviews[address] != nil || roots.contains(address)
                || unknownSuperview.contains(address) else { return .notDescribed }
        let chain: [UInt64]
        switch superviewChain(from: address, named: view) {
        case .success(let found): chain = found
        case .failure(let reason): return .notPlaced(reason.text)
        }
        var framed: [Described] = []
        for member in chain {
            guard let described = frames[member] else {
                return .notPlaced(member == address ? "the log gives no frame for \(Self.name(view))"
                    : "the log gives no frame for \(name(member)), which holds \(Self.name(view))")
            }
            framed.append(described)
        }
        return .placed(Self.placement(of: chain, framed: framed))
    }

    /// A reason a view is not placed, as the report's "Not ranked:" line words it.
    private struct Reason: Error {
        var text: String
    }

    /// The view, its superview, theirs, … up to a dump's root (last).
    private func superviewChain(from address: UInt64, named view: ObjectReference) -> Result<[UInt64], Reason> {
        var chain = [address]
        var seen: Set<UInt64> = [address]
        var current = address
        while let superview = superviews[current] {
            guard seen.insert(superview).inserted else {
                return .failure(Reason(text: "the view descriptions in the log nest \(Self.name(view)) inside itself"))
            }
            chain.append(superview)
            current = superview
        }
        guard roots.contains(current) else {
            return .failure(Reason(text: current == address
                ? "the log does not show which view \(Self.name(view)) is in"
                : "the log does not show which view \(name(current)), which holds \(Self.name(view)), is in"))
        }
        return .success(chain)
    }

    /// The placement of `chain[0]`, from each member's frame (`framed`, in
    /// the same order): each frame carried up through its superviews' origins
    /// less their content offsets (a scroll view's bounds' origin), as
    /// `convert(_:to: nil)` does without transforms.
    private static func placement(of chain: [UInt64], framed: [Described]) -> ViewPlacement {
        let rootFrame = framed[framed.count - 1]
        let window = SnapshotRect(x: 0, y: 0, width: rootFrame.frame.width, height: rootFrame.frame.height)
        guard chain.count > 1 else {
            return ViewPlacement(view: chain[0], frame: window, depth: 0, superview: nil, superviewFrame: window,
                                 window: window)
        }
        // From the root down: where each view's content (its bounds' origin) sits in the window.
        var contentOrigin = (x: -rootFrame.contentOffset.x, y: -rootFrame.contentOffset.y)
        var inWindow = Array(repeating: window, count: chain.count)
        for index in stride(from: chain.count - 2, through: 0, by: -1) {
            let described = framed[index]
            let frame = SnapshotRect(x: contentOrigin.x + described.frame.x, y: contentOrigin.y + described.frame.y,
                                     width: described.frame.width, height: described.frame.height)
            inWindow[index] = frame
            contentOrigin = (frame.x - described.contentOffset.x, frame.y - described.contentOffset.y)
        }
        let superviewIsAView = chain.count > 2
        return ViewPlacement(view: chain[0], frame: inWindow[0], depth: chain.count - 1,
                             superview: superviewIsAView ? chain[1] : nil,
                             superviewFrame: superviewIsAView ? inWindow[1] : window, window: window)
    }

    /// `<UILabel:0x7fd>`, as the reports bracket a view.
    private static func name(_ view: ObjectReference) -> String {
        "<\(view.className)" + (view.address.map { ":0x" + String($0, radix: 16) } ?? "") + ">"
    }

    /// A described view's bracketed name, with its class as described.
    private func name(_ address: UInt64) -> String {
        "<\(classNames[address] ?? "view"):0x\(String(address, radix: 16))>"
    }
}
