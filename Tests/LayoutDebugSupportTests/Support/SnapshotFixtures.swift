@testable import LayoutDebugSupport

// MARK: - Hand-built snapshots shared by the renderer tests

/// Small references with fixed addresses, so expected text can be written by hand.
enum Fixture {
    static let root = ObjectReference(className: "UIView", address: 0x7ff0_a8c0_b290)
    static let button = ObjectReference(className: "UIButton", address: 0x7ff0_a8c0_b180)
    static let header = ObjectReference(className: "UIView", address: 0x6000_0000_1000, name: "HeaderView")
    static let image = ObjectReference(className: "UIImageView", address: 0x1234)

    /// `root.leading == button.trailing + constant`.
    static func leading(_ constant: Double = 8, multiplier: Double = 1) -> ConstraintSnapshot {
        ConstraintSnapshot(firstItem: root, firstAttribute: .leading, secondItem: button,
                           secondAttribute: .trailing, multiplier: multiplier, constant: constant)
    }

    /// `item.width == constant` at `priority`.
    static func width(_ item: ObjectReference, _ constant: Double, priority: Double = 1000,
                      className: String = "NSLayoutConstraint", identifier: String? = nil) -> ConstraintSnapshot {
        ConstraintSnapshot(className: className, identifier: identifier, firstItem: item,
                           firstAttribute: .width, constant: constant, priority: priority)
    }
}
