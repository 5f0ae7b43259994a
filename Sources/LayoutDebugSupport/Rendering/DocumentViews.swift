// MARK: - DocumentViews

/// The views a JSON document names, each described once under `"views"`, in the order first
/// named, and the classes they have under `"classes"` (docs/schema/common.json). Everywhere
/// else the document names a view by its address (`ObjectReference.Named`), so a view that
/// five constraints name is written once, not six times.
///
/// A reference without an address (a log's bare name) is not listed: nothing could find it
/// by address, so it is written whole where it is named.
struct DocumentViews {
    /// The views, in the order first named.
    private(set) var views: [DocumentView] = []
    /// Each view's position in `views`, by address.
    private var positions = AddressTable<Int>()
    /// The classes of the views whose superclasses are known.
    private(set) var classes = ClassTable()

    /// Whether no view is listed.
    var isEmpty: Bool { views.isEmpty }

    /// Lists the view `reference` names, unless it is listed already or has no address.
    mutating func name(_ reference: ObjectReference?) {
        guard let reference, reference.address != nil else { return }
        describe(reference) { _ in }
    }

    /// Lists the items a constraint names: its first and second item, the view it is
    /// installed on and the superview it was made for.
    mutating func name(itemsOf c: ConstraintSnapshot) {
        name(c.firstItem)
        name(c.secondItem)
        name(c.owner)
        name(c.superview)
    }

    /// Lists `reference` when it is not listed yet, then lets `update` add what the document
    /// knows of it. A reference seen again that says more (a name, a property) replaces the
    /// one listed.
    ///
    /// - Parameters:
    ///   - reference: The view; one without an address is not listed.
    ///   - superclassNames: Its superclasses, when known: they go to `classes`.
    ///   - update: Fills the view's other fields.
    mutating func describe(_ reference: ObjectReference, superclassNames: [String]? = nil,
                           _ update: (inout DocumentView) -> Void) {
        guard let address = reference.address else { return }
        if let superclassNames { classes.add(reference.className, superclassNames) }
        if let position = positions.value(for: address) {
            if Self.detail(of: reference) > Self.detail(of: views[position].reference) {
                views[position].reference = reference
            }
            update(&views[position])
            return
        }
        var view = DocumentView(reference)
        update(&view)
        positions.set(views.count, for: address)
        views.append(view)
    }

    /// Adds to the view at `address`, when it is listed; nothing otherwise (a view known by
    /// its address alone has no class to list it with).
    mutating func update(at address: UInt64, _ update: (inout DocumentView) -> Void) {
        guard let position = positions.value(for: address) else { return }
        update(&views[position])
    }

    /// How many of a reference's optional words are known.
    private static func detail(of reference: ObjectReference) -> Int {
        (reference.name == nil ? 0 : 1) + (reference.title == nil ? 0 : 1) + (reference.property == nil ? 0 : 1)
    }
}

// MARK: - DocumentView

/// One view as a document describes it (docs/schema/common.json's `view`): its reference and
/// what the document knows of it, each field left out at its default. Which fields are there
/// depends on the document: a descent report gives depth, layout and constraints; a conflict
/// gives layout, where the view sits in its window and what holds it; most give the
/// reference alone.
struct DocumentView: Encodable {
    /// The view.
    var reference: ObjectReference
    /// Levels below the document's top (the view reported; a conflict's window).
    var depth: Int? = nil
    /// Its superview's address.
    var superview: UInt64? = nil
    /// Its layout (frame, content size, priorities, mask, ambiguity), when the document gives it.
    var layout: ViewSnapshot? = nil
    /// Its frame in its window's coordinates.
    var windowFrame: SnapshotRect? = nil
    /// The view controller whose root view it is.
    var viewController: String? = nil
    /// Whether its class is the app's own.
    var isAppClass = false
    /// The constraints installed on it, written without their owner (this view).
    var constraints: [ConstraintSnapshot] = []
    /// Constraints naming it that are installed above the document's views.
    var ancestorConstraints: [ConstraintSnapshot] = []
    /// Whether a descent left its subviews out.
    var skippedSubviews = false

    /// A view the document knows by its reference alone, so far.
    init(_ reference: ObjectReference) {
        self.reference = reference
    }

    /// A view with its layout: its reference, frame and the rest (`ViewSnapshot`).
    init(_ view: ViewSnapshot) {
        reference = view.reference
        layout = view
        viewController = view.viewController
    }

