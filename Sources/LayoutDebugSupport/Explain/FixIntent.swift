// MARK: - IntentEvidence

/// What in a conflict's constraints tells which change the developer meant,
/// strongest first: the order `FixRanking` ranks by before any frame.
enum IntentEvidence: Int, Codable, Hashable, Sendable, Comparable, CaseIterable {
    /// A view's autoresizing mask made constraints beside the app's own on it:
    /// constraints nobody wrote on purpose, so the mask goes.
    case autoresizing
    /// A size the system sets for a moment (an encapsulated size of 0 while a
    /// cell is reused, `_UITemporaryLayout…`): the app's constraint gives way
    /// at 999 while it is set.
    case transientSize
    /// One attribute of one item pinned twice, to other constants or anchors:
    /// one of the two is not meant (often two states of one screen).
    case pinnedTwice
    /// A size of SwiftUI's hosting view, which its content gives: the app's
    /// constraint on that view is the one to give way (`FixIntent+Hosting`).
    case hostingSize
    /// A constant width or height between two pinned edges of the same view:
    /// the edges already give the size, so the constant is the extra one.
    case fixedSize

    static func < (lhs: IntentEvidence, rhs: IntentEvidence) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The evidence in a few words, as the ranking's footer lists it.
    var words: String {
        switch self {
        case .autoresizing: return "an autoresizing mask's constraints beside your own"
        case .transientSize: return "a size the system sets only for a moment"
        case .pinnedTwice: return "one attribute pinned twice"
        case .hostingSize: return "a size SwiftUI gives its hosting view"
        case .fixedSize: return "a fixed size between two pinned edges"
        }
    }

    /// The name JSON gives it.
    var name: String {
        switch self {
        case .autoresizing: return "autoresizing"
        case .transientSize: return "transientSize"
        case .pinnedTwice: return "pinnedTwice"
        case .hostingSize: return "hostingSize"
        case .fixedSize: return "fixedSize"
        }
    }
}

// MARK: - FixIntent

/// The evidence of intent one conflict holds, and what it says of each
/// suggested fix: worked out from the constraints alone, so a pasted log
/// without frames ranks as a live conflict does.
struct FixIntent {
    /// Where the evidence puts one fix.
    struct Standing {
        /// The evidence that names the fix.
        var evidence: IntentEvidence
        /// Its place among the fixes the same evidence names, smaller first.
        var order: Int
        /// Why the fix stands where it does, in one line.
        var reason: String
    }

    let conflict: ConflictSnapshot
    let phrases: ExplanationPhrases
    /// The transient size, when the conflict has one: its index and axis.
    private let transient: (index: Int, axis: LayoutAxis)?
    /// Pairs of the app's constraints that pin one attribute of one item twice.
    private let pairs: [(Int, Int)]

    init(_ conflict: ConflictSnapshot, phrases: ExplanationPhrases) {
        self.conflict = conflict
        self.phrases = phrases
        self.transient = conflict.mutuallyExclusive.indices.lazy.compactMap { index -> (Int, LayoutAxis)? in
            let c = conflict.mutuallyExclusive[index]
            guard Self.isTransientSize(c), let axis = c.firstAttribute.axis else { return nil }
            return (index, axis)
        }.first
        self.pairs = Self.pinnedTwice(conflict.mutuallyExclusive)
    }

    /// Where the strongest evidence puts `fix`; `nil` when no evidence names it.
    func standing(of fix: ConflictExplanation.Fix) -> Standing? {
        guard conflict.mutuallyExclusive.indices.contains(fix.constraintIndex) else { return nil }
        if fix.change == .noAutoresizing { return autoresizing(fix) }
        let found = [transientStanding(fix.constraintIndex), pinnedTwiceStanding(fix.constraintIndex),
                     hostingStanding(fix), fixedSizeStanding(fix.constraintIndex)].compactMap { $0 }
        return found.min { $0.evidence < $1.evidence }
    }

    // MARK: - Autoresizing

    /// Turning the mask off, when the app placed that view with constraints of its own.
    private func autoresizing(_ fix: ConflictExplanation.Fix) -> Standing? {
        let masked = conflict.mutuallyExclusive[fix.constraintIndex]
        guard let view = masked.framedItem else { return nil }
        let own = conflict.mutuallyExclusive.filter { !$0.isSystemConstraint && $0.framedItem == view }
        guard !own.isEmpty else { return nil }
        let made = conflict.mutuallyExclusive.filter {
            $0.className == "NSAutoresizingMaskLayoutConstraint" && $0.framedItem == view
        }.count
        let name = phrases.name(view, masked)
        return Standing(evidence: .autoresizing, order: 0,
                        reason: "\(name)'s autoresizing mask made \(made) of these constraints beside your own on it, "
                            + "and nobody wrote those (SnapKit's snp.makeConstraints on \(name) turns the mask off too)")
    }

