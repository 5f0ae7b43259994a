// MARK: - ConflictSurroundings

/// Where a live conflict sits in its window: the conflict's views and every
/// view above them, each once, and the nearest view controller of the app's own.
///
/// A log prints no superviews, so only live sources (a breakpoint, the in-app
/// monitor) fill it in; the triage names from it the app's view and view
/// controller a system conflict sits in (`ConflictPlace`), and the explainer
/// what gives a controller's root view its encapsulated size (`EncapsulatedSize`).
struct ConflictSurroundings: Hashable, Sendable {
    /// The conflict's views and their ancestors, each once: the first view's
    /// superview chain up to its window, then each other view's until it
    /// meets a view already listed.
    var views: [SurroundingView]
    /// The nearest view controller of a class of the app's own modules, up the
    /// responder chain from the view holding all the conflict's views; `nil`
    /// when none is (the keyboard's window).
    var appViewController: Optional<String>

    /// Creates surroundings.
    init(views: [SurroundingView], appViewController: String? = nil) {
        self.views = views
        self.appViewController = appViewController
    }

    /// The view at `address`, if listed.
    func view(at address: UInt64) -> SurroundingView? {
        views.first { $0.reference.address == address }
    }

    /// The superview chain from the view at `address` up, the view first;
    /// empty when it is not listed.
    ///
    /// - Complexity: O(depth × views).
    func chain(from address: UInt64) -> [SurroundingView] {
        var chain: [SurroundingView] = []
        var next = view(at: address)
        while let current = next, chain.count < views.count {
            chain.append(current)
            next = current.superview.flatMap(view(at:))
        }
        return chain
    }

    /// The nearest view that is, or holds, every view of `addresses`, and the
    /// views above it, nearest first: where the conflict as a whole sits.
    /// Empty when the views share no ancestor (or none is listed).
    ///
    /// - Complexity: O(addresses × depth × views).
    func commonChain(of addresses: [UInt64]) -> [SurroundingView] {
        guard let first = addresses.first else { return [] }
        var chain = self.chain(from: first)
        for address in addresses.dropFirst() {
            let others = Set(self.chain(from: address).compactMap { $0.reference.address })
            guard let meet = chain.firstIndex(where: { $0.reference.address.map(others.contains) == true }) else { return [] }
            chain.removeFirst(meet)
        }
        return chain
    }
}

// MARK: - SurroundingView

/// One view of a conflict's surroundings: what it is and what holds it.
struct SurroundingView: Hashable, Sendable {
    /// The view, as reports name it.
    var reference: ObjectReference
    /// Its superclasses below the root class, nearest first (an app's
    /// `SettingsToolbar` is a `UIToolbar`).
    var superclassNames: [String]
    /// Its superview's address; `nil` at the top of the hierarchy (a window).
    var superview: Optional<UInt64>
    /// Whether its class is from one of the app's own modules (the executable's
    /// or `LAYOUT_DEBUG_APP_MODULES`'), as the live adapter knows it.
    var isAppClass: Bool
    /// The view controller whose root view it is, when it is one.
    var viewController: Optional<String>

    /// Creates a surrounding view.
    init(reference: ObjectReference, superclassNames: [String] = [], superview: UInt64? = nil,
                isAppClass: Bool = false, viewController: String? = nil) {
        self.reference = reference
        self.superclassNames = superclassNames
        self.superview = superview
        self.isAppClass = isAppClass
        self.viewController = viewController
    }

    /// The class and its superclasses, nearest first.
    var classNames: [String] { [reference.className] + superclassNames }
}
