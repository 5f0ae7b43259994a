import Cassowary
import Foundation

// MARK: - LayoutVariables

/// The four engine variables of a view or layout guide: `minX`, `minY`,
/// `Width` and `Height`, in the engine host's coordinates.
///
/// Each variable has an id, unique in the process, that `_autolayoutTrace`
/// prints (`minY{id: 50}`).
struct LayoutVariables {
    let minX: Variable
    let minY: Variable
    let width: Variable
    let height: Variable
    /// The id of `minX`; the others follow it: `minY` +1, `Width` +2, `Height` +3.
    let firstID: Int

    nonisolated(unsafe) private static var nextID = 1

    init() {
        minX = Variable("minX")
        minY = Variable("minY")
        width = Variable("Width")
        height = Variable("Height")
        firstID = Self.nextID
        Self.nextID += 4
    }

    /// The variables with their trace names and ids, in order.
    var named: [(name: String, id: Int, variable: Variable)] {
        [("minX", firstID, minX), ("minY", firstID + 1, minY), ("Width", firstID + 2, width), ("Height", firstID + 3, height)]
    }
}

// MARK: - LayoutItem

/// What a constraint can relate: a `UIView` or a `UILayoutGuide`.
@MainActor
protocol LayoutItem: AnyObject {
    /// The item's engine variables.
    var layoutVariables: LayoutVariables { get }
    /// The constraints that name the item; the item's deinit clears itself
    /// out of them. Nonisolated, since deinits are.
    nonisolated var namingConstraints: NamingConstraints { get set }
    /// The view whose coordinates the item's frame is in: a view's superview,
    /// a guide's owning view.
    var layoutParent: UIView? { get }
    /// The view that stands for the item when finding a common ancestor:
    /// the view itself, or a guide's owning view.
    var nearestView: UIView? { get }
    /// The item as a constraint description names it: `UILabel:0x…'Title'`,
    /// or its accessibility identifier when it has one.
    var constraintName: String { get }
    /// The `names:` entry for an item named by its identifier
    /// (`header:0x…`), else `nil`.
    var namesEntry: String? { get }
    /// `Class:0xADDR['title']`, the name used in ambiguity reports.
    var classAndAddress: String { get }
}

// MARK: - Naming

/// Names a runtime class the way UIKit logs do: plain for ReferenceKit's own
/// UIKit classes, `Module.Class` for an app's subclass.
func runtimeClassName(_ object: AnyObject) -> String {
    let full = String(reflecting: type(of: object))
    let prefix = "ReferenceKit."
    return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
}

/// `0x` followed by the lowercase hex address of `object`.
func addressText(_ object: AnyObject) -> String {
    "0x" + String(LiveObjects.address(of: object), radix: 16)
}

/// A title as descriptions print it: in quotes, cut at 25 characters plus `...`.
func quotedTitle(_ text: String) -> String {
    text.count > 25 ? "'\(text.prefix(25))...'" : "'\(text)'"
}

/// A name cut the way UIKit cuts identifiers used as item names.
func truncatedName(_ text: String) -> String {
    text.count > 25 ? "\(text.prefix(25))..." : text
}