    // MARK: - Transient size

    /// A size UIKit sets for a moment: an encapsulated size of 0 (a cell not
    /// sized yet, `ConflictTriage.isTransient`), a `_UITemporaryLayout…`
    /// size, or the 0 a stack view gives an arranged view while it hides it
    /// (`'UISV-hiding'`: mozilla-mobile/prox 9ad8a8d lowered the bottom edge
    /// below it to 999, LoopKit/Loop 9b15943 the height it fought).
    static func isTransientSize(_ c: ConstraintSnapshot) -> Bool {
        ConflictTriage.isTransient(c, identifier: c.identifier) || isHiding(c)
    }

    /// A stack view's `'UISV-hiding'` size of a hidden arranged view.
    static func isHiding(_ c: ConstraintSnapshot) -> Bool {
        c.identifier == "UISV-hiding" && c.secondItem == nil && c.firstAttribute.canonical.isSize
    }

    /// The app's constraint that gives way while the transient size is set:
    /// on its axis, the far edge (bottom, trailing) first, as the cell's
    /// `llint` rule says, then a size, then none.
    private func transientStanding(_ index: Int) -> Standing? {
        guard let transient else { return nil }
        let c = conflict.mutuallyExclusive[index]
        guard !c.isSystemConstraint, c.firstAttribute.axis == transient.axis else { return nil }
        let size = conflict.mutuallyExclusive[transient.index]
        let sized = size.firstItem
        let far: Set<LayoutAttribute> = transient.axis == .horizontal
            ? [.right, .trailing, .rightMargin, .trailingMargin] : [.bottom, .bottomMargin, .lastBaseline]
        let order: Int
        let part: String
        if far.contains(c.firstAttribute.canonical) || far.contains(c.secondAttribute.canonical) {
            let touchesSized = sized != nil && (c.firstItem == sized || c.secondItem == sized)
            order = touchesSized ? 0 : 1
            part = transient.axis == .horizontal ? "trailing edge" : "bottom edge"
        } else if c.secondItem == nil, c.firstAttribute.canonical.isSize {
            order = 2
            part = transient.axis == .horizontal ? "width" : "height"
        } else {
            return nil
        }
        let what = size.identifier.map { "'\($0)'" } ?? phrases.formula(size)
        let item = sized.map { phrases.name($0, size) } ?? "the view"
        let value = ExplainNumber.text(abs(size.constant) < 1e-300 ? 0 : size.constant)
        let until: String, after: String
        if Self.isHiding(size) {
            (until, after) = ("holds \(item) at \(value) only while its stack view hides it", "once it is shown")
        } else if EncapsulatedSize.isEncapsulated(size) {
            until = "(\(sized.map { EncapsulatedSize(of: $0, in: conflict).phrase } ?? "its container's size")) is \(value) "
                + "only until \(item) is sized"
            after = "once the real size is set"
        } else {
            (until, after) = ("holds \(item) at \(value) only until its first layout pass", "once the real size is set")
        }
        return Standing(evidence: .transientSize, order: order,
                        reason: "\(what) \(until): your \(part) gives way at 999 meanwhile, and holds \(after)")
    }

    // MARK: - Pinned twice

    /// The pairs of the app's equalities that pin the same attribute of the
    /// same item, to another constant, multiplier or anchor.
    private static func pinnedTwice(_ constraints: [ConstraintSnapshot]) -> [(Int, Int)] {
        var byPin: [String: [Int]] = [:]
        var order: [String] = []
        for (index, c) in constraints.enumerated() where !c.isSystemConstraint && c.relation == .equal {
            guard let first = c.firstItem, c.firstAttribute.axis != nil else { continue }
            let key = ItemLabels.key(first, constraintIndex: index) + "." + c.firstAttribute.canonical.rawValue
            if byPin[key] == nil { order.append(key) }
            byPin[key, default: []].append(index)
        }
        var pairs: [(Int, Int)] = []
        for key in order {
            let indices = byPin[key]!
            for (position, a) in indices.enumerated() {
                for b in indices[(position + 1)...] where pinsDiffer(constraints[a], constraints[b]) { pairs.append((a, b)) }
            }
        }
        return pairs
    }

    /// Whether two pins of one attribute ask for different things.
    private static func pinsDiffer(_ a: ConstraintSnapshot, _ b: ConstraintSnapshot) -> Bool {
        a.secondItem != b.secondItem || a.secondAttribute.canonical != b.secondAttribute.canonical
            || a.multiplier != b.multiplier || a.constant != b.constant
    }

