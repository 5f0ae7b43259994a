// MARK: - EncapsulatedSize

/// What gives a view its `'UIView-Encapsulated-Layout-Width'` and `-Height`:
/// UIKit turns the frame a container sets into these required constraints, on
/// a cell's content view (or the cell), on a view controller's root view (its
/// window, a container view controller or a popover sets it) and on a window's
/// own hosted view.
///
/// Decided from class names alone, so a pasted log (the item's class) and a
/// live conflict (also its superclasses, whether it is a controller's root
/// view and what holds it, `ConflictSurroundings`) are worded alike, each as
/// precisely as it can be.
enum EncapsulatedSize: Equatable, Sendable {
    /// A table view cell or its content view: the table gives the size.
    case tableCell
    /// A collection view cell or its content view.
    case collectionCell
    /// A cell whose container the names do not tell (`App.ProfileCell` in a log).
    case cell
    /// A window (a view that is one).
    case window
    /// A view in a popover.
    case popover
    /// The root view of the named view controller, whose container the
    /// snapshot does not tell (a log; a live view with no superview known).
    case controllerRoot(String)
    /// The root view of a window's root view controller: UIKit documents that
    /// the window sizes it ("configured to track the window size",
    /// `UIWindow.rootViewController`).
    case windowRoot(String)
    /// The root view of a view controller a popover presents: the popover sizes
    /// it, from the controller's `preferredContentSize` (UIKit's documentation of it).
    case popoverRoot(String)
    /// The root view of a child view controller: its container view controller
    /// (a navigation or tab bar controller, or the app's own) sets its frame.
    case childRoot(String, container: String)
    /// Nothing tells: a bare `UIView` in a log.
    case container

    /// Whether a constraint is an encapsulated size (`UIView-Encapsulated-Layout-…`).
    static func isEncapsulated(_ constraint: ConstraintSnapshot) -> Bool {
        constraint.identifier?.hasPrefix("UIView-Encapsulated-Layout-") == true
    }

    /// What gives the view its size.
    ///
    /// - Parameters:
    ///   - className: The view's class, as the report prints it.
    ///   - superclasses: Its superclasses, nearest first (empty from a log).
    ///   - viewController: The view controller whose root view it is, when known.
    init(className: String, superclasses: [String] = [], viewController: String? = nil) {
        let names = [className] + superclasses
        func any(_ test: (String) -> Bool) -> Bool { names.contains(where: test) }
        if any({ $0.hasPrefix("UITableViewCell") }) {
            self = .tableCell
        } else if any({ $0.hasPrefix("UICollectionViewCell") || $0.hasPrefix("_UICollectionViewListCell") }) {
            self = .collectionCell
        } else if any({ $0.hasSuffix("Cell") || $0.hasSuffix("CellContentView") }) {
            self = .cell
        } else if any({ $0.contains("Popover") }) || viewController?.contains("Popover") == true {
            self = .popover
        } else if any({ $0 == "UIWindow" || $0 == "NSWindow" }) {
            self = .window
        } else if let viewController {
            self = .controllerRoot(viewController)
        } else {
            self = .container
        }
    }

    /// What gives `item` its encapsulated size in `conflict`: the live
    /// snapshot of the item (superclasses, controller) when the conflict has
    /// one, else its class alone.
    init(of item: ObjectReference, in conflict: ConflictSnapshot) {
        let view = item.address.flatMap { address in conflict.views.first { $0.reference.address == address } }
        self.init(className: item.className, superclasses: view?.superclassNames ?? [],
                  viewController: view?.viewController)
        if case .controllerRoot(let name) = self, let address = item.address,
           let surroundings = conflict.surroundings {
            self = Self.rootGiver(of: name, chain: surroundings.chain(from: address).dropFirst()) ?? self
        }
    }

    /// Who sizes a controller's root view, from the views above it (nearest
    /// first, up to the next controller's root view): a popover, the window,
    /// or the container view controller whose view holds it.
    static func rootGiver(of name: String, chain: ArraySlice<SurroundingView>) -> EncapsulatedSize? {
        for ancestor in chain {
            let names = ancestor.classNames
            if names.contains(where: { $0.contains("Popover") }) { return .popoverRoot(name) }
            if names.contains(where: { $0 == "UIWindow" || $0 == "NSWindow" }) { return .windowRoot(name) }
            if let container = ancestor.viewController {
                return container.contains("Popover") ? .popoverRoot(name) : .childRoot(name, container: container)
            }
        }
        return nil
    }

    /// The size in words, as it ends a sentence or a fix: "the size its table
    /// view gives the cell", "the window's size".
    var phrase: String {
        switch self {
        case .tableCell: return "the size its table view gives the cell"
        case .collectionCell: return "the size its collection view gives the cell"
        case .cell: return "the size its table or collection view gives the cell"
        case .window: return "the window's size"
        case .popover: return "the size of its popover"
        case .controllerRoot(let name):
            return "the size its window or container (a parent view controller or a popover) gives \(name)'s root view"
        case .windowRoot(let name): return "the size its window gives \(name)'s root view"
        case .popoverRoot(let name): return "the size of the popover that presents \(name)"
        case .childRoot(let name, let container): return "the size \(container), its container, gives \(name)'s root view"
        case .container: return "the size its container gives it"
        }
    }

    /// What to do about it, as a hint's sentence after the phrase.
    var advice: String {
        let lower = "lower the priority of your conflicting constraint to 999 so it gives way while the size is being set."
        switch self {
        case .windowRoot:
            return "The window keeps its root view controller's view at the window's size, so fit your "
                + "constraints to any window size (pin to the root view's edges), or " + lower
        case .popoverRoot(let name):
            return "The popover sizes it from \(name)'s preferredContentSize: set that to the size your "
                + "constraints need, or " + lower
        default:
            return "L" + lower.dropFirst()
        }
    }
}
