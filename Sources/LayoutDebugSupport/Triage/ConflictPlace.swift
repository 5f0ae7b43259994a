// MARK: - ConflictPlace

/// Where a system conflict sits in the app: the kind of framework container
/// its views are in (a toolbar, the keyboard), and the nearest view and view
/// controller of the app's own above them, so a developer knows which screen
/// shows it (`in a toolbar inside SettingsViewController's <SettingsPanel:0x…>`).
///
/// Worked out from a live conflict's surroundings alone; a log prints no
/// superviews, so a pasted conflict has no place.
struct ConflictPlace: Encodable, Hashable, Sendable {
    /// The framework container the conflict's views sit in, when their
    /// classes tell (`SystemContainer`).
    var container: Optional<SystemContainer>
    /// The nearest view of the app's own class above the conflict's views.
    var appView: Optional<ObjectReference>
    /// The nearest view controller of the app's own, up the responder chain.
    var appViewController: Optional<String>
    /// The place in words, as the owner line ends: `in the keyboard, outside the app's views`.
    var text: String

    /// Creates a place, worded from its parts.
    init(container: SystemContainer?, appView: ObjectReference?, appViewController: String?) {
        self.container = container
        self.appView = appView
        self.appViewController = appViewController
        text = Self.words(container: container, appView: appView, appViewController: appViewController)
    }

    /// The place of a conflict: walking up from the nearest view holding all
    /// its views; `nil` when the conflict has no surroundings (a log).
    ///
    /// - Complexity: O(views × depth × surrounding views).
    static func find(in conflict: ConflictSnapshot) -> ConflictPlace? {
        guard let surroundings = conflict.surroundings, let first = surroundings.views.first else { return nil }
        var addresses = conflict.views.compactMap { $0.reference.address }
        if addresses.isEmpty { addresses = first.reference.address.map { [$0] } ?? [] }
        var chain = surroundings.commonChain(of: addresses)
        if chain.isEmpty { chain = addresses.first.map(surroundings.chain(from:)) ?? [] }
        return ConflictPlace(container: SystemContainer.nearest(in: chain),
                             appView: chain.first(where: \.isAppClass)?.reference,
                             appViewController: surroundings.appViewController)
    }

    /// `in a toolbar inside SettingsViewController's <SettingsPanel:0x…>`,
    /// with each part only when known.
    static func words(container: SystemContainer?, appView: ObjectReference?, appViewController: String?) -> String {
        let inside: String?
        switch (appViewController, appView) {
        case let (controller?, view?): inside = "inside \(controller)'s \(FrameworkClassNames.label(view))"
        case let (controller?, nil): inside = "inside \(controller)'s view"
        case let (nil, view?): inside = "inside the app's \(FrameworkClassNames.label(view))"
        case (nil, nil): inside = nil
        }
        switch (container, inside) {
        case let (container?, inside?): return "in \(container.phrase) \(inside)"
        case let (nil, inside?): return inside
        case let (container?, nil): return "in \(container.phrase), outside the app's views"
        case (nil, nil): return "outside the app's views"
        }
    }
}

// MARK: - JSON

// The app's view by address, as documents name items (`ObjectReference.Named`).
extension ConflictPlace {
    private enum CodingKeys: String, CodingKey { case container, appView, appViewController, text }

    /// Writes `{"container", "appView": "0x…", "appViewController", "text"}`, each when known.
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(container, forKey: .container)
        try c.encodeIfPresent(appView?.named, forKey: .appView)
        try c.encodeIfPresent(appViewController, forKey: .appViewController)
        try c.encode(text, forKey: .text)
    }
}