    /// The attribute the constraint at `index` pins twice (`UILabel.leading`);
    /// `nil` when it is in no such pair.
    func pinnedTwice(_ index: Int) -> String? {
        guard pairs.contains(where: { $0.0 == index || $0.1 == index }) else { return nil }
        let c = conflict.mutuallyExclusive[index]
        return phrases.name(c.firstItem, c) + "." + c.firstAttribute.logSpelling
    }

    /// One of two pins: the older first when origin capture says which was made later (two
    /// states of one screen keep the new one), else both alike, for the developer to choose.
    private func pinnedTwiceStanding(_ index: Int) -> Standing? {
        guard let pair = pairs.first(where: { $0.0 == index || $0.1 == index }) else { return nil }
        let a = conflict.mutuallyExclusive[pair.0], b = conflict.mutuallyExclusive[pair.1]
        let pin = phrases.name(a.firstItem, a) + "." + a.firstAttribute.logSpelling
        // SnapKit's makeConstraints adds and updateConstraints only changes constants: a second
        // state of one attribute is remakeConstraints's job (SnapKit #295, its maintainer).
        let snapKit = [a, b].contains { $0.className.hasPrefix("SnapKit.") || $0.className.hasPrefix("Snap.") || $0.sourceLocation != nil }
        let remake = snapKit ? " (SnapKit: remakeConstraints, not a second makeConstraints or updateConstraints)" : ""
        guard let first = madeOrder(pair.0), let second = madeOrder(pair.1), first != second else {
            return Standing(evidence: .pinnedTwice, order: 0,
                            reason: "\(pin) is pinned twice (\(target(a)) and \(target(b))): keep the one you mean, "
                                + "as nothing here tells which came later; if they are two states of one screen, "
                                + "deactivate the old one before activating the new" + remake)
        }
        let (older, newer) = first < second ? (a, b) : (b, a)
        let isOlder = conflict.mutuallyExclusive[index] == older
        return Standing(evidence: .pinnedTwice, order: isOlder ? 0 : 1,
                        reason: "\(pin) is pinned twice, to \(target(older)) and later to \(target(newer)) (lorigins "
                            + "recorded the order): if they are two states of one screen, deactivate the old one "
                            + "before activating the new" + remake + "; else keep the one you mean")
    }

    /// Where the constraint at `index` stands in the order the app made them, when capture recorded it.
    private func madeOrder(_ index: Int) -> UInt64? {
        guard let order = conflict.madeOrder, order.indices.contains(index) else { return nil }
        return order[index]
    }

    /// What a pin ties its attribute to: `UIView.leading + 50`, `100`.
    private func target(_ c: ConstraintSnapshot) -> String {
        guard let second = c.secondItem, c.secondAttribute != .notAnAttribute else { return ExplainNumber.text(c.constant) }
        var text = (c.multiplier == 1 ? "" : ExplainNumber.text(c.multiplier) + "×")
            + phrases.name(second, c) + "." + c.secondAttribute.logSpelling
        if c.constant != 0 { text += (c.constant < 0 ? " - " : " + ") + ExplainNumber.text(abs(c.constant)) }
        return text
    }

    // MARK: - Fixed size

    /// A constant size of the app's on a view whose two edges on that axis
    /// the conflict pins as well (an edge and the centre also give a size,
    /// but nothing there says which of the three is the extra one).
    private func fixedSizeStanding(_ index: Int) -> Standing? {
        let c = conflict.mutuallyExclusive[index]
        guard !c.isSystemConstraint, c.secondItem == nil, c.relation == .equal, c.firstAttribute.canonical.isSize,
              let view = c.firstItem, let axis = c.firstAttribute.axis else { return nil }
        var sides: Set<Int> = []
        for (other, pin) in conflict.mutuallyExclusive.enumerated() where other != index {
            for (item, attribute) in [(pin.firstItem, pin.firstAttribute), (pin.secondItem, pin.secondAttribute)]
            where item == view && attribute.axis == axis {
                if let side = Self.side(attribute) { sides.insert(side) }
            }
        }
        guard sides.contains(0), sides.contains(1) else { return nil }
        let size = c.firstAttribute.canonical == .width ? "width" : "height"
        let name = phrases.name(view, c)
        return Standing(evidence: .fixedSize, order: 0,
                        reason: "\(name)'s \(size) is fixed at \(ExplainNumber.text(c.constant)) while its edges are "
                            + "pinned too, and they already give it a \(size): the fixed \(size) is the one to give way")
    }

    /// Which part of a view an attribute pins: 0 the near edge, 1 the far
    /// edge, 2 the centre; `nil` for a size or a baseline.
    private static func side(_ attribute: LayoutAttribute) -> Int? {
        switch AttributeGeometry.place(attribute)?.part {
        case .start?: return 0
        case .end?: return 1
        case .center?: return 2
        case .size?, nil: return nil
        }
    }
}