    private enum CodingKeys: String, CodingKey {
        case address, className, name, title, property, depth, superview, frame, windowFrame
        case intrinsicContentSize, contentMode, hugging, compressionResistance, translatesAutoresizingMask
        case autoresizingMask, hasAmbiguousLayout, ambiguousVariables, isLayoutGuide, isFlipped, viewController
        case isAppClass, constraints, ancestorConstraints, hosting, skippedSubviews
    }

    /// Writes the view's fields in the schema's order, each only when known and not at its
    /// default. `SnapshotJSON` writes a descent's views faster, byte for byte the same.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeAddress(reference.address, forKey: .address)
        try c.encode(reference.className, forKey: .className)
        try c.encodeIfPresent(reference.name, forKey: .name)
        try c.encodeIfPresent(reference.title, forKey: .title)
        try c.encodeIfPresent(reference.property, forKey: .property)
        try c.encodeIfPresent(depth, forKey: .depth)
        try c.encodeAddress(superview, forKey: .superview)
        if let layout { try c.encode(layout.frame, forKey: .frame) }
        try c.encodeIfPresent(windowFrame, forKey: .windowFrame)
        if let layout { try encodeLayout(layout, into: &c) }
        try c.encodeIfPresent(viewController, forKey: .viewController)
        if isAppClass { try c.encode(true, forKey: .isAppClass) }
        if !constraints.isEmpty { try c.encode(constraints.map(ConstraintSnapshot.Installed.init), forKey: .constraints) }
        if !ancestorConstraints.isEmpty { try c.encode(ancestorConstraints, forKey: .ancestorConstraints) }
        try c.encodeIfPresent(layout?.hosting, forKey: .hosting)
        if skippedSubviews { try c.encode(true, forKey: .skippedSubviews) }
    }

    /// The layout's fields after the frames, each when not at its default
    /// (`SnapshotJSON.isDefault…` says which are).
    private func encodeLayout(_ v: ViewSnapshot, into c: inout KeyedEncodingContainer<CodingKeys>) throws {
        if !SnapshotJSON.isNoIntrinsicSize(v.intrinsicContentSize) {
            try c.encode(v.intrinsicContentSize, forKey: .intrinsicContentSize)
        }
        if v.contentMode != SnapshotJSON.defaultContentMode { try c.encode(v.contentMode, forKey: .contentMode) }
        if !SnapshotJSON.isDefaultHugging(v.hugging) { try c.encode(v.hugging, forKey: .hugging) }
        if !SnapshotJSON.isDefaultResistance(v.compressionResistance) {
            try c.encode(v.compressionResistance, forKey: .compressionResistance)
        }
        if v.translatesAutoresizingMask {
            try c.encode(true, forKey: .translatesAutoresizingMask)
            try c.encode(v.autoresizingMask, forKey: .autoresizingMask)
        }
        if v.hasAmbiguousLayout { try c.encode(true, forKey: .hasAmbiguousLayout) }
        if !v.ambiguousVariables.isEmpty { try c.encode(v.ambiguousVariables, forKey: .ambiguousVariables) }
        if v.isLayoutGuide { try c.encode(true, forKey: .isLayoutGuide) }
        try c.encodeIfPresent(v.isFlipped, forKey: .isFlipped)
    }
}

// MARK: - ClassTable

/// Each class a document's views have, once, with its superclasses (`"classes"`): a thousand
/// `UIView`s name `UIResponder` once, not a thousand times.
struct ClassTable: Encodable {
    /// The classes in the order first met.
    private(set) var entries: [(className: String, superclassNames: [String])] = []
    /// The names in `entries`.
    private var known: Set<String> = []

    /// Whether no class is listed.
    var isEmpty: Bool { entries.isEmpty }

    /// Lists `className` with its superclasses, unless it is listed.
    mutating func add(_ className: String, _ superclassNames: [String]) {
        guard known.insert(className).inserted else { return }
        entries.append((className, superclassNames))
    }

    /// Whether `className` is listed.
    func contains(_ className: String) -> Bool { known.contains(className) }

    /// A class name as a key.
    private struct NameKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Writes `{"UIButton": ["UIControl", "UIView", "UIResponder"], …}`.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: NameKey.self)
        for entry in entries { try c.encode(entry.superclassNames, forKey: NameKey(stringValue: entry.className)) }
    }
}
