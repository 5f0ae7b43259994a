// MARK: - EncapsulatedSize

/// What gives a view its `'UIView-Encapsulated-Layout-Width'` and `-Height`:
/// UIKit turns the frame a container sets into these required constraints, on
/// a cell's content view (or the cell), on a view controller's root view (its
/// window, a container view controller or a popover sets it) and on a window's
/// own hosted view.
///
/// Decided from class names alone, so a pasted log (the item's class) and a
/// live conflict (also its superclasses and whether it is a controller's root
/// view) are worded alike, each as precisely as it can be.
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
    /// The root view of the named view controller.
    case controllerRoot(String)
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
        case .container: return "the size its container gives it"
        }
    }
}
